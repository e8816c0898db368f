import { expect, test } from 'vitest'
import type { Paginated } from '@/core/http/contract'
import type { Proverb } from '@/core/proverbs/contract'
import { holdsProverb, withLikes } from './like-counts'

const proverb = (id: number, likes: number): Proverb => ({
  id,
  slug: `p-${id}`,
  proverb: `Proverb ${id}`,
  transliteration: '',
  interpretation: '',
  toneKey: `p${id}`,
  ethnic: { id: 1, name: 'Yoruba', slug: 'yoruba' },
  language: 'Yoruba',
  image: null,
  categories: [],
  likes,
  sources: [],
  cousins: null,
  checkedBy: null,
})

test('one proverb’s count moves in a single proverb, a list and a page of them', () => {
  expect(withLikes(proverb(7, 0), 7, (n) => n + 1).likes).toBe(1)
  const list = [proverb(6, 3), proverb(7, 4)]
  const liked = withLikes(list, 7, (n) => n + 1)
  expect(liked.map((p) => p.likes)).toEqual([3, 5])
  expect(liked[0]).toBe(list[0])
  const page: Paginated<Proverb> = { data: list, page: 0, size: 10, totalPages: 1, totalElements: 2 }
  const set = withLikes(page, 7, () => 12)
  expect(set.data[1].likes).toBe(12)
  expect(set.totalElements).toBe(2)
})

test('a count never goes below zero, and data without the proverb is returned as it was', () => {
  expect(withLikes(proverb(7, 0), 7, (n) => n - 1).likes).toBe(0)
  const list = [proverb(6, 3)]
  expect(withLikes(list, 7, (n) => n + 1)).toBe(list)
  const page = { data: list, page: 0 }
  expect(withLikes(page, 7, (n) => n + 1)).toBe(page)
  const groups = [{ id: 7, name: 'Igbo' }]
  expect(withLikes(groups, 7, (n) => n + 1)).toBe(groups)
  expect(withLikes(undefined, 7, (n) => n + 1)).toBeUndefined()
  expect(holdsProverb(list, 6)).toBe(true)
  expect(holdsProverb(list, 7)).toBe(false)
})
