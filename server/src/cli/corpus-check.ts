/**
 * `npm run corpus:check [language]`: the corpus's counts per language, how many entries carry a source,
 * and every problem the corpus rules find (orthography, duplicates, missing fields or sources), and the
 * same for the quiz's fact bank.
 * Exits 1 when there is a problem, so it can guard a change to the files.
 */
import { readCorpus } from '../db/seed/corpus'
import { corpusCounts, corpusProblems, factProblems } from '../db/seed/corpus-rules'
import { factBank } from '../db/seed/quiz'

const only = process.argv[2]
const files = readCorpus().filter((f) => !only || f.language === only)
const bank = factBank()
if (only && files.length === 0 && !bank.has(only)) {
  console.error(`No corpus or quiz file for "${only}".`)
  process.exit(2)
}
for (const { language, proverbs, sourced } of corpusCounts(files))
  console.log(`${language.padEnd(11)} ${String(proverbs).padStart(4)} proverbs, ${sourced} sourced`)
for (const [file, questions] of bank)
  if (!only || file === only) console.log(`quiz ${file.padEnd(11)} ${String(questions.length).padStart(4)} facts`)
const problems = [...corpusProblems(readCorpus()), ...factProblems(bank)].filter((p) => !only || p.language === only)
for (const p of problems) console.log(`${p.language}: “${p.proverb}” ${p.problem}`)
console.log(problems.length ? `${problems.length} problem(s)` : 'no problems')
process.exit(problems.length ? 1 : 0)
