import { afterEach, beforeEach, expect, test } from 'vitest'
import { enqueueMark, marksQueue, readMarkChanges } from './marks'
import { runQueue } from './queue'
import type { OfflineDb } from './schema'
import { freshDb } from './test-fixtures'

// Favourites and likes as a queue of the one delivery engine: what is sent, in which order, and what the page shows
// meanwhile.

let db: OfflineDb
let calls: { method: string; url: string; key: string | null }[]

beforeEach(async () => {
  db = await freshDb()
  calls = []
})

afterEach(() => db.close())

const send = () =>
  runQueue(marksQueue, {
    db,
    fetch: async (url, init) => {
      calls.push({ method: init.method!, url, key: new Headers(init.headers).get('Idempotency-Key') })
      return Response.json({ data: {} })
    },
    now: Date.now,
    tokenFor: async (userId) => (userId === 7 ? 'token-7' : undefined),
  })

test('each choice is a PUT or a DELETE under its own key; a later choice for the same proverb replaces one still waiting', async () => {
  await enqueueMark(db, 7, { kind: 'favourites', proverbId: 11, on: true })
  await enqueueMark(db, 7, { kind: 'likes', proverbId: 11, on: true })
  await enqueueMark(db, 7, { kind: 'favourites', proverbId: 11, on: false })
  await enqueueMark(db, 7, { kind: 'favourites', proverbId: 11, on: true })
  await enqueueMark(db, 7, { kind: 'likes', proverbId: 12, on: false })
  expect(await readMarkChanges(db, 7)).toEqual([
    { kind: 'likes', proverbId: 11, on: true },
    { kind: 'favourites', proverbId: 11, on: true },
    { kind: 'likes', proverbId: 12, on: false },
  ])
  expect(await send()).toMatchObject({ sent: 3, waiting: 0 })
  expect(calls.map(({ method, url }) => `${method} ${url}`)).toEqual([
    'PUT /api/proverbs/likes/11',
    'PUT /api/proverbs/favourites/11',
    'DELETE /api/proverbs/likes/12',
  ])
  expect(new Set(calls.map((call) => call.key)).size).toBe(3)
  expect(await readMarkChanges(db, 7)).toEqual([])
})
