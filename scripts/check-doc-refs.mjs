// `npm run lint` runs this: every reference to a Markdown document in the repository's text files must lead
// to a file it holds (and an anchor to a heading there), nothing may point at documents it does not hold,
// and every decision record carries its status and date. Prints each problem as file:line and exits 1 when
// there is one.
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import { checkFiles, formatProblem } from './doc-refs.mjs'

const SCANNED = /\.(?:ts|tsx|js|mjs|md|css|json|yml)$|^\.ci\/run$/
// The test holds bad references on purpose; the lockfile is npm's; the seed data quotes the titles of other
// works (a source may be a file in someone else's repository).
const EXAMPLES = new Set(['scripts/doc-refs.test.ts', 'package-lock.json'])
const DATA = /^server\/src\/db\/seed\/.*\.json$/

// Tracked files and new ones not yet added (ignored build output stays out).
const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], { encoding: 'utf8' })
  .split('\0')
  .filter((file) => file !== '' && fs.existsSync(file))
const held = new Set(listed)
const files = new Map(
  listed
    .filter((file) => SCANNED.test(file) && !EXAMPLES.has(file) && !DATA.test(file))
    .map((file) => [file, fs.readFileSync(file, 'utf8')]),
)

const problems = checkFiles(files, (file) => held.has(file))
for (const problem of problems) console.error(formatProblem(problem))
if (problems.length > 0) {
  console.error(`\n${problems.length} reference(s) to documents the repository does not hold, or records without a status.`)
  process.exit(1)
}
console.log(`Document references: ${files.size} files checked, all lead somewhere; every decision record has its status.`)
