import { expect, test } from 'vitest'
import {
  COMBINING_MARKS,
  holdsExactly,
  markedForm,
  markedTerms,
  englishKey,
  foldForSearch,
  matchesAllTerms,
  noSavedMatchText,
  onDeviceText,
  savedOnlyText,
  searchRank,
  searchTerms,
  toneKey,
} from './search'

test('folding strips Yoruba tone marks and under-dots', () => {
  expect(foldForSearch('Òwe')).toBe('owe')
  expect(foldForSearch('ilé')).toBe('ile')
  expect(foldForSearch('ilẹ̀')).toBe('ile')
  expect(foldForSearch('Ìwà lẹ̀sìn')).toBe('iwa lesin')
})

test('folding strips Igbo dots and ṅ', () => {
  expect(foldForSearch('kpọ')).toBe('kpo')
  expect(foldForSearch('Ọnwụ ṅụ')).toBe('onwu nu')
})

test('folding maps Hausa hooked letters and Twi open vowels to plain ones', () => {
  expect(foldForSearch('ɓera ɗan ƙasa ƴa')).toBe('bera dan kasa ya')
  expect(foldForSearch("'ya")).toBe('ya')
  expect(foldForSearch('Ɔbɛra')).toBe('obera')
})

test('Ethiopic text is kept as typed, punctuation aside', () => {
  expect(foldForSearch('ቀስ በቀስ እንቁላል በእግሩ ይሄዳል።')).toBe('ቀስ በቀስ እንቁላል በእግሩ ይሄዳል')
})

test('punctuation becomes a single space', () => {
  expect(foldForSearch('  Haba na haba, hujaza kibaba!  ')).toBe('haba na haba hujaza kibaba')
})

test('search terms are folded words; an empty query has none', () => {
  expect(searchTerms('Ìwà  LẸ̀SÌN')).toEqual(['iwa', 'lesin'])
  expect(searchTerms('  ,.; ')).toEqual([])
})

test('tone variants share a tone key', () => {
  expect(toneKey('Ọkọ́ àti ọkọ̀')).toBe(toneKey('ọkọ̀ ati ọ́kọ'))
})

test('matchesAllTerms needs every term', () => {
  expect(matchesAllTerms('iwa lesin', ['iwa', 'les'])).toBe(true)
  expect(matchesAllTerms('iwa lesin', ['iwa', 'owe'])).toBe(false)
  expect(matchesAllTerms('anything', [])).toBe(true)
})

test('searchRank: whole words of the proverb, then whole words of any field, then word starts, then inside words', () => {
  const proverb = toneKey('Ìwà lẹ̀sìn')
  const english = englishKey({ transliteration: 'Character is religion', interpretation: 'Good conduct is what faith asks.' })
  expect(searchRank(proverb, english, ['iwa'])).toBe(0)
  expect(searchRank(proverb, english, ['iwa', 'faith'])).toBe(1)
  expect(searchRank(proverb, english, ['character'])).toBe(1)
  expect(searchRank(proverb, english, ['iwa', 'les'])).toBe(2)
  expect(searchRank(proverb, english, ['relig'])).toBe(2)
  expect(searchRank(proverb, english, ['sin'])).toBe(3)
  expect(searchRank(proverb, english, ['iwa', 'money'])).toBeUndefined()
  expect(searchRank(proverb, english, [])).toBe(0)
})

test('a whole word in the English outranks the same letters inside a word of the proverb', () => {
  const inside = searchRank(
    toneKey('Kwaterekwa se ɔbɛma wo ntoma a, tie ne din.'),
    englishKey({
      transliteration: 'When a naked man says he will give you cloth, listen to his name.',
      interpretation: 'Judge a promise by the one making it.',
    }),
    ['water'],
  )
  const whole = searchRank(
    toneKey('Nkoko nom nsuo a, ɔde kyerɛ Onyankopɔn'),
    englishKey({ transliteration: 'When the fowl drinks water, it shows it to God.', interpretation: 'Give thanks.' }),
    ['water'],
  )
  expect(inside).toBe(3)
  expect(whole).toBe(1)
})

