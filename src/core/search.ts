/**
 * Search folding shared by the server (stored columns, queries) and the offline worker: matching
 * ignores tone marks and diacritics, so `owe` finds `òwe`, `ile` finds `ilé` and `ilẹ̀`, `kpo` finds `kpọ`.
 * Ethiopic syllables have no decomposition and are matched as typed.
 */

const LETTER_FOLDS: Record<string, string> = {
  ɛ: 'e', ɔ: 'o', ɓ: 'b', ɗ: 'd', ƙ: 'k', ƴ: 'y', ŋ: 'n', ə: 'e', ß: 'ss',
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

/** The folded English side of a proverb (transliteration and meaning), as the server stores it. */
export function englishKey(proverb: { transliteration: string; interpretation: string }): string {
  return foldForSearch(`${proverb.transliteration} ${proverb.interpretation}`)
}

/**
 * The server's ranking, for the offline worker: undefined when some term is in neither the proverb nor
 * its English; otherwise 0 when every term is a whole word of the proverb, 1 when each starts a word, 2
 * when each is inside the proverb, 3 when the English had to help.
 */
export function searchRank(foldedProverb: string, foldedEnglish: string, terms: readonly string[]): number | undefined {
  if (!terms.every((term) => foldedProverb.includes(term) || foldedEnglish.includes(term))) return undefined
  const padded = ` ${foldedProverb} `
  if (terms.every((term) => padded.includes(` ${term} `))) return 0
  if (terms.every((term) => padded.includes(` ${term}`))) return 1
  if (matchesAllTerms(foldedProverb, terms)) return 2
  return 3
}
