import fs from 'node:fs'
import { isIP } from 'node:net'
import { foldForSearch } from '@core/proverbs/search'
import type { LanguageSlug } from '@core/shared/constants'
import type { CorpusEntry, CorpusFile, CorpusSource } from './corpus'
import type { FactQuestion } from './quiz'

/**
 * The checks that keep the corpus honest, shared by its test and `npm run corpus:check`: each language's
 * letters and marks as its standard spelling writes them, no duplicates once tone marks and punctuation
 * are set aside, and every entry complete and sourced. A problem names the entry, so the report is a
 * to-do list.
 */

export type CorpusProblem = { language: string; proverb: string; problem: string }

/** Marks every Latin-script text may carry (punctuation, quotes, the apostrophe) besides its letters. */
const PUNCTUATION = ` ,.;:!?'’‘“”"()–—-…`

type Orthography = {
  /** Base letters (after NFD, lower case) the standard spelling uses. */
  letters: string
  /** Combining marks (after NFD) the standard spelling uses. */
  marks: string
  /** What a proverb must show at least once, when the language always writes it (tone marks, say). */
  required?: { pattern: RegExp; why: string }
  punctuation?: string
}

const DOT_BELOW = '\u0323'
const GRAVE = '\u0300'
const ACUTE = '\u0301'
const MACRON = '\u0304'
const DOT_ABOVE = '\u0307'

export const ORTHOGRAPHY: Record<LanguageSlug, Orthography> = {
  // Standard Yoruba: no c q v x z; ẹ ọ ṣ with the dot below; high and low tones (mid unmarked), on ń and ḿ too.
  yoruba: {
    letters: 'abdefghijklmnoprstuwy',
    marks: DOT_BELOW + GRAVE + ACUTE + MACRON,
    required: { pattern: /[\u0300\u0301\u0323]/u, why: 'carries no tone mark or under-dot' },
  },
  // Standard (Ọnwụ) Igbo: ch gb gh gw kp kw nw ny sh digraphs, ị ọ ụ and ṅ; tones are rarely written.
  igbo: { letters: 'abcdefghijklmnoprstuvwyz', marks: DOT_BELOW + DOT_ABOVE + GRAVE + ACUTE + MACRON },
  // Boko: the hooked ɓ ɗ ƙ ƴ and the apostrophe of 'y and ts'; no p q v x, tones and length unwritten.
  hausa: { letters: 'abɓcdɗefghijkƙlmnorstuwyƴz', marks: '' },
  // Akan (Twi and Fante): ɛ and ɔ; no c j q v x; tones unwritten.
  akan: { letters: 'abdeɛfghiklmnoɔprstuwyz', marks: '' },
  // Kiswahili: plain Latin letters, no q x, c only in ch; ng' with its apostrophe.
  kiswahili: { letters: 'abcdefghijklmnoprstuvwyz', marks: '' },
  // isiZulu: plain Latin letters; c q x are its clicks.
  zulu: { letters: 'abcdefghijklmnopqrstuvwxyz', marks: '' },
  // Amharic is checked by script below.
  amharic: { letters: '', marks: '' },
  // Qubee: the Latin letters with ch dh ny ph sh x (a sound of its own) and the hudhaa apostrophe.
  'afan-oromo': { letters: 'abcdefghijklmnopqrstuvwxyz', marks: '', punctuation: ` ,.;:!?'()–—-…"“”` },
}

