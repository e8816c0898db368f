import { expect, test } from 'vitest'
import { englishKey, foldForSearch, matchesAllTerms, searchRank, searchTerms, toneKey } from './search'

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

test('searchRank orders whole words, word starts, inside words, then English-only matches', () => {
  const proverb = toneKey('Ìwà lẹ̀sìn')
  const english = englishKey({ transliteration: 'Character is religion', interpretation: 'Good conduct is what faith asks.' })
  expect(searchRank(proverb, english, ['iwa'])).toBe(0)
  expect(searchRank(proverb, english, ['iwa', 'les'])).toBe(1)
  expect(searchRank(proverb, english, ['sin'])).toBe(2)
  expect(searchRank(proverb, english, ['iwa', 'faith'])).toBe(3)
  expect(searchRank(proverb, english, ['iwa', 'money'])).toBeUndefined()
  expect(searchRank(proverb, english, [])).toBe(0)
})

test('englishKey folds the transliteration and the meaning together', () => {
  expect(englishKey({ transliteration: 'Òwe is the horse', interpretation: "of words' speed" })).toBe('owe is the horse of words speed')
})
