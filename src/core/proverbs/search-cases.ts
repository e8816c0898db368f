/**
 * One table of search cases for the one ranking the device and the server share (searchRank in ./search.ts, ordered by
 * ./search-index.ts), each over what it holds: the device's stored entries, the server's index made from its database
 * (server/src/services/corpus-search.ts). A unit test runs every case through the device's search and an API test
 * through the real search route on a fresh database; both expect the same order from this table, so the paths to it
 * (storing, indexing, folding) cannot drift apart.
 *
 * The proverbs are test entries (the seeded corpus does not hold these exact texts). Results are compared
 * among these proverbs only, in the order written: with a query typed with marks, the proverbs holding its marked words
 * exactly first; then by rank (whole words of the proverb, whole words of any field, word starts, inside words), then
 * tone key, then the order in which they are added here.
 */

export type SearchCaseProverb = {
  /** How the cases name it. */
  key: string
  /** The people's slug (one of the seeded groups). */
  group: string
  proverb: string
  transliteration: string
  interpretation: string
}

export const SEARCH_CASE_PROVERBS: readonly SearchCaseProverb[] = [
  {
    key: 'kwaterekwa',
    group: 'akan',
    proverb: 'Kwaterekwa se ɔbɛma wo ntoma a, tie ne din',
    transliteration: 'When a naked man says he will give you cloth, listen to his name.',
    interpretation: 'Judge a promise by the one making it.',
  },
  {
    key: 'nkoko',
    group: 'akan',
    proverb: 'Nkoko nom nsuo a, ɔde kyerɛ Onyankopɔn',
    transliteration: 'When the fowl drinks water, it shows it to God.',
    interpretation: 'Give thanks for what you are given.',
  },
  {
    key: 'igi',
    group: 'yoruba',
    proverb: 'Igi tí a bá ń bomirin ni yóò so',
    transliteration: 'The tree that is watered is the one that bears fruit.',
    interpretation: 'What you tend grows.',
  },
  {
    key: 'omo',
    group: 'yoruba',
    proverb: 'Ọmọ tí a kò kọ́ ni yóò gbé ilé tí a kọ́ tà',
    transliteration: 'The child who is not taught will sell the house that was built.',
    interpretation: 'Teach children, or lose what you built for them.',
  },
  {
    key: 'omode',
    group: 'yoruba',
    proverb: 'Ọmọdé gbọ́n, àgbà gbọ́n',
    transliteration: 'The young are wise, the old are wise.',
    interpretation: 'Wisdom is shared across the ages.',
  },
  {
    key: 'atomodomo',
    group: 'yoruba',
    proverb: 'Àtọmọdọ́mọ ni ilé ń gbé',
    transliteration: 'A house stands by its generations.',
    interpretation: 'Families last by what each passes on for tomorrow.',
  },
  // Two texts that differ only in tone marks: one tone key, so they sit side by side (in the order added).
  {
    key: 'oko-hoe',
    group: 'yoruba',
    proverb: 'Ọkọ́ ni ọ̀kọ̀ oko',
    transliteration: 'A hoe is a spear on the farm.',
    interpretation: 'One tool serves two ends.',
  },
  {
    key: 'oko-husband',
    group: 'yoruba',
    proverb: 'Ọkọ ni ọkọ̀ oko',
    transliteration: 'A husband is the boat of the farm.',
    interpretation: 'He carries the household.',
  },
  // Tone keys where a space meets a letter: by code point "pole pole" comes before "polepole", as on the
  // device; a collation that skips spaces would put "polepole hufika" first.
  {
    key: 'pole-pole',
    group: 'kiswahili',
    proverb: 'Pole pole ndio mwendo wa kobe',
    transliteration: "Slowly, slowly is the tortoise's pace.",
    interpretation: 'Steady going gets there.',
  },
  {
    key: 'polepole',
    group: 'kiswahili',
    proverb: 'Polepole hufika mbali',
    transliteration: 'Slowly one goes far.',
    interpretation: 'Patience covers distance.',
  },
  // A letter the folding keeps (ʋ, as an admin may type it): tone keys compare by code point, so "zɔ"
  // comes before "ʋu" as on the device; a language's collation would put ʋ next to v.
  {
    key: 'drum-z',
    group: 'akan',
    proverb: 'Zɔ nyaa na twene bɛka',
    transliteration: 'Walk with care and the drum will speak.',
    interpretation: 'Patience is heard in the end.',
  },
  {
    key: 'drum-v',
    group: 'akan',
    proverb: 'Ʋu kɛseɛ mu na ɛyɛ dɛ',
    transliteration: 'The big drum is the sweetest.',
    interpretation: 'What is great carries far.',
  },
]

