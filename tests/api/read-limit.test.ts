import { afterAll, beforeAll, expect, test } from 'vitest'
import { API } from '../../src/core/http/api-paths'
import { call, get, MINUTE, signedInUser, testClock, type Reply } from '../support/accounts'
import { createTestApp } from '../support/test-app'

/** Five reads at once, then one a minute (nothing comes back while the test runs); a refusal held 20 ms. */
const BURST = 5
const clock = testClock()
let ctx: Awaited<ReturnType<typeof createTestApp>>
beforeAll(async () => {
  ctx = await createTestApp({ OWE_READ_BURST: String(BURST), OWE_READ_RATE_LIMIT: '1', OWE_READ_HOLD_MS: '20' }, clock.now)
})
afterAll(() => ctx.close())

const REFUSED = { error: { code: 'too_many_requests', message: 'Too many attempts. Please wait 1 minute and try again.' } }

let word = 0
/** A search no one made before (varied words miss any cache), from `address`. */
const search = (address: string) => get(ctx.app, `${API.proverbsPublic}?q=omo${++word}&size=20`, undefined, address)

const expectRefused = (reply: Reply) => {
  expect(reply.status).toBe(429)
  expect(reply.headers['retry-after']).toBe('60')
  expect(reply.body).toEqual(REFUSED)
}

test('a burst from one client is refused with 429 and Retry-After past its allowance, while another client is served', async () => {
  const statuses = []
  for (let n = 0; n < BURST; n++) statuses.push((await search('203.0.113.10')).status)
  expect(statuses).toEqual(new Array(BURST).fill(200))
  expectRefused(await search('203.0.113.10'))
  expectRefused(await search('203.0.113.10'))
  // At the same moment, from another address.
  expect((await search('203.0.113.11')).status).toBe(200)
  // A minute later one read has come back.
  clock.advance(MINUTE)
  expect((await search('203.0.113.10')).status).toBe(200)
  expectRefused(await search('203.0.113.10'))
})

test('a client’s burst sent all at once is answered in full beside another client’s read, and counted', async () => {
  const replies = await Promise.all([...Array.from({ length: BURST }, () => search('203.0.113.50')), search('203.0.113.51')])
  expect(replies.map((reply) => reply.status)).toEqual(new Array(BURST + 1).fill(200))
  expectRefused(await search('203.0.113.50'))
})

test('every public read that reaches the database counts against the one allowance', async () => {
  const address = '203.0.113.20'
  const reads = [
    API.ethnicGroupsPublic + '?q=all',
    API.categoriesPublic,
    API.trendingPublic,
    `${API.proverbsToday}?date=2026-11-21`,
    `${API.proverbsPublic}?page=1&size=20`,
  ]
  for (const url of reads) expect((await get(ctx.app, url, undefined, address)).status).toBe(200)
  // The pages (server-rendered from the database) and a proverb's own address are reads too.
  expectRefused(await get(ctx.app, '/search_result?q=water', undefined, address))
  expectRefused(await get(ctx.app, `${API.proverbsPublic}/1`, undefined, address))
  expectRefused(await call(ctx.app, 'GET', '/sitemap.xml', { remoteAddress: address }))
})

test('a signed-in reader on another client keeps their reads while a flooder is refused; writes are not counted', async () => {
  const flooder = '203.0.113.30'
  for (let n = 0; n < BURST; n++) await search(flooder)
  expectRefused(await search(flooder))
  const reader = await signedInUser(ctx.app, ctx.database.db)
  const poll = await get(ctx.app, API.notificationsUnreadCount, reader.token, '198.51.100.30')
  expect(poll.status).toBe(200)
  expect((await get(ctx.app, API.packSizes, reader.token, '198.51.100.30')).status).toBe(200)
  // Recognised, the reader's session counts on its own: behind the flooder's very address (one carrier's, a school's)
  // their reads still go through, public ones included.
  expect((await get(ctx.app, API.notificationsUnreadCount, reader.token, flooder)).status).toBe(200)
  expect((await get(ctx.app, `${API.proverbsPublic}?q=omo${++word}&size=20`, reader.token, flooder)).status).toBe(200)
  // A write has limits of its own: the read allowance does not stop it.
  const events = await call(ctx.app, 'POST', API.events, { payload: { events: [] }, remoteAddress: flooder })
  expect(events.status).not.toBe(429)
})

