// `npm test`, after the build: the first page's script within its budget (gzip) and its styles in one inlined
// <style> (README, "Styles live with what they style"). On failure, names the modules to look at.
// Usage: node scripts/check-first-page.mjs [built folder, dist by default]
import path from 'node:path'
import { checkBuild, FIRST_PAGE_SCRIPT_BUDGET } from './first-page.mjs'

const dir = path.resolve(process.argv[2] ?? 'dist')
const { total, styles, problems } = checkBuild(dir)
if (problems.length) {
  for (const problem of problems) console.error(`\n${problem}`)
  process.exit(1)
}
const kb = (n) => (n / 1024).toFixed(1)
console.log(`first page: ${kb(total)} KB of script (gzip; budget ${kb(FIRST_PAGE_SCRIPT_BUDGET)} KB), ${styles} inlined stylesheet`)
