// @vitest-environment jsdom
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { FCM_TOKEN_KEY } from '@/core/notifications/push-data'
import { signIn, signOut } from '@/lib/session'
import { logout } from './api'

const session = {
  token: 'a'.repeat(43),
  expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
  user: { id: 3, email: 'kofi@example.com', firstName: 'Kofi', lastName: 'Mensah', admin: false },
}

let bodies: (string | undefined)[] = []
beforeEach(() => {
  bodies = []
  localStorage.clear()
  signIn(session)
  vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
    bodies.push(init.body as string | undefined)
    return new Response(JSON.stringify({ data: { message: 'You have signed out.' } }), {
      status: 200,
      headers: { 'Content-Type': 'application/json' },
    })
  })
})
afterEach(() => {
  vi.unstubAllGlobals()
  signOut()
})

test("logout names this device's push token, so the account's pushes stop reaching it", async () => {
  localStorage.setItem(FCM_TOKEN_KEY, 'fcm-device-token')
  await logout()
  expect(JSON.parse(bodies[0] ?? 'null')).toEqual({ device_token: 'fcm-device-token' })
})

test('logout on a device without push sends no body', async () => {
  await logout()
  expect(bodies).toEqual([undefined])
})
