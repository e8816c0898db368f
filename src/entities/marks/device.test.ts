import 'fake-indexeddb/auto'
import { expect, test } from 'vitest'
import { enqueueMark } from '@/offline/marks'
import { offlineDb } from '@/offline/schema'
import { withWaitingMarks } from './device'

test('the page shows the server’s marks with the reader’s waiting choices laid over them, in order', async () => {
  const db = await offlineDb()
  await enqueueMark(db, 7, { kind: 'favourites', proverbId: 1, on: false })
  await enqueueMark(db, 7, { kind: 'favourites', proverbId: 3, on: true })
  await enqueueMark(db, 7, { kind: 'likes', proverbId: 2, on: true })
  await enqueueMark(db, 8, { kind: 'likes', proverbId: 9, on: true })
  const shown = await withWaitingMarks(7, { favourites: [1, 2], likes: [] })
  expect({ favourites: shown.favourites.sort(), likes: shown.likes }).toEqual({ favourites: [2, 3], likes: [2] })
  // Nothing waiting: the server's answer as it came.
  const server = { favourites: [4], likes: [5] }
  expect(await withWaitingMarks(9, server)).toBe(server)
})
