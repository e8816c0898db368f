// @vitest-environment jsdom
import 'fake-indexeddb/auto'
import { QueryClient } from '@tanstack/react-query'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import type { EthnicGroup } from '@/core/proverbs/contract'
import type { Session } from '@/lib/session'
import type { KeepPacksCommand, KeepReadsCommand } from '@/offline/messages'
import { PACKS_PERIODIC_TAG } from '@/offline/periodic-sync'
import { answerKeepQuestion, declinePeople } from './keep-choice'
import { homeReads } from '@/offline/periodic-sync'
import { startKeeping } from './keeper'
import { markKeys } from './marks'

// The device's owner is recorded at sign-in (src/lib/device-data.ts): here it always has been.
vi.mock('@/lib/device-data', async (original) => ({ ...(await original<object>()), deviceDataSettled: () => Promise.resolve() }))

const SESSION = { token: 'token-of-7', user: { id: 7 } } as Session
const yoruba = { id: 1, slug: 'yoruba', name: 'Yoruba' } as EthnicGroup
const igbo = { id: 2, slug: 'igbo', name: 'Igbo' } as EthnicGroup

type Posted = KeepReadsCommand | KeepPacksCommand

/** A page's ServiceWorkerContainer stand-in: its controller keeps what the page posts; `take` hands one over. */
function container() {
  const target = new EventTarget()
  const posted: Posted[] = []
  const registered: string[] = []
  const worker = { postMessage: (message: Posted) => posted.push(message) }
  const sw = Object.assign(target, {
    controller: null as typeof worker | null,
    ready: Promise.resolve({ periodicSync: { register: async (tag: string) => void registered.push(tag) } }),
    take() {
      sw.controller = worker
      target.dispatchEvent(new Event('controllerchange'))
    },
  })
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: sw })
  return { sw, posted, registered, packs: () => posted.filter((m): m is KeepPacksCommand => m.type === 'KEEP_PACKS') }
}

function connectionIs(connection: object | undefined) {
  Object.defineProperty(navigator, 'connection', { configurable: true, value: connection })
}

/** Lets the keeper's awaits (the device's owner settling) and its 500 ms gathering of changes run out. */
const settle = async () => {
  await vi.advanceTimersByTimeAsync(600)
}

let stop: () => void = () => {}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
  localStorage.clear()
  connectionIs(undefined)
})

afterEach(() => {
  stop()
  vi.useRealTimers()
})

test('home’s reads are the reader’s day — today’s pick, trending as home shows it, the peoples, the categories — and tomorrow’s pick', () => {
  expect(homeReads(new Date(2026, 11, 31, 23, 30))).toEqual([
    '/api/proverbs/today?date=2026-12-31',
    '/api/proverbs/trending/public?date=2026-12-31&limit=6',
    '/api/proverbs/ethnic/public?q=all',
    '/api/proverbs/category/public',
    '/api/proverbs/today?date=2027-01-01',
  ])
})

test('a visitor’s home reads are kept once a worker controls the page, and never a plan', async () => {
  const { sw, posted } = container()
  stop = startKeeping(new QueryClient(), null)
  await settle()
  expect(posted).toEqual([])

  sw.take()
  await settle()
  expect(posted.map((m) => m.type)).toEqual(['KEEP_READS'])
})

test('a signed-in reader’s plan is kept with their token, without the peoples they removed', async () => {
  const { sw, packs } = container()
  declinePeople(7, igbo.id)
  sw.take()
  stop = startKeeping(new QueryClient(), SESSION)
  await settle()
  expect(packs()).toEqual([{ type: 'KEEP_PACKS', userId: 7, token: 'token-of-7', download: true, declined: [igbo.id] }])
})

test('on a metered connection nothing downloads until the reader says yes, and moving off it keeps what waited', async () => {
  const { sw, packs } = container()
  const connection = Object.assign(new EventTarget(), { saveData: true, type: 'wifi' })
  connectionIs(connection)
  sw.take()
  stop = startKeeping(new QueryClient(), SESSION)
  await settle()
  expect(packs().map((m) => m.download)).toEqual([false])

  // A new estimate of the same connection's speed asks nothing.
  connection.dispatchEvent(new Event('change'))
  await settle()
  expect(packs()).toHaveLength(1)

  connection.saveData = false
  connection.dispatchEvent(new Event('change'))
  await settle()
  expect(packs().map((m) => m.download)).toEqual([false, true])

  // Answered yes, a metered connection keeps too.
  answerKeepQuestion(7, true)
  connection.saveData = true
  stop()
  stop = startKeeping(new QueryClient(), SESSION)
  await settle()
  expect(packs().map((m) => m.download)).toEqual([false, true, true])
})

test('the plan is asked for again when the readable peoples are invalidated or change, not when they first arrive', async () => {
  const { sw, packs } = container()
  sw.take()
  const client = new QueryClient()
  stop = startKeeping(client, SESSION)
  await settle()
  expect(packs()).toHaveLength(1)

  client.setQueryData(markKeys.readableGroups(7), [yoruba])
  await settle()
  expect(packs()).toHaveLength(1)

  client.setQueryData(markKeys.readableGroups(7), [yoruba])
  client.setQueryData(markKeys.readableGroups(8), [yoruba, igbo])
  await settle()
  expect(packs()).toHaveLength(1)

  // A burst of changes (a payment invalidates everything the reader has, then it comes back) asks once.
  await client.invalidateQueries({ queryKey: markKeys.readableGroups(7) })
  client.setQueryData(markKeys.readableGroups(7), [yoruba, igbo])
  await settle()
  expect(packs()).toHaveLength(2)
})

test('when the worker starts keeping the reader’s peoples, the page asks for persistent storage', async () => {
  const { sw } = container()
  const persist = vi.fn(async () => true)
  Object.defineProperty(navigator, 'storage', { configurable: true, value: { persist } })
  sw.take()
  stop = startKeeping(new QueryClient(), SESSION)
  sw.dispatchEvent(new MessageEvent('message', { data: { type: 'PACKS_KEEPING', userId: 8, groupIds: [1] } }))
  await settle()
  expect(persist).not.toHaveBeenCalled()

  sw.dispatchEvent(new MessageEvent('message', { data: { type: 'PACKS_KEEPING', userId: 7, groupIds: [1] } }))
  await settle()
  expect(persist).toHaveBeenCalledTimes(1)
})

/** The browser's answer for Periodic Background Sync: Chromium grants it to an installed app the reader uses. */
function periodicSyncPermission(state: PermissionState | 'unknown') {
  const query = vi.fn(async ({ name }: { name: string }) => {
    if (state === 'unknown' || name !== 'periodic-background-sync') throw new TypeError(`${name} is not a permission name`)
    return { state }
  })
  Object.defineProperty(navigator, 'permissions', { configurable: true, value: { query } })
}

test('the worker is woken to keep packs and tomorrow’s proverbs only where the browser granted Periodic Background Sync', async () => {
  for (const [state, expected] of [
    ['granted', [PACKS_PERIODIC_TAG]],
    ['prompt', []],
    ['denied', []],
    ['unknown', []],
  ] as const) {
    periodicSyncPermission(state)
    const { sw, registered } = container()
    sw.take()
    stop = startKeeping(new QueryClient(), null)
    await settle()
    expect(registered, state).toEqual(expected)
    stop()
  }
})
