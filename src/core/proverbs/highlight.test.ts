import { expect, test } from 'vitest'
import { highlightMatches, hasMatch } from './highlight'
import { foldCharacter, foldForSearch, searchTerms } from './search'

const marked = (text: string, query: string) =>
  highlightMatches(text, searchTerms(query))
    .filter((s) => s.match)
    .map((s) => s.text)

test('a match is marked in the original characters, tone marks and under-dots included', () => {
  expect(marked('Ọmọ ẹni kì í burú títí', 'omo')).toEqual(['Ọmọ'])
  expect(marked('Ilẹ̀ ló ń jẹ ẹni', 'ile')).toEqual(['Ilẹ̀'])
  expect(marked('Ìwà lẹ̀sìn.', 'IWA LESIN')).toEqual(['Ìwà', 'lẹ̀sìn'])
  expect(marked('Kwaterekwa se ɔbɛma wo ntoma a', 'obema')).toEqual(['ɔbɛma'])
})

test('the pieces put back together are the text, unchanged', () => {
  const text = 'Bí ọmọdé bá ṣubú, a wo iwájú; bí àgbà bá ṣubú, a wo ẹ̀yìn.'
  const segments = highlightMatches(text, searchTerms('subu wo'))
  expect(segments.map((s) => s.text).join('')).toBe(text)
  expect(segments.filter((s) => s.match).map((s) => s.text)).toEqual(['ṣubú', 'wo', 'ṣubú', 'wo'])
})

test('whole words are marked rather than the same letters inside other words', () => {
  expect(marked('When the fowl drinks water, it shows the waterpot', 'water')).toEqual(['water'])
  expect(marked('Kwaterekwa se ɔbɛma wo ntoma a', 'water')).toEqual(['water'])
  expect(marked('Little by little, the fowl drinks waters', 'water')).toEqual(['water'])
})

test('an apostrophe inside a word is part of its mark', () => {
  expect(marked("One's child is never so bad", 'ones')).toEqual(["One's"])
})

test('Ethiopic is marked as typed', () => {
  expect(marked('ቀስ በቀስ እንቁላል በእግሩ ይሄዳል።', 'እንቁላል')).toEqual(['እንቁላል'])
})

test('no terms, or none matching, mark nothing', () => {
  expect(highlightMatches('Ìwà lẹ̀sìn.', [])).toEqual([{ text: 'Ìwà lẹ̀sìn.', match: false }])
  expect(hasMatch('Ìwà lẹ̀sìn.', searchTerms('money'))).toBe(false)
  expect(hasMatch('Ìwà lẹ̀sìn.', searchTerms('lesin'))).toBe(true)
  expect(highlightMatches('', ['a'])).toEqual([])
})

const SAMPLES = [
  'Dhugaan ni qallatti malee hin cittu.',
  'Ti koro nkɔ agyina.',
  'ድር ቢያብር አንበሳ ያስር።',
  'Hannu da yawa maganin ƙazamar miya.',
  'Onye wetara ọjị, wetara ndụ.',
  'Mtaka cha mvunguni sharti ainame.',
  'Ilé ọba tó jó, ẹwà ló bù sí i.',
  'Bí ọmọdé bá ṣubú, a wo iwájú; bí àgbà bá ṣubú, a wo ẹ̀yìn.',
  "One's child — “never” so bad; it isn't (ever) given.",
  'Umuntu ngumuntu ngabantu.',
]

test('folding character by character agrees with folding the whole text, in every script of the corpus', () => {
  for (const sample of SAMPLES) {
    for (const text of [sample, sample.normalize('NFD'), sample.toUpperCase()]) {
      const joined = Array.from(text, foldCharacter).join('').replace(/ +/g, ' ').trim()
      expect(joined, text).toBe(foldForSearch(text))
    }
  }
})
