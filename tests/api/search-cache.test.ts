import pg from 'pg'
import { sql } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, expect, test, vi } from 'vitest'
import { API } from '../../src/core/http/api-paths'
import { BUSY_MESSAGE } from '../../server/src/http/errors'
import { createTestApp } from '../support/test-app'

// The public search's reuse (the default window, as a server runs) and its statement timeout.

let t: Awaited<ReturnType<typeof createTestApp>>
beforeAll(async () => {
  t = await createTestApp({ OWE_CORPUS_CACHE_MS: '60000', OWE_PUBLIC_QUERY_TIMEOUT_MS: '300' })
})
afterAll(() => t.close())
afterEach(() => vi.restoreAllMocks())

/** Counts the statements the app sends to its database from now on (either driver). */
function countQueries(): () => number {
  const spy =
    t.database.kind === 'postgres'
      ? vi.spyOn(pg.Pool.prototype, 'query')
      : vi.spyOn((t.database.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client, 'query')
  return () => spy.mock.calls.length
}

const search = (query: string) => t.app.inject({ url: `${API.proverbsPublic}?${query}` })

test('spellings of one search share one answer: after the first, none of them asks the database', async () => {
  const queries = countQueries()
  const first = await search('q=omo')
  expect(first.statusCode).toBe(200)
  expect(queries()).toBeGreaterThan(0)
  const loaded = queries()
  for (const variant of ['q=OMO', 'q=%20%20omo%20', 'q=omo!', 'q=omo&page=1&size=20', 'size=20&q=Omo&utm_source=x', 'q=%C9%94mo']) {
    const res = await search(variant)
    expect(res.statusCode, variant).toBe(200)
    expect(res.headers.etag, variant).toBe(first.headers.etag)
    expect(res.body, variant).toBe(first.body)
  }
  expect(queries()).toBe(loaded)
  // Another question is another answer, loaded (its people looked up) and kept apart.
  const other = await search('q=omo&ethnic=yoruba')
  expect(other.statusCode).toBe(200)
  expect(queries()).toBeGreaterThan(loaded)
  expect(other.body).not.toBe(first.body)
})

test('a search with bad paging is refused with 400, as before, whatever the reuse', async () => {
  const res = await search('q=omo&page=0')
  expect(res.statusCode).toBe(400)
  expect(res.json().error.fields).toEqual({ page: 'Must be a whole number from 1 to 9007199254740991' })
})

test('a public read held past the statement timeout answers 503 with Retry-After on PostgreSQL; PGlite cannot cancel one', async () => {
  if (t.database.kind === 'postgres') {
    // Another transaction holds the peoples: the search's look-up of its people waits for it until the timeout cancels it.
    await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`lock table ethnic_groups in access exclusive mode`)
      const res = await search('q=water&ethnic=yoruba&size=7')
      expect(res.statusCode).toBe(503)
      expect(res.headers['retry-after']).toBe('5')
      expect(res.json()).toEqual({ error: { code: 'busy', message: BUSY_MESSAGE } })
    })
    // Once they are free, the same search answers (a refused answer is not kept).
    expect((await search('q=water&ethnic=yoruba&size=7')).statusCode).toBe(200)
  } else {
    // One connection, in process, with no timer to cancel a statement: public reads share the app's connection.
    expect(t.database.publicDb(300)).toBe(t.database.db)
    expect((await search('q=water&ethnic=yoruba&size=7')).statusCode).toBe(200)
  }
})
