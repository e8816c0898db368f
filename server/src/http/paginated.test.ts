import { expect, test } from 'vitest'
import { paginated } from './paginated'

test('a page carries its items, where it sits and the totals, in the reply order every list uses', () => {
  const page = paginated(['a', 'b'], 7, { page: 2, size: 2 })
  expect(page).toEqual({ data: ['a', 'b'], page: 2, size: 2, totalPages: 4, totalElements: 7 })
  expect(Object.keys(page)).toEqual(['data', 'page', 'size', 'totalPages', 'totalElements'])
})

test('an empty list has no pages', () => {
  expect(paginated([], 0, { page: 1, size: 10 })).toEqual({ data: [], page: 1, size: 10, totalPages: 0, totalElements: 0 })
})