/** Ethiopic syllables and the Ethiopic word, comma, colon and full-stop marks; Latin letters never. */
const ETHIOPIC = /^[\u1200-\u137F\u1380-\u139F\u2D80-\u2DDF\s፡።፣፤፥፦፧፨!?«»"“”'’().,:;–—-]+$/u

/** Letters from other scripts that look like Latin ones (Cyrillic о е а, Greek ε ο), and the turned e or reversed c written for ɛ or ɔ. */
const LOOK_ALIKES = /[\u0370-\u03FF\u0400-\u04FF\u018E\u01DD\u2183\u2184]/u

function orthographyProblems(language: LanguageSlug, proverb: string): string[] {
  const problems: string[] = []
  if (proverb !== proverb.normalize('NFC')) problems.push('is not in NFC')
  if (LOOK_ALIKES.test(proverb))
    problems.push(`has a look-alike letter from another script: ${[...proverb].filter((c) => LOOK_ALIKES.test(c)).join(' ')}`)
  if (language === 'amharic') {
    if (!ETHIOPIC.test(proverb)) problems.push(`is not all Ethiopic: ${[...proverb].filter((c) => !ETHIOPIC.test(c)).join(' ')}`)
    if (!/[\u1200-\u137F]/u.test(proverb)) problems.push('has no Ethiopic syllable')
    return problems
  }
  if (/[\u1200-\u139F\u2D80-\u2DDF]/u.test(proverb)) problems.push('has Ethiopic in a Latin-script language')
  const rules = ORTHOGRAPHY[language]
  const punctuation = rules.punctuation ?? PUNCTUATION
  const outside = new Set<string>()
  for (const char of proverb.normalize('NFD').toLowerCase()) {
    if (rules.letters.includes(char) || rules.marks.includes(char) || punctuation.includes(char) || /\p{N}/u.test(char)) continue
    outside.add(
      char.codePointAt(0)! < 0x300 || char.codePointAt(0)! > 0x36f
        ? char
        : `U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`,
    )
  }
  if (outside.size) problems.push(`uses what its spelling does not: ${[...outside].join(' ')}`)
  if (language === 'kiswahili' && /c(?!h)/iu.test(proverb)) problems.push('has a c outside ch')
  if (language === 'afan-oromo' && /’/u.test(proverb)) problems.push("writes the hudhaa as ’ instead of '")
  if (rules.required && !rules.required.pattern.test(proverb.normalize('NFD'))) problems.push(rules.required.why)
  return problems
}

/** A host a reader should not be sent to, and why (`denied-hosts.json`): it and its subdomains are refused. */
export type DeniedHost = { host: string; reason: string }

export const DENIED_HOSTS: DeniedHost[] = JSON.parse(fs.readFileSync(new URL('./denied-hosts.json', import.meta.url), 'utf8'))

/** Why a page's host is refused as a source: a bare IP address, or a host on the deny list (or under one); null when it is not. */
export function deniedHostReason(hostname: string, denied: DeniedHost[] = DENIED_HOSTS): string | null {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '')
  if (isIP(host)) return 'a bare IP address, not a site a reader can recognise'
  const entry = denied.find((d) => host === d.host || host.endsWith(`.${d.host}`))
  return entry ? entry.reason : null
}

export function sourceProblems(sources: CorpusSource[] | undefined, denied: DeniedHost[] = DENIED_HOSTS): string[] {
  if (!Array.isArray(sources) || sources.length === 0) return ['has no source']
  return sources.flatMap((source) => {
    if (!source || typeof source.title !== 'string' || source.title.trim().length < 3) return ['has a source without a title']
    const extra = [
      ...(source.original !== undefined && (typeof source.original !== 'string' || source.original.trim().length < 3)
        ? [`has an empty original spelling: ${source.title}`]
        : []),
      ...(source.explanation !== undefined && (typeof source.explanation !== 'string' || source.explanation.trim().length < 3)
        ? [`has an empty explanation: ${source.title}`]
        : []),
    ]
    if (source.url !== undefined) {
      try {
        const url = new URL(source.url)
        if (url.protocol !== 'https:' && url.protocol !== 'http:') return [`has a source address that is not a web page: ${source.url}`]
        if (url.hostname.endsWith('.')) return [`has a source address whose host ends with a dot: ${source.url}`]
        const reason = deniedHostReason(url.hostname, denied)
        if (reason) return [`cites ${url.hostname}, ${reason}: ${source.url}`, ...extra]
      } catch {
        return [`has a source address that is not a URL: ${source.url}`]
      }
      return extra
    }
    if (!source.author || !source.year) return [`has a book source without author and year: ${source.title}`]
    return extra
  })
}