export type SearchCase = {
  /** What the reader types. */
  query: string
  /** The proverbs found, by key, in the order they are shown. */
  expected: readonly string[]
  /** Why the order is what it is. */
  why: string
}

export const SEARCH_CASES: readonly SearchCase[] = [
  {
    query: 'water',
    expected: ['nkoko', 'igi', 'kwaterekwa'],
    why: 'a whole word of the English, then a word start ("watered"), then inside a word ("Kwaterekwa")',
  },
  { query: 'WATER', expected: ['nkoko', 'igi', 'kwaterekwa'], why: 'case does not matter' },
  {
    query: 'omo',
    expected: ['omo', 'omode', 'atomodomo'],
    why: 'plain letters find ọmọ: a whole word of the proverb, then a word start, then inside words',
  },
  { query: 'Ọ̀MỌ', expected: ['omo', 'omode', 'atomodomo'], why: 'tone marks and case in the query are folded away too' },
  { query: 'ile', expected: ['atomodomo', 'omo'], why: 'both have ilé as a whole word: the tone key decides' },
  {
    query: 'oko',
    expected: ['oko-hoe', 'oko-husband', 'nkoko'],
    why: 'texts differing only in tone marks share a rank and a tone key, then keep the order added; "Nkoko" holds it inside',
  },
  { query: 'ọkọ́ oko', expected: ['oko-hoe', 'oko-husband', 'nkoko'], why: 'a two-word query folds each word' },
  {
    query: 'ọkọ̀',
    expected: ['oko-husband', 'oko-hoe', 'nkoko'],
    why: 'typed with tones: the proverb holding "ọkọ̀" (boat) exactly comes first; "ọ̀kọ̀" (spear) and "ọkọ́" (hoe) are other words',
  },
  {
    query: 'ọkọ',
    expected: ['oko-husband', 'oko-hoe', 'nkoko'],
    why: 'marks typed without a tone mark are exact too: "ọkọ" (husband) is held where no tone follows it, not in "ọkọ́"',
  },
  { query: 'Ọkọ́', expected: ['oko-hoe', 'oko-husband', 'nkoko'], why: 'an exact match ignores case: "Ọkọ́" (hoe) opens its proverb' },
  {
    query: 'ọkọ̀ farm',
    expected: ['oko-husband', 'oko-hoe'],
    why: 'a bare word beside a marked one: only the marked one is asked for exactly',
  },
  {
    query: 'give',
    expected: ['kwaterekwa', 'nkoko'],
    why: 'a whole word of the rendering and of the meaning rank the same: the tone key decides',
  },
  { query: 'thanks', expected: ['nkoko'], why: 'the meaning is searched' },
  { query: 'fowl', expected: ['nkoko'], why: 'the rendering is searched' },
  { query: 'nkoko thanks', expected: ['nkoko'], why: 'two words, one in the proverb and one in the meaning' },
  { query: 'water god', expected: ['nkoko'], why: 'every word must match somewhere' },
  { query: 'kwaterekwa water', expected: ['kwaterekwa'], why: 'the second word inside the first still matches, inside a word' },
  {
    query: 'slowly',
    expected: ['pole-pole', 'polepole'],
    why: 'the same rank: tone keys compared byte by byte ("pole pole" before "polepole")',
  },
  { query: 'pole', expected: ['pole-pole', 'polepole'], why: 'a whole word of the proverb, then a word start' },
  { query: 'drum', expected: ['drum-z', 'drum-v'], why: 'the same rank: tone keys compared by code point ("z" before "ʋ")' },
  { query: 'tomorrow', expected: ['atomodomo'], why: 'a whole word of the meaning' },
  { query: 'zzqx', expected: [], why: 'nothing matches' },
]
