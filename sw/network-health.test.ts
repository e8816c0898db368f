import { expect, test } from 'vitest'
import { createNetworkHealth } from './network-health'

test('the connection is idle once no watched request has been in flight for half a second, or after three seconds at most', async () => {
  let now = 0
  const slept: number[] = []
  const health = createNetworkHealth(
    () => now,
    async (ms) => {
      slept.push(ms)
      now += ms
      await new Promise((resolve) => setTimeout(resolve, 0))
    },
  )
  await health.idle()
  expect(slept).toEqual([])
  let answer!: (response: Response) => void
  void health.watch(new Promise<Response>((resolve) => (answer = resolve)))
  const idle = health.idle()
  await new Promise((resolve) => setTimeout(resolve, 0))
  answer(new Response('ok'))
  await idle
  expect(slept.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(500)

  // A request that never ends holds the background back for three seconds, not for ever.
  void health.watch(new Promise<Response>(() => {}))
  slept.length = 0
  await health.idle()
  expect(slept.reduce((a, b) => a + b, 0)).toBe(3000)
})

test('a failed request (offline) says nothing of hanging; an error answer clears it', async () => {
  const health = createNetworkHealth()
  health.timedOut()
  await health.watch(Promise.reject(new TypeError('Failed to fetch'))).catch(() => undefined)
  expect(health.hanging()).toBe(true)
  await health.watch(Promise.resolve(new Response('', { status: 503 })))
  await new Promise((resolve) => setTimeout(resolve, 0))
  expect(health.hanging()).toBe(false)
})

test('the bound is shared: a read made while another waits gets what is left of it, and none once it is spent', async () => {
  let now = 0
  const health = createNetworkHealth(() => now, undefined, 800)
  expect(health.remaining()).toBe(800)
  void health.watch(new Promise<Response>(() => {}))
  now = 300
  expect(health.remaining()).toBe(500)
  expect(health.hanging()).toBe(false)
  now = 800
  expect(health.remaining()).toBe(0)
  expect(health.hanging()).toBe(true)
})

test('an answer that came after the oldest request began clears the wait', async () => {
  let now = 0
  const health = createNetworkHealth(() => now, undefined, 800)
  void health.watch(new Promise<Response>(() => {}))
  now = 100
  await health.watch(Promise.resolve(new Response('ok')))
  await new Promise((resolve) => setTimeout(resolve, 0))
  now = 2000
  expect(health.hanging()).toBe(false)
  expect(health.remaining()).toBe(800)
})
