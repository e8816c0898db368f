import { expect, test } from 'vitest'
import Fastify from 'fastify'
import { acceptedCodings, createPublicCache } from './public-cache'

test('accepted codings honour q=0 and exact names', () => {
  expect([...acceptedCodings('gzip, deflate, br')]).toEqual(['gzip', 'deflate', 'br'])
  expect(acceptedCodings('br;q=0, gzip').has('br')).toBe(false)
  expect(acceptedCodings('br;q=0, gzip').has('gzip')).toBe(true)
  expect(acceptedCodings('gzip;q=0.0').has('gzip')).toBe(false)
  expect(acceptedCodings('x-br').has('br')).toBe(false)
  expect(acceptedCodings('BR;Q=0.5').has('br')).toBe(true)
  expect(acceptedCodings(undefined).size).toBe(0)
})

async function appWithCache(ttlMs: number, load: () => Promise<unknown>) {
  const sendPublic = createPublicCache(ttlMs)
  const app = Fastify()
  app.get('/answer', (request, reply) => sendPublic(request, reply, load, 'json', 'the one key'))
  await app.ready()
  return { app, sendPublic }
}

test('requests missing one key together share its one load', async () => {
  let loads = 0
  let release = () => {}
  const { app } = await appWithCache(60_000, async () => {
    loads++
    await new Promise<void>((resolve) => (release = resolve))
    return { loads }
  })
  const answers = Array.from({ length: 20 }, (_, i) => app.inject({ url: `/answer?spelling=${i}` }))
  await new Promise((resolve) => setTimeout(resolve, 20))
  release()
  const bodies = (await Promise.all(answers)).map((res) => res.body)
  expect(loads).toBe(1)
  expect(new Set(bodies)).toEqual(new Set(['{"loads":1}']))
  await app.close()
})

test('with no window, loads are still shared while one is under way, and never kept', async () => {
  let loads = 0
  const { app } = await appWithCache(0, async () => ({ loads: ++loads }))
  const together = await Promise.all([app.inject({ url: '/answer' }), app.inject({ url: '/answer' })])
  expect(together.map((res) => res.body)).toEqual(['{"loads":1}', '{"loads":1}'])
  expect((await app.inject({ url: '/answer' })).body).toBe('{"loads":2}')
  await app.close()
})

test('a load under way when the cache clears is neither shared after the clear nor kept', async () => {
  let loads = 0
  let release = () => {}
  const { app, sendPublic } = await appWithCache(60_000, async () => {
    const n = ++loads
    if (n === 1) await new Promise<void>((resolve) => (release = resolve))
    return { loads: n }
  })
  const before = app.inject({ url: '/answer' })
  await new Promise((resolve) => setTimeout(resolve, 20))
  sendPublic.clear()
  expect((await app.inject({ url: '/answer' })).body).toBe('{"loads":2}')
  release()
  expect((await before).body).toBe('{"loads":1}')
  expect((await app.inject({ url: '/answer' })).body).toBe('{"loads":2}')
  await app.close()
})
