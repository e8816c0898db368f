import { expect, test } from 'vitest'
import { HttpError } from '../../http/errors'
import { publicSearchQuery } from './search-query'

const keyOf = (query: Record<string, unknown>) => publicSearchQuery(query).key

test('spellings of one search share a key: case, tone-blind letters, punctuation, spacing', () => {
  const key = keyOf({ q: 'owe omo' })
  expect(keyOf({ q: '  OWE   omo ' })).toBe(key)
  expect(keyOf({ q: 'owe, omo!' })).toBe(key)
  expect(keyOf({ q: "o'we — omo" })).toBe(key)
  expect(keyOf({ q: 'ɔwe omo' })).toBe(key)
})

test('words typed with marks keep a key of their own: they put exact matches first', () => {
  expect(keyOf({ q: 'ọkọ̀' })).not.toBe(keyOf({ q: 'oko' }))
  expect(keyOf({ q: 'ọkọ̀' })).not.toBe(keyOf({ q: 'ọkọ́' }))
  // Composed or decomposed, upper or lower case: the same marks.
  expect(keyOf({ q: 'Ọ̀KỌ̀'.normalize('NFC') })).toBe(keyOf({ q: 'ọ̀kọ̀'.normalize('NFD') }))
})

test('defaults, empty values and unknown parameters are left out; filters come in one order', () => {
  const key = keyOf({ q: 'water', ethnic: 'yoruba', category: 'wisdom' })
  expect(keyOf({ category: 'Wisdom ', page: '1', size: '20', ethnic: ' yoruba', q: 'Water', utm: 'x', _: '123' })).toBe(key)
  expect(keyOf({ q: 'water', ethnic: 'yoruba', category: 'wisdom', page: '' })).toBe(key)
  expect(key).toBe('/api/proverbs/public?q=water&ethnic=yoruba&category=wisdom')
  expect(keyOf({ q: '  ', page: '1' })).toBe(keyOf({}))
})

test('what changes the answer changes the key', () => {
  const key = keyOf({ q: 'water' })
  expect(keyOf({ q: 'water', page: '2' })).not.toBe(key)
  expect(keyOf({ q: 'water', size: '10' })).not.toBe(key)
  expect(keyOf({ q: 'water', ethnic: 'igbo' })).not.toBe(key)
  expect(keyOf({ q: 'water', category: 'wisdom' })).not.toBe(key)
  expect(keyOf({ q: 'water fire' })).not.toBe(keyOf({ q: 'fire water' }))
})

test('bad paging is refused before any key is made, as the route refuses it', () => {
  expect(() => keyOf({ q: 'water', page: '0' })).toThrow(HttpError)
  expect(() => keyOf({ q: 'water', size: '1000' })).toThrow(HttpError)
  expect(() => keyOf({ q: ['a', 'b'] })).toThrow(HttpError)
})
