/**
 * `npm run corpus:check [language]`: the corpus's counts per language and the share that carries a source, its
 * references by kind (book, archive, Wikisource, …) and how many cite a refused host, what the quiz can make of each
 * people ("how does it end" questions, cousin questions), and every problem the corpus rules find (orthography,
 * duplicates, missing fields or sources, refused hosts, copied meanings), and the same for the quiz's fact bank.
 * Exits 1 when there is a problem, so it can guard a change to the files.
 */
import { proverbSlug, readCorpus } from '../db/seed/corpus'
import { corpusCounts, corpusProblems, factProblems, referenceCounts } from '../db/seed/corpus-rules'
import { memberSlug, readCousins } from '../db/seed/cousins'
import { factBank } from '../db/seed/quiz'
import { splitProverb } from '../features/quiz/compose'

const only = process.argv[2]
const all = readCorpus()
const files = all.filter((f) => !only || f.language === only)
const bank = factBank()
if (only && files.length === 0 && !bank.has(only)) {
  console.error(`No corpus or quiz file for "${only}".`)
  process.exit(2)
}

const clusters = readCousins()
const linked = new Set(clusters.flatMap((c) => c.members.map(memberSlug)))
const counts = corpusCounts(files)
for (const { language, proverbs, sourced } of counts) {
  const entries = files.find((f) => f.language === language)!.proverbs
  const cuts = entries.map((e) => splitProverb(e.proverb)).filter((s) => s !== null)
  const cousins = entries.filter((e) => linked.has(proverbSlug(language, e.proverb.normalize('NFC').trim()))).length
  console.log(
    `${language.padEnd(11)} ${String(proverbs).padStart(4)} proverbs, ${sourced} sourced` +
      ` · "how does it end": ${cuts.filter((s) => s.at === 'clause').length} at a clause, ${cuts.filter((s) => s.at === 'word').length} at a word` +
      ` · ${cousins} with cousins`,
  )
}
const total = counts.reduce((n, c) => n + c.proverbs, 0)
const sourced = counts.reduce((n, c) => n + c.sourced, 0)
console.log(`all         ${String(total).padStart(4)} proverbs, ${total ? ((100 * sourced) / total).toFixed(1) : '0'} % sourced`)
const { kinds, denied } = referenceCounts(files)
console.log(
  `references  ${Object.entries(kinds)
    .map(([kind, n]) => `${kind} ${n}`)
    .join(', ')}; on the deny list or at a bare IP: ${denied}`,
)
if (!only) console.log(`cousins     ${clusters.length} clusters, ${linked.size} proverbs linked`)
for (const [file, questions] of bank)
  if (!only || file === only) console.log(`quiz ${file.padEnd(11)} ${String(questions.length).padStart(4)} facts`)
const problems = [...corpusProblems(all), ...factProblems(bank)].filter((p) => !only || p.language === only)
for (const p of problems) console.log(`${p.language}: “${p.proverb}” ${p.problem}`)
console.log(problems.length ? `${problems.length} problem(s)` : 'no problems')
process.exit(problems.length ? 1 : 0)
