export function startAfterPaint(html: string): { html: string; start: { fileName: string; source: string } | null }
