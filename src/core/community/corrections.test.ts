import { expect, test } from 'vitest'
import { changedFields, correctionSchema, parseSource, wordDiff } from './corrections'
import { joinWithAnd } from '../shared/lists'

const before = {
  proverb: 'Ilé labọ̀ sinmi oko.',
  transliteration: 'Home is where one rests from the farm.',
  interpretation: 'Home is the place of rest.',
}

test('a correction names what it changes in the words readers use', () => {
  expect(changedFields(before, { ...before, proverb: 'Ilé làbọ̀ sinmi oko.' })).toEqual(['tone marks'])
  expect(changedFields(before, { ...before, proverb: 'Ilé ni àbọ̀ sinmi oko.' })).toEqual(['spelling'])
  expect(
    changedFields(before, {
      ...before,
      transliteration: 'Home is where one returns to rest.',
      interpretation: 'Rest at home.',
      source: ' https://example.org ',
    }),
  ).toEqual(['rendering', 'meaning', 'source'])
  expect(changedFields(before, { ...before, source: '  ' })).toEqual([])
})

test('the difference is word by word, tone marks counting', () => {
  expect(wordDiff('Ilé labọ̀ sinmi oko.', 'Ilé làbọ̀ sinmi oko.')).toEqual([
    { text: 'Ilé ', change: 'same' },
    { text: 'labọ̀', change: 'removed' },
    { text: 'làbọ̀', change: 'added' },
    { text: ' sinmi oko.', change: 'same' },
  ])
  expect(wordDiff('a b', 'a b c')).toEqual([
    { text: 'a b', change: 'same' },
    { text: ' c', change: 'added' },
  ])
  expect(wordDiff('same', 'same')).toEqual([{ text: 'same', change: 'same' }])
})

test('a typed source becomes a page with its address, or a collection’s name', () => {
  expect(parseSource('Postproverbial, Yoruba page 5 — https://postproverbial.com/proverbs/yoruba-nigeria?page=5.')).toEqual({
    title: 'Postproverbial, Yoruba page 5',
    url: 'https://postproverbial.com/proverbs/yoruba-nigeria?page=5',
  })
  expect(parseSource('https://example.org/p')).toEqual({ title: 'example.org', url: 'https://example.org/p' })
  expect(parseSource('Owomoyela, Yoruba Proverbs (2005), no. 12')).toEqual({ title: 'Owomoyela, Yoruba Proverbs (2005), no. 12' })
  expect(parseSource('   ')).toBeNull()
})

test('the correction form takes the suggestion rules’ messages and refuses non-text', async () => {
  const errors = await correctionSchema
    .validate({ email: '', name: '', proverb: 1, transliteration: '', interpretation: '' }, { abortEarly: false })
    .catch((e: { errors: string[] }) => e.errors)
  expect(errors).toEqual(expect.arrayContaining(['Email is Required', 'Your Name is Required', 'Must be text', 'Required']))
})

test('lists read as a sentence says them', () => {
  expect(joinWithAnd([])).toBe('')
  expect(joinWithAnd(['the Igbo'])).toBe('the Igbo')
  expect(joinWithAnd(['the Igbo', 'the Akan'])).toBe('the Igbo and the Akan')
  expect(joinWithAnd(['the Igbo', 'the Akan', 'the Zulu'])).toBe('the Igbo, the Akan and the Zulu')
})
