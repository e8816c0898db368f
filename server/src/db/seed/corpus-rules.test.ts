import { expect, test } from 'vitest'
import type { CorpusEntry, CorpusFile } from './corpus'
import { corpusCounts, corpusProblems, factProblems } from './corpus-rules'
import type { FactQuestion } from './quiz'

const source = { title: 'A collection of proverbs', url: 'https://example.org/proverbs' }
const entry = (proverb: string, changes: Partial<CorpusEntry> = {}): CorpusEntry => ({
  proverb,
  transliteration: 'A literal rendering.',
  interpretation: 'What the proverb means, said in other words.',
  categories: ['Wisdom'],
  sources: [source],
  ...changes,
})
const file = (language: string, ...proverbs: CorpusEntry[]): CorpusFile => ({ language, proverbs })
const problemsOf = (language: string, ...proverbs: CorpusEntry[]) => corpusProblems([file(language, ...proverbs)]).map((p) => p.problem)

test('well-formed entries in each language’s spelling pass', () => {
  expect(
    corpusProblems([
      file('yoruba', entry('Ilé làbọ̀ sinmi oko.')),
      file('igbo', entry('Onye ajụjụ anaghị efu ụzọ.')),
      file('hausa', entry("Ɗan ƙwarya 'ya'yan ɓera.")),
      file('akan', entry('Ɔkɔtɔ nwo anomaa.')),
      file('kiswahili', entry("Haraka haraka haina baraka; ng'ombe.")),
      file('zulu', entry('Umuntu ngumuntu ngabantu.')),
      file('amharic', entry('ድር ቢያብር አንበሳ ያስር።')),
      file('afan-oromo', entry("Dhugaan ni qallatti malee hin cabdu, ta'ullee.")),
    ]),
  ).toEqual([])
})

test('letters and marks outside a language’s spelling are reported, with what they are', () => {
  expect(problemsOf('yoruba', entry('Ile labo sinmi oko.'))).toEqual(['carries no tone mark or under-dot'])
  expect(problemsOf('yoruba', entry('Ọ̀rọ̀ ẹ̩nu.'))).toEqual(['uses what its spelling does not: U+0329'])
  expect(problemsOf('hausa', entry('Kowa ya ci zomo ya ci gudu, papa.'))).toEqual(['uses what its spelling does not: p'])
  expect(problemsOf('akan', entry('Ɔkɔtɔ nwo anomaa, jaa.'))).toEqual(['uses what its spelling does not: j'])
  expect(problemsOf('kiswahili', entry('Haraka cana baraka.'))).toEqual(['has a c outside ch'])
  expect(problemsOf('afan-oromo', entry('Dhugaan ta’ullee hin cabdu.'))).toEqual([
    'uses what its spelling does not: ’',
    "writes the hudhaa as ’ instead of '",
  ])
})

test('look-alike letters from other scripts and Latin in Ethiopic are caught', () => {
  // A Cyrillic о in "Onye" and a Greek ε written for ɛ.
  expect(problemsOf('igbo', entry('\u041enye ajụjụ anaghị efu ụzọ.'))[0]).toMatch(/look-alike letter/)
  expect(problemsOf('akan', entry('Ɔkɔtɔ nwo anomaa, yε.'))[0]).toMatch(/look-alike letter/)
  expect(problemsOf('amharic', entry('ድር ቢያብር abc።'))[0]).toMatch(/is not all Ethiopic: a b c/)
  expect(problemsOf('zulu', entry('Umuntu ድር.'))).toContain('has Ethiopic in a Latin-script language')
})

test('an entry must be complete and sourced, and its meaning must say more than its rendering', () => {
  expect(problemsOf('zulu', entry('Umuntu ngumuntu ngabantu.', { sources: [] }))).toEqual(['has no source'])
  expect(problemsOf('zulu', entry('Umuntu ngumuntu ngabantu.', { sources: [{ title: 'Zulu Proverbs' }] }))).toEqual([
    'has a book source without author and year: Zulu Proverbs',
  ])
  expect(problemsOf('zulu', entry('Umuntu ngumuntu ngabantu.', { sources: [{ title: 'A page', url: 'ftp://example.org/x' }] }))).toEqual([
    'has a source address that is not a web page: ftp://example.org/x',
  ])
  expect(
    problemsOf('zulu', entry('Umuntu ngumuntu ngabantu.', { sources: [{ title: 'A page', url: 'https://en.wikisource.org./wiki/X' }] })),
  ).toEqual(['has a source address whose host ends with a dot: https://en.wikisource.org./wiki/X'])
  expect(problemsOf('zulu', entry('Umuntu ngumuntu ngabantu.', { interpretation: 'A literal rendering' }))).toEqual([
    'its meaning only repeats its rendering',
  ])
  expect(problemsOf('zulu', entry('Umuntu ngumuntu ngabantu.', { categories: [] }))).toEqual(['needs one to three categories'])
  expect(problemsOf('zulu', entry('Umuntu  ngumuntu.'))).toEqual(['proverb has stray white space or is not NFC'])
  const book = { title: 'Zulu Proverbs', author: 'C. L. S. Nyembezi', year: 1954, locator: 'no. 12' }
  expect(problemsOf('zulu', entry('Umuntu ngumuntu ngabantu.', { sources: [book] }))).toEqual([])
})

test('a proverb repeated within or across languages, tone marks and punctuation aside, is reported once', () => {
  const problems = corpusProblems([
    file('yoruba', entry('Ilé làbọ̀ sinmi oko.'), entry('Ile labọ sinmi oko!')),
    file('igbo', entry('Ilé làbọ̀, sinmi oko')),
  ])
  expect(problems.map((p) => `${p.language}: ${p.problem}`)).toEqual([
    'yoruba: repeats yoruba: “Ilé làbọ̀ sinmi oko.”',
    'igbo: repeats yoruba: “Ilé làbọ̀ sinmi oko.”',
  ])
})

test('counts say how many entries each language has and how many are sourced', () => {
  expect(corpusCounts([file('zulu', entry('Umuntu ngumuntu ngabantu.'), entry('Izandla ziyagezana.', { sources: [] }))])).toEqual([
    { language: 'zulu', proverbs: 2, sourced: 1 },
  ])
})

test('quiz facts need four distinct options, a note and a source, and no question twice', () => {
  const fact = (changes: Partial<FactQuestion> = {}): FactQuestion => ({
    key: 'zulu-clicks',
    question: 'Which letters write the clicks of isiZulu?',
    options: ['c, q and x', 'b, d and g', 'h, l and r', 'p, t and k'],
    correct: 0,
    note: 'The three click sounds are written with the letters c, q and x.',
    sources: [source],
    ...changes,
  })
  expect(factProblems(new Map([['zulu', [fact()]]]))).toEqual([])
  const problems = factProblems(
    new Map([['zulu', [fact({ sources: [], note: '' }), fact({ key: 'akan-x', options: ['a', 'a', 'b', 'c'] })]]]),
  )
  expect(problems.map((p) => p.problem)).toEqual([
    'has no note explaining the answer',
    'has no source',
    'key does not start with "zulu-"',
    'needs four distinct options',
    'asks the same as zulu-clicks',
  ])
})
