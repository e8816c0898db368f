/**
 * Search folding shared by the server (stored columns, queries) and the offline worker: matching
 * ignores tone marks and diacritics, so `owe` finds `òwe`, `ile` finds `ilé` and `ilẹ̀`, `kpo` finds `kpọ`.
 * Ethiopic syllables have no decomposition and are matched as typed.
 */

import { formatThousands } from '../shared/format'

const LETTER_FOLDS: Record<string, string> = {
  ɛ: 'e',
  ɔ: 'o',
  ɓ: 'b',
  ɗ: 'd',
  ƙ: 'k',
  ƴ: 'y',
  ŋ: 'n',
  ə: 'e',
  ß: 'ss',
}
const FOLDABLE = new RegExp(`[${Object.keys(LETTER_FOLDS).join('')}]`, 'g')

/** Lower-case, strip combining marks and apostrophes, fold special letters, punctuation to spaces. */
export function foldForSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(FOLDABLE, (ch) => LETTER_FOLDS[ch] ?? ch)
    .replace(/['’ʼ`‘]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
}

/**
 * One character (code point) folded as foldForSearch folds it in a text: '' for a combining mark or an
 * apostrophe, ' ' for punctuation and spaces (the highlighter maps matches back to the original with it).
 */
export function foldCharacter(char: string): string {
  return char
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/\p{M}/gu, '')
    .replace(FOLDABLE, (ch) => LETTER_FOLDS[ch] ?? ch)
    .replace(/['’ʼ`‘]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
}

/** The words of a query, folded; empty when the query has nothing searchable. */
export function searchTerms(query: string): string[] {
  const folded = foldForSearch(query)
  return folded ? folded.split(' ') : []
}

/** Proverbs whose texts differ only in tone marks share this key. */
export function toneKey(proverb: string): string {
  return foldForSearch(proverb)
}

/** Does folded haystack text contain every term? (the offline worker's matcher) */
export function matchesAllTerms(foldedText: string, terms: readonly string[]): boolean {
  return terms.every((term) => foldedText.includes(term))
}

/** Combining marks (tones, dots below, diacritics): the code point ranges a tone-exact search reads as marks. */
const MARK_RANGES: readonly (readonly [number, number])[] = [
  [0x0300, 0x036f],
  [0x1ab0, 0x1aff],
  [0x1dc0, 0x1dff],
  [0x20d0, 0x20ff],
  [0xfe20, 0xfe2f],
]
const isMark = (code: number) => MARK_RANGES.some(([from, to]) => code >= from && code <= to)
const hex = (code: number) => `\\u${code.toString(16).padStart(4, '0')}`
/** The same ranges as a regular expression's character class contents, for the server's (PostgreSQL's has no \p{M}). */
export const COMBINING_MARKS = MARK_RANGES.map(([from, to]) => `${hex(from)}-${hex(to)}`).join('')

/** A text as a tone-exact search reads it: decomposed (marks kept, each after its letter), lower case, no apostrophes. */
export function markedForm(text: string): string {
  return text
    .normalize('NFD')
    .toLowerCase()
    .replace(/['’ʼ`‘]/g, '')
    .replace(/\s+/g, ' ')
}

/**
 * The words of a query that carry marks, in marked form: a reader who typed "ọkọ̀" (boat) wants it before "ọkọ"
 * (husband) and "ọkọ́" (hoe). Empty for a bare query, which keeps the tone-blind ranking alone.
 */
export function markedTerms(query: string): string[] {
  return markedForm(query)
    .split(/[^\p{L}\p{M}\p{N}]+/u)
    .filter((word) => [...word].some((char) => isMark(char.charCodeAt(0))))
}

/**
 * Does a text (in marked form) hold every marked term with exactly its marks? A term followed by further marks is
 * another letter ("ọkọ" is not in "ọkọ́"); where it sits in a word does not matter, as in the tone-blind match.
 */
export function holdsExactly(markedText: string, terms: readonly string[]): boolean {
  return terms.every((term) => {
    for (let at = markedText.indexOf(term); at !== -1; at = markedText.indexOf(term, at + 1)) {
      const next = at + term.length
      if (next === markedText.length || !isMark(markedText.charCodeAt(next))) return true
    }
    return false
  })
}

/** The folded English side of a proverb (transliteration and meaning), as the server stores it. */
export function englishKey(proverb: { transliteration: string; interpretation: string }): string {
  return foldForSearch(`${proverb.transliteration} ${proverb.interpretation}`)
}

/**
 * The ranking of search, on the device and on the server (src/core/proverbs/search-index.ts topEntries): undefined
 * when some term is in neither the proverb nor its English; otherwise 0 when every term is a whole word
 * of the proverb, 1 when each is a whole word of the proverb or its English, 2 when each starts a word
 * of either, 3 when some term only sits inside a word. So "water" finds a proverb whose English says
 * "water" before one that has the letters inside another word. A query with marks puts the proverbs holding its marked
 * words exactly (holdsExactly) before the rest, each part ranked so: `TONE_MISS` is added to the others' rank.
 */
export function searchRank(foldedProverb: string, foldedEnglish: string, terms: readonly string[]): number | undefined {
  let rank = 0
  for (const term of terms) {
    const inProverb = placeOf(foldedProverb, term)
    if (inProverb === WHOLE) continue
    const place = Math.min(inProverb, placeOf(foldedEnglish, term))
    if (place === ABSENT) return undefined
    rank = Math.max(rank, place === WHOLE ? 1 : place === START ? 2 : 3)
  }
  return rank
}

/** Added to the rank of a proverb that does not hold a marked query's words exactly: they come after all that do. */
export const TONE_MISS = 4

const WHOLE = 0
const START = 1
const INSIDE = 2
const ABSENT = 3
const SPACE = 32

/**
 * Where a term sits in folded text (single spaces between words): a whole word, the start of one, inside one, or
 * nowhere. Read in place, as the device ranks every proverb it holds for each search.
 */
function placeOf(text: string, term: string): number {
  let place = ABSENT
  for (let at = text.indexOf(term); at !== -1; at = text.indexOf(term, at + 1)) {
    if (at > 0 && text.charCodeAt(at - 1) !== SPACE) {
      if (place === ABSENT) place = INSIDE
      continue
    }
    const end = at + term.length
    if (end === text.length || text.charCodeAt(end) === SPACE) return WHOLE
    place = START
  }
  return place
}

/** What a device holds of the people searched (`name`), or of every people when `name` is null. */
export type DeviceHolding = { held: number; total: number | null; name: string | null }

/** "21 of 57 Yoruba proverbs are on this device" (without the people's count: "21 Yoruba proverbs …"). */
export function onDeviceText({ held, total, name }: DeviceHolding): string {
  const people = name ? `${name} ` : ''
  const verb = held === 1 ? 'is' : 'are'
  if (total === null) return `${formatThousands(held)} ${people}${held === 1 ? 'proverb' : 'proverbs'} ${verb} on this device`
  return `${formatThousands(held)} of ${formatThousands(total)} ${people}proverbs ${verb} on this device`
}

/** Offline, nothing stored fits: "No saved proverbs match 'zzz' — 21 of 57 Yoruba proverbs are on this device". */
export function noSavedMatchText(query: string, holding: DeviceHolding): string {
  return `${query ? `No saved proverbs match '${query}'` : 'No saved proverbs to show'} — ${onDeviceText(holding)}`
}

/** Offline, results from the device: they are not all there are. */
export function savedOnlyText(holding: DeviceHolding): string {
  return `Offline, only saved proverbs are shown — ${onDeviceText(holding)}.`
}