/**
 * Collections written in an older orthography than the one the corpus uses: an entry citing one shows the
 * modern spelling and keeps the collection's own beside the citation (`original`), so a reader checking the
 * book finds the words and the page says "spelling modernised".
 */
export const OLDER_ORTHOGRAPHIES = ['G. Merrick', 'Enrico Cerulli', 'R. S. Rattray', 'J. G. Christaller']

/** The longest run of words two texts share, tone marks, case and punctuation aside. */
export function sharedWordRun(a: string, b: string): string {
  const words = (text: string) =>
    foldForSearch(text)
      .split(/[^\p{L}\p{N}]+/u)
      .filter(Boolean)
  const [x, y] = [words(a), words(b)]
  let best = { length: 0, end: 0 }
  let previous = new Array<number>(y.length + 1).fill(0)
  for (let i = 1; i <= x.length; i++) {
    const current = new Array<number>(y.length + 1).fill(0)
    for (let j = 1; j <= y.length; j++) {
      if (x[i - 1] !== y[j - 1]) continue
      current[j] = previous[j - 1] + 1
      if (current[j] > best.length) best = { length: current[j], end: i }
    }
    previous = current
  }
  return x.slice(best.end - best.length, best.end).join(' ')
}

/** Words in a row a meaning may share with its source's explanation: a fixed phrase, not a copied sentence. */
export const SHARED_WORDS_MAX = 4

/** What an entry's sources ask of the rest of it: its meaning in our words, and the older spelling kept. */
function entrySourceProblems(entry: CorpusEntry): string[] {
  if (!Array.isArray(entry.sources)) return []
  return entry.sources.flatMap((source) => {
    const problems: string[] = []
    if (typeof source?.explanation === 'string' && typeof entry.interpretation === 'string') {
      const run = sharedWordRun(entry.interpretation, source.explanation)
      if (run.split(' ').length > SHARED_WORDS_MAX) problems.push(`its meaning copies its source's words: “${run}”`)
    }
    // Shown on the page beside the citation: a Greek ε typed for ɛ would be drawn in another font and never found.
    if (typeof source?.original === 'string' && LOOK_ALIKES.test(source.original))
      problems.push(`its source's spelling has a look-alike letter from another script: ${source.original}`)
    if (!source?.url && OLDER_ORTHOGRAPHIES.includes(source?.author ?? '') && !source.original)
      problems.push(`cites ${source.author} (${source.year}), an older spelling, without that spelling as "original"`)
    return problems
  })
}

/** Punctuation and tone marks set aside: what makes two entries one proverb. */
export function sameProverbKey(proverb: string): string {
  return foldForSearch(proverb).replace(/\s+/g, ' ')
}

export function corpusProblems(files: CorpusFile[]): CorpusProblem[] {
  const problems: CorpusProblem[] = []
  const seen = new Map<string, string>()
  for (const { language, proverbs } of files) {
    for (const entry of proverbs) {
      const add = (problem: string) => problems.push({ language, proverb: entry.proverb, problem })
      for (const problem of orthographyProblems(language as LanguageSlug, entry.proverb)) add(problem)
      for (const field of ['proverb', 'transliteration', 'interpretation'] as const) {
        const text = entry[field]
        if (typeof text !== 'string' || text.trim().length < 3) add(`has no ${field}`)
        else if (text !== text.normalize('NFC').trim() || /\s{2,}/.test(text)) add(`${field} has stray white space or is not NFC`)
      }
      if (
        typeof entry.interpretation === 'string' &&
        typeof entry.transliteration === 'string' &&
        sameProverbKey(entry.interpretation) === sameProverbKey(entry.transliteration)
      )
        add('its meaning only repeats its rendering')
      if (!Array.isArray(entry.categories) || entry.categories.length < 1 || entry.categories.length > 3)
        add('needs one to three categories')
      for (const problem of sourceProblems(entry.sources)) add(problem)
      for (const problem of entrySourceProblems(entry)) add(problem)
      const key = sameProverbKey(entry.proverb)
      const first = seen.get(key)
      if (first) add(`repeats ${first}`)
      else seen.set(key, `${language}: “${entry.proverb}”`)
    }
  }
  return problems
}

