import { expect, test } from 'vitest'
import type { CorpusEntry, CorpusFile } from './corpus'
import { corpusCounts, corpusProblems, DENIED_HOSTS, deniedHostReason, factProblems, referenceCounts, sharedWordRun } from './corpus-rules'
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

test('a source at a bare IP address or on a denied host is refused, with the list’s reason; its subdomains too', () => {
  const at = (url: string) => problemsOf('zulu', entry('Umuntu ngumuntu ngabantu.', { sources: [{ title: 'A page', url }] }))
  expect(at('http://13.36.53.210/akan-proverbs/')).toEqual([
    'cites 13.36.53.210, a bare IP address, not a site a reader can recognise: http://13.36.53.210/akan-proverbs/',
  ])
  expect(at('http://[2001:db8::1]/x')[0]).toMatch(/^cites \[2001:db8::1\], a bare IP address/)
  expect(at('https://www.scribd.com/document/1/Proverbs')).toEqual([
    'cites www.scribd.com, anonymous document uploads: cite the book or article uploaded: https://www.scribd.com/document/1/Proverbs',
  ])
  expect(at('https://fr.scribd.com/document/1')[0]).toMatch(/^cites fr\.scribd\.com, anonymous document uploads/)
  // A host that merely ends with a denied name is not under it.
  expect(at('https://notscribd.com/x')).toEqual([])
  expect(at('https://en.wikisource.org/wiki/Page:Hausa_Proverbs.djvu/59')).toEqual([])
  // Every entry of the list says why, so the list explains itself.
  for (const { host, reason } of DENIED_HOSTS) {
    expect(host).toMatch(/^[a-z0-9.-]+\.[a-z]+$/)
    expect(reason.length, host).toBeGreaterThan(10)
    expect(deniedHostReason(host), host).toBe(reason)
  }
})

test('references are counted by the kind of source, in the order a reader would trust them, with the refused ones', () => {
  const at = (url: string) => ({ title: 'A page', url })
  const counts = referenceCounts([
    file(
      'hausa',
      entry('Ɗan ƙwarya.', {
        sources: [
          { title: 'Hausa Proverbs', author: 'G. Merrick', year: 1905, original: 'Dan kwarya' },
          at('https://en.wikisource.org/wiki/Page:Hausa_Proverbs.djvu/59'),
          at('https://www.bu.edu/africa/alp/hausa'),
          at('https://en.wikipedia.org/wiki/Hausa_people'),
          at('https://someone.blogspot.com/2020/01/karin-magana.html'),
          at('https://www.zikoko.com/life/15-hausa-proverbs'),
          at('https://www.scribd.com/document/1'),
          at('not an address'),
        ],
      }),
    ),
  ])
  expect(counts).toEqual({
    kinds: {
      book: 1,
      'academic or archive': 1,
      'Wikisource or Wikiquote': 1,
      encyclopedia: 1,
      'community or cultural site': 3,
      blog: 1,
    },
    denied: 1,
  })
})

test('a meaning that copies a run of its source’s explanation is reported, with the words; a few shared words are not', () => {
  const merrick = {
    title: 'Wikisource — Page:Hausa Proverbs.djvu/30',
    url: 'https://en.wikisource.org/wiki/Page:Hausa_Proverbs.djvu/30',
    explanation: 'Better a fool than nothing at all; half a loaf is better than no bread.',
  }
  expect(
    problemsOf(
      'hausa',
      entry('Da babu wawa, gara da wawa.', { interpretation: 'Half a loaf is better than no bread, they say.', sources: [merrick] }),
    ),
  ).toEqual(["its meaning copies its source's words: “half a loaf is better than no bread”"])
  expect(
    problemsOf(
      'hausa',
      entry('Da babu wawa, gara da wawa.', {
        interpretation: 'Take what little help there is rather than go without.',
        sources: [merrick],
      }),
    ),
  ).toEqual([])
  expect(sharedWordRun('Swallow your anger, then.', 'swallow YOUR anger')).toBe('swallow your anger')
  expect(sharedWordRun('Ọ̀rọ̀ ẹnu', 'oro enu')).toBe('oro enu')
})

test('an entry citing a collection in an older spelling keeps that spelling, and an empty explanation or original is refused', () => {
  const book = { title: 'Hausa Proverbs', author: 'G. Merrick', year: 1905, locator: 'no. 246' }
  expect(problemsOf('hausa', entry('Samun kai ya fi samun fula.', { sources: [book] }))).toEqual([
    'cites G. Merrick (1905), an older spelling, without that spelling as "original"',
  ])
  expect(
    problemsOf('hausa', entry('Samun kai ya fi samun fula.', { sources: [{ ...book, original: "Samu'n kai ya fi samu'n fula" }] })),
  ).toEqual([])
  expect(problemsOf('hausa', entry('Samun kai ya fi samun fula.', { sources: [{ ...book, original: ' ' }] }))).toEqual([
    'has an empty original spelling: Hausa Proverbs',
  ])
  expect(
    problemsOf('akan', entry('Adeɛ nyinaa dan osuahunu.', { sources: [{ ...source, original: 'Adeε nyinaa dan osuahunu' }] })),
  ).toEqual(["its source's spelling has a look-alike letter from another script: Adeε nyinaa dan osuahunu"])
  expect(problemsOf('zulu', entry('Izandla ziyagezana.', { sources: [{ ...source, explanation: '' }] }))).toEqual([
    'has an empty explanation: A collection of proverbs',
  ])
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
