export function startAfterPaint(html: string, pageModuleMeta: string): { html: string; start: { fileName: string; source: string } | null }
