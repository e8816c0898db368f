/**
 * Search folding shared by the server (stored columns, queries) and the offline worker: matching
 * ignores tone marks and diacritics, so `owe` finds `òwe`, `ile` finds `ilé` and `ilẹ̀`, `kpo` finds `kpọ`.
 * Ethiopic syllables have no decomposition and are matched as typed.
 */
/** Lower-case, strip combining marks and apostrophes, fold special letters, punctuation to spaces. */
export declare function foldForSearch(text: string): string;
/** The words of a query, folded; empty when the query has nothing searchable. */
export declare function searchTerms(query: string): string[];
/** Proverbs whose texts differ only in tone marks share this key. */
export declare function toneKey(proverb: string): string;
/** Does folded haystack text contain every term? (the offline worker's matcher) */
export declare function matchesAllTerms(foldedText: string, terms: readonly string[]): boolean;
