import fs from 'node:fs'

/** A copy of the build for a benchmark's own server: the app and, beside it, the page renderer (`<dir>-ssr`). */
export function copyBuild(from: string, to: string): void {
  for (const suffix of ['', '-ssr']) {
    fs.rmSync(`${to}${suffix}`, { recursive: true, force: true })
    fs.cpSync(`${from}${suffix}`, `${to}${suffix}`, { recursive: true })
  }
}
