import { foldForSearch } from '@core/proverbs/search'
import type { LanguageSlug } from '@core/shared/constants'
import type { CorpusFile, CorpusSource } from './corpus'
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

export function sourceProblems(sources: CorpusSource[] | undefined): string[] {
  if (!Array.isArray(sources) || sources.length === 0) return ['has no source']
  return sources.flatMap((source) => {
    if (!source || typeof source.title !== 'string' || source.title.trim().length < 3) return ['has a source without a title']
    if (source.url !== undefined) {
      try {
        const url = new URL(source.url)
        if (url.protocol !== 'https:' && url.protocol !== 'http:') return [`has a source address that is not a web page: ${source.url}`]
        if (url.hostname.endsWith('.')) return [`has a source address whose host ends with a dot: ${source.url}`]
      } catch {
        return [`has a source address that is not a URL: ${source.url}`]
      }
      return []
    }
    if (!source.author || !source.year) return [`has a book source without author and year: ${source.title}`]
    return []
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
      const key = sameProverbKey(entry.proverb)
      const first = seen.get(key)
      if (first) add(`repeats ${first}`)
      else seen.set(key, `${language}: “${entry.proverb}”`)
    }
  }
  return problems
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