test('searchRank ranks as the rule reads, word by word: whole words of the proverb, of either, word starts, inside', () => {
  // The rule as written, over the texts with a space either side; searchRank reads the texts in place.
  const byRule = (proverb: string, english: string, terms: string[]) => {
    const [p, e] = [` ${proverb} `, ` ${english} `]
    if (!terms.every((t) => proverb.includes(t) || english.includes(t))) return undefined
    if (terms.every((t) => p.includes(` ${t} `))) return 0
    if (terms.every((t) => p.includes(` ${t} `) || e.includes(` ${t} `))) return 1
    if (terms.every((t) => p.includes(` ${t}`) || e.includes(` ${t}`))) return 2
    return 3
  }
  let seed = 12345
  const next = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32
  // Folded text: words of a, b and ab runs, single spaces; terms are words without spaces.
  const word = () => Array.from({ length: 1 + Math.floor(next() * 3) }, () => (next() < 0.5 ? 'a' : 'b')).join('')
  const text = () => Array.from({ length: Math.floor(next() * 4) }, word).join(' ')
  for (let i = 0; i < 5000; i++) {
    const [proverb, english] = [text(), text()]
    const terms = Array.from({ length: Math.floor(next() * 3) }, word)
    expect(searchRank(proverb, english, terms), JSON.stringify({ proverb, english, terms })).toBe(byRule(proverb, english, terms))
  }
})

test('englishKey folds the transliteration and the meaning together', () => {
  expect(englishKey({ transliteration: 'Òwe is the horse', interpretation: "of words' speed" })).toBe('owe is the horse of words speed')
})

test('offline, the device says what it holds of the people searched, or of every people', () => {
  expect(noSavedMatchText('zzz', { held: 21, total: 57, name: 'Yoruba' })).toBe(
    "No saved proverbs match 'zzz' — 21 of 57 Yoruba proverbs are on this device",
  )
  expect(noSavedMatchText('water', { held: 40, total: 449, name: null })).toBe(
    "No saved proverbs match 'water' — 40 of 449 proverbs are on this device",
  )
  expect(noSavedMatchText('', { held: 0, total: 40, name: 'Zulu' })).toBe(
    'No saved proverbs to show — 0 of 40 Zulu proverbs are on this device',
  )
  expect(onDeviceText({ held: 1, total: 57, name: 'Igbo' })).toBe('1 of 57 Igbo proverbs is on this device')
  expect(onDeviceText({ held: 1, total: null, name: 'Igbo' })).toBe('1 Igbo proverb is on this device')
  expect(onDeviceText({ held: 1200, total: 10000, name: null })).toBe('1,200 of 10,000 proverbs are on this device')
  expect(savedOnlyText({ held: 21, total: 57, name: 'Yoruba' })).toBe(
    'Offline, only saved proverbs are shown — 21 of 57 Yoruba proverbs are on this device.',
  )
})

test('the words typed with marks are asked for exactly: a further mark makes another letter', () => {
  expect(markedTerms('omo ile')).toEqual([])
  expect(markedTerms('ọmọ ile')).toEqual(['ọmọ'.normalize('NFD')])
  expect(markedTerms('Ọ̀MỌ̀, ilé')).toEqual(['ọ̀mọ̀'.normalize('NFD'), 'ilé'.normalize('NFD')])
  // Letters of their own (ɔ, ɛ, ƙ) are not marks: an Akan or Hausa query keeps the tone-blind order.
  expect(markedTerms('ɔbɛma ƙasa')).toEqual([])
  const text = markedForm('Ọkọ́ ni ọ̀kọ̀ oko; Ọmọdé gbọ́n')
  expect(holdsExactly(text, markedTerms('ọkọ́'))).toBe(true)
  expect(holdsExactly(text, markedTerms('ọkọ'))).toBe(false)
  expect(holdsExactly(text, markedTerms('ọkọ̀'))).toBe(false)
  expect(holdsExactly(text, markedTerms('ọ̀kọ̀ ọmọ'))).toBe(true)
  expect(holdsExactly(text, markedTerms('ọ̀kọ̀ ọ̀mọ̀'))).toBe(false)
})

test('the server reads the same marks: its character class is the device’s ranges', () => {
  const marks = new RegExp(`^[${COMBINING_MARKS}]$`, 'u')
  for (const mark of ['\u0300', '\u0301', '\u0323', '\u1dc4', '\ufe20']) expect(marks.test(mark)).toBe(true)
  for (const letter of ['a', 'ɔ', 'ɛ', 'ƙ', 'ሀ']) expect(marks.test(letter)).toBe(false)
})
