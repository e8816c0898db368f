export const FIRST_PAGE_SCRIPT_BUDGET: number
export const CHUNK_REPORT: string
/** Each chunk of a build (by file name): its modules, with their rendered bytes, and the stylesheets it brings. */
export type ChunkReport = Record<string, { modules: { id: string; bytes: number }[]; css: string[] }>
export function relativeId(root: string, id: string): string
export function gzipBytes(source: string | Uint8Array): number
export function firstPageScripts(html: string, read: (file: string) => string | Uint8Array): string[]
export function inlinedStyles(html: string): string[]
export type FirstPage = {
  files: { file: string; gzip: number }[]
  total: number
  modules: { id: string; bytes: number; file: string }[]
  styles: number
  problems: string[]
}
export function checkFirstPage(build: {
  html: string
  read: (file: string) => string | Uint8Array
  chunks: ChunkReport
  budget?: number
  largest?: number
}): FirstPage
export function checkBuild(dir: string, budget?: number): FirstPage
