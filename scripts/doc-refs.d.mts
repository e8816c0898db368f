export type DocRefProblem = { file: string; line: number; reference: string; reason: string }
export function slugOf(heading: string): string
export function anchorsOf(markdown: string): Set<string>
export function checkFiles(files: Map<string, string>, exists: (file: string) => boolean): DocRefProblem[]
export function formatProblem(problem: DocRefProblem): string
