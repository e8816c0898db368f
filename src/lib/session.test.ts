// @vitest-environment jsdom
import { beforeEach, expect, test, vi } from 'vitest'
import { FCM_TOKEN_KEY, FCM_TOKEN_USER_KEY } from '@/core/notifications/push-data'
import { readCookie } from './cookies'
import { getSession, onSignedIn, signIn, signOut, takeEndReason, updateSessionUser } from './session'

const result = {
  token: 'a'.repeat(43),
  expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
  user: { id: 7, email: 'ada@example.com', firstName: 'Ada', lastName: 'Eze', admin: false },
}

beforeEach(() => signOut())

// docs/requirements.md#r3-accounts-and-sign-in
test('sign-in stores the token in the userToken cookie and the flag and user in local storage', () => {
  signIn(result)
  expect(readCookie('userToken')).toBe(result.token)
  expect(localStorage.getItem('isAuthenticated')).toBe('true')
  expect(JSON.parse(localStorage.getItem('user')!)).toEqual(result.user)
  expect(getSession()).toEqual({ token: result.token, user: result.user })
})

test('sign-out clears all three and remembers why', () => {
  signIn(result)
  signOut('expired')
  expect(readCookie('userToken')).toBeUndefined()
  expect(localStorage.getItem('isAuthenticated')).toBeNull()
  expect(localStorage.getItem('user')).toBeNull()
  expect(getSession()).toBeNull()
  expect(takeEndReason()).toBe('expired')
  expect(takeEndReason()).toBeNull()
})

test('signing out in another tab (local storage cleared there) ends the session here too', () => {
  signIn(result)
  localStorage.removeItem('user')
  window.dispatchEvent(new StorageEvent('storage', { key: 'user' }))
  expect(getSession()).toBeNull()
})

test('editing personal info updates the stored user', () => {
  signIn(result)
  updateSessionUser({ firstName: 'Adaeze' })
  expect(getSession()?.user.firstName).toBe('Adaeze')
  updateSessionUser({ lastName: 'Okafor' })
  expect(getSession()?.user.lastName).toBe('Okafor')
  expect(getSession()?.user.id).toBe(7)
})

test("signing out, however the session ended, leaves the device's push token to whoever signs in next", () => {
  signIn({
    token: 'b'.repeat(43),
    expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
    user: { id: 9, email: 'amina@example.com', firstName: 'Amina', lastName: 'Bello', admin: false },
  })
  localStorage.setItem(FCM_TOKEN_KEY, 'fcm-device-token')
  localStorage.setItem(FCM_TOKEN_USER_KEY, '9')
  signOut('expired')
  expect(localStorage.getItem(FCM_TOKEN_USER_KEY)).toBeNull()
  expect(localStorage.getItem(FCM_TOKEN_KEY)).toBe('fcm-device-token')
})

test("after a sign-in, once the device is the new user's, listeners hear of it; the push token is saved again for the new session", async () => {
  localStorage.setItem(FCM_TOKEN_KEY, 'fcm-device-token')
  localStorage.setItem(FCM_TOKEN_USER_KEY, '7')
  const heard: number[] = []
  const stop = onSignedIn((userId) => heard.push(userId))
  signIn(result)
  // The token belongs to the session that saved it: the next check saves it again.
  expect(localStorage.getItem(FCM_TOKEN_USER_KEY)).toBeNull()
  await vi.waitFor(() => expect(heard).toEqual([7]))
  stop()
  signIn(result)
  await new Promise((resolve) => setTimeout(resolve, 20))
  expect(heard).toEqual([7])
})

test('signing out tells the worker at once to forget the token a page gave it, before the device data goes', () => {
  const posted: unknown[] = []
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { controller: { postMessage: (message: unknown) => posted.push(message) } },
  })
  try {
    signIn(result)
    signOut()
    // Synchronously: a Background Sync event may fire in the next moment (the connection coming back).
    expect(posted).toEqual([{ type: 'SIGNED_OUT' }])
  } finally {
    Reflect.deleteProperty(navigator, 'serviceWorker')
  }
})
