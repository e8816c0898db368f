import { expect, test } from 'vitest'
import { sourceLabel } from './sources'

test('a source reads as its title, or as author, title and year with the page for a book', () => {
  expect(sourceLabel({ title: 'A page', url: 'https://example.org' })).toBe('A page')
  expect(sourceLabel({ title: 'Hausa Proverbs', author: 'G. Merrick', year: 1905, locator: 'no. 171' })).toBe(
    'G. Merrick, Hausa Proverbs (1905), no. 171',
  )
  expect(sourceLabel({ title: 'A collection' })).toBe('A collection')
})