/** What kind of source a reference is, in the order a reader would trust it (ADR 029). */
export const SOURCE_KINDS = [
  'book',
  'academic or archive',
  'Wikisource or Wikiquote',
  'encyclopedia',
  'community or cultural site',
  'blog',
] as const
export type SourceKind = (typeof SOURCE_KINDS)[number]

// github.com holds the Niger-Volta Language Technologies Institute's Yoruba text corpus, a research dataset.
const ACADEMIC =
  /(^|\.)(edu|ac\.[a-z]{2}|edu\.[a-z]{2})$|^(digi\.ub\.uni-heidelberg\.de|archive\.org|www\.jstor\.org|journals\.[^.]+\..+|github\.com|www\.unesco\.org)$/u
const BLOGS = /(^|\.)(blogspot\.com|wordpress\.com|substack\.com|medium\.com|hive\.blog|steemit\.com)$/u

/** A source address's host, lower case; empty when it is not a URL (the rules report that). */
function hostOf(url: string): string {
  try {
    return new URL(url).hostname.toLowerCase()
  } catch {
    return ''
  }
}

export function sourceKind(source: CorpusSource): SourceKind {
  if (!source.url) return 'book'
  const host = hostOf(source.url)
  if (/(^|\.)(wikisource|wikiquote)\.org$/u.test(host)) return 'Wikisource or Wikiquote'
  if (/(^|\.)wikipedia\.org$/u.test(host)) return 'encyclopedia'
  if (ACADEMIC.test(host)) return 'academic or archive'
  if (BLOGS.test(host)) return 'blog'
  return 'community or cultural site'
}

/** References per kind, and how many cite a refused host (0 when the corpus passes). */
export function referenceCounts(files: CorpusFile[]): { kinds: Record<SourceKind, number>; denied: number } {
  const kinds = Object.fromEntries(SOURCE_KINDS.map((k) => [k, 0])) as Record<SourceKind, number>
  let denied = 0
  for (const { proverbs } of files)
    for (const { sources } of proverbs)
      for (const source of sources ?? []) {
        kinds[sourceKind(source)]++
        if (source.url && hostOf(source.url) && deniedHostReason(hostOf(source.url))) denied++
      }
  return { kinds, denied }
}

/** How many entries each language has, and how many of them carry a source. */
export function corpusCounts(files: CorpusFile[]): { language: string; proverbs: number; sourced: number }[] {
  return files.map(({ language, proverbs }) => ({
    language,
    proverbs: proverbs.length,
    sourced: proverbs.filter((p) => sourceProblems(p.sources).length === 0).length,
  }))
}

/** The fact bank's own checks beyond its shape: every question explains itself and says where its fact is recorded. */
export function factProblems(bank: Map<string, FactQuestion[]>): CorpusProblem[] {
  const problems: CorpusProblem[] = []
  const seen = new Map<string, string>()
  for (const [file, questions] of bank) {
    for (const q of questions) {
      const add = (problem: string) => problems.push({ language: file, proverb: q.key, problem })
      if (!q.key.startsWith(`${file}-`)) add(`key does not start with "${file}-"`)
      if (!q.question.endsWith('?') || q.question.length > 200) add('question must end with ? and be at most 200 characters')
      if (q.options.length !== 4 || new Set(q.options.map((o) => o.trim().toLowerCase())).size !== 4) add('needs four distinct options')
      if (q.options.some((o) => o.trim() === '' || o.length > 80)) add('has an empty option or one over 80 characters')
      if (![0, 1, 2, 3].includes(q.correct)) add('correct must be 0 to 3')
      if (!q.note || q.note.trim().length < 20) add('has no note explaining the answer')
      for (const problem of sourceProblems(q.sources)) add(problem)
      const key = sameProverbKey(q.question)
      if (seen.has(key)) add(`asks the same as ${seen.get(key)}`)
      else seen.set(key, q.key)
      if (seen.has(`key:${q.key}`)) add('key used twice')
      seen.set(`key:${q.key}`, q.key)
    }
  }
  return problems
}