test('readers behind one address each have their own allowance once signed in; a made-up token buys none', async () => {
  const shared = '203.0.113.60'
  const readers = [await signedInUser(ctx.app, ctx.database.db), await signedInUser(ctx.app, ctx.database.db)]
  // Each reader's first read is the address's (the session is not known yet); the server then knows both sessions.
  for (const reader of readers) expect((await get(ctx.app, API.notificationsUnreadCount, reader.token, shared)).status).toBe(200)
  // Both read their whole allowance from the one address, and a visitor there still has the address's.
  for (const reader of readers) {
    for (let n = 0; n < BURST; n++) expect((await get(ctx.app, API.notificationsUnreadCount, reader.token, shared)).status).toBe(200)
    expectRefused(await get(ctx.app, API.notificationsUnreadCount, reader.token, shared))
  }
  expect((await search(shared)).status).toBe(200)
  // A token no session has counts as the address: made-up tokens do not each get an allowance.
  const madeUp = 'x'.repeat(43)
  for (let n = 0; n < BURST - 3; n++)
    expect((await get(ctx.app, `${API.proverbsPublic}?q=omo${++word}&size=20`, madeUp, shared)).status).toBe(200)
  expectRefused(await search(shared))
  expectRefused(await get(ctx.app, `${API.proverbsPublic}?q=omo${++word}&size=20`, 'y'.repeat(43), shared))
})

test('two IPv6 addresses in one /64 share an allowance; the next /64 has its own', async () => {
  for (let n = 1; n <= BURST; n++) expect((await search(`2001:db8:7:1::${n.toString(16)}`)).status).toBe(200)
  expectRefused(await search('2001:db8:7:1:aaaa:bbbb:cccc:dddd'))
  expectRefused(await search('2001:0db8:0007:0001:0000:0000:0000:00ff'))
  expect((await search('2001:db8:7:2::1')).status).toBe(200)
})

test('an IPv4 client reported as an IPv4-mapped IPv6 address is the same client', async () => {
  for (let n = 0; n < BURST; n++) expect((await search('::ffff:203.0.113.40')).status).toBe(200)
  expectRefused(await search('203.0.113.40'))
})

test('behind a proxy (TRUST_PROXY=1) each client has its own allowance, whatever it writes in X-Forwarded-For', async () => {
  const proxied = await createTestApp(
    { TRUST_PROXY: '1', OWE_READ_BURST: '2', OWE_READ_RATE_LIMIT: '1', OWE_READ_HOLD_MS: '20' },
    clock.now,
  )
  try {
    const read = (forwardedFor: string) =>
      proxied.app.inject({
        method: 'GET',
        url: API.categoriesPublic,
        remoteAddress: '10.0.0.2',
        headers: { 'x-forwarded-for': forwardedFor },
      })
    // The proxy appends the address it saw; what comes before is the client's own writing.
    const statuses = []
    for (let n = 1; n <= 3; n++) statuses.push((await read(`192.0.2.${n}, 2001:db8:9:9::${n}`)).statusCode)
    expect(statuses).toEqual([200, 200, 429])
    expect((await read('2001:db8:9:10::1')).statusCode).toBe(200)
  } finally {
    await proxied.close()
  }
})

test('the /64 is what the limits kept in the database count too: the check-email limit', async () => {
  const checks = await createTestApp({ OWE_CHECK_RATE_LIMIT: '2' }, clock.now)
  try {
    const check = (address: string) => get(checks.app, `${API.checkEmail}?email=someone@example.com`, undefined, address)
    expect((await check('2001:db8:5:5::1')).status).toBe(200)
    expect((await check('2001:db8:5:5::2')).status).toBe(200)
    expect((await check('2001:db8:5:5:ffff::3')).status).toBe(429)
    expect((await check('2001:db8:5:6::1')).status).toBe(200)
  } finally {
    await checks.close()
  }
})
