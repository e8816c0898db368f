// @vitest-environment jsdom
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { apiGet, apiGetBlob, apiGetPage, apiSend, ApiError } from './api-client'
import { savedCopyTime } from './saved-copies'
import { getSession, signIn, signOut, takeEndReason } from './session'

const TOKEN = 'a'.repeat(43)
const session = {
  token: TOKEN,
  expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
  user: { id: 3, email: 'kofi@example.com', firstName: 'Kofi', lastName: 'Mensah', admin: false },
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })
let calls: { url: string; init: RequestInit }[] = []
function answer(response: () => Response) {
  calls = []
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    calls.push({ url, init })
    return response()
  })
}

beforeEach(() => {
  signOut()
  takeEndReason()
})
afterEach(() => vi.unstubAllGlobals())

// docs/requirements.md#r15-api-contract
test('authenticated calls carry the bearer token; public ones never do', async () => {
  signIn(session)
  answer(() => json(200, { data: { ok: true } }))
  await apiGet('/api/user/profile/full', { auth: true })
  await apiGet('/api/faq/')
  expect(new Headers(calls[0].init.headers).get('Authorization')).toBe(`Bearer ${TOKEN}`)
  expect(new Headers(calls[1].init.headers).get('Authorization')).toBeNull()
})

test('a 401 on an authenticated call signs out, remembering that the session ended', async () => {
  signIn(session)
  answer(() => json(401, { error: { code: 'session_expired', message: 'Your session has ended. Please sign in again.' } }))
  const error = await apiGet('/api/user/profile/full', { auth: true }).catch((e: unknown) => e)
  expect(error).toBeInstanceOf(ApiError)
  expect((error as ApiError).code).toBe('session_expired')
  expect(getSession()).toBeNull()
  expect(takeEndReason()).toBe('expired')
})

test('a 401 from a public call (a wrong password at sign-in) leaves any session alone', async () => {
  signIn(session)
  answer(() => json(401, { error: { code: 'invalid_credentials', message: 'Incorrect email or password.' } }))
  await apiSend('POST', '/accounts/login', { email: 'x@example.com', password: 'Wrong#pass1' }).catch(() => undefined)
  expect(getSession()?.token).toBe(TOKEN)
})

test('an authenticated call without a session fails at once, without a request', async () => {
  answer(() => json(200, { data: null }))
  await expect(apiGet('/api/user/profile/full', { auth: true })).rejects.toMatchObject({ status: 401 })
  expect(calls).toHaveLength(0)
})

test('a 204 picture is no picture', async () => {
  signIn(session)
  answer(() => new Response(null, { status: 204 }))
  expect(await apiGetBlob('/api/user/profile/picture', { auth: true })).toBeNull()
})

test('a network failure is an offline ApiError with a message a person can act on', async () => {
  vi.stubGlobal('fetch', async () => {
    throw new TypeError('Failed to fetch')
  })
  const error = (await apiGet('/api/faq/').catch((e: unknown) => e)) as ApiError
  expect(error.offline).toBe(true)
  expect(error.message).toBe('You seem to be offline. Check your connection and try again.')
})

test('an answer from the device’s copy is remembered with its save time; a fresh one is not', async () => {
  answer(() => new Response(JSON.stringify({ data: [{ id: 1 }] }), { headers: { 'X-Owe-Offline': '2026-11-20T08:00:00.000Z' } }))
  const saved = await apiGet<unknown[]>('/api/proverbs/today')
  expect(savedCopyTime(saved)).toBe(Date.parse('2026-11-20T08:00:00.000Z'))
  answer(
    () =>
      new Response(JSON.stringify({ data: [], page: 1, size: 20, totalPages: 0, totalElements: 0 }), {
        headers: { 'X-Owe-Offline': '2026-11-21T08:00:00.000Z' },
      }),
  )
  expect(savedCopyTime(await apiGetPage('/api/proverbs/public'))).toBe(Date.parse('2026-11-21T08:00:00.000Z'))
  answer(() => json(200, { data: [{ id: 1 }] }))
  expect(savedCopyTime(await apiGet('/api/proverbs/today'))).toBeUndefined()
})
