import { useSyncExternalStore } from 'react'
import type { LoginResult, SessionUser } from '@/core/account/contract'
import { FCM_TOKEN_USER_KEY } from '@/core/notifications/push-token-keys'
import { deleteCookie, readCookie, writeCookie } from './cookies'
import { claimDeviceData, releaseDeviceData, releaseStaleOwner } from './device-data'

/**
 * The token lives in the userToken cookie; the flag and the user (with its id) in local storage
 * (docs/requirements.md#r3-accounts-and-sign-in).
 */
export const TOKEN_COOKIE = 'userToken'
export const AUTH_FLAG_KEY = 'isAuthenticated'
export const USER_KEY = 'user'

export type Session = { token: string; user: SessionUser }
/** Why the last session ended, so the sign-in page can say so. */
export type EndReason = 'signed-out' | 'expired'

function readUser(): SessionUser | null {
  try {
    const user = JSON.parse(localStorage.getItem(USER_KEY) ?? 'null') as SessionUser | null
    return user && typeof user.id === 'number' ? user : null
  } catch {
    return null
  }
}

function read(): Session | null {
  // A page rendered on the server is nobody's (docs/decisions/017-server-rendered-pages.md).
  if (typeof document === 'undefined') return null
  const token = readCookie(TOKEN_COOKIE)
  const user = readUser()
  return token && user ? { token, user } : null
}

let current = read()
let currentKey = JSON.stringify(current)
let endReason: EndReason | null = null
const listeners = new Set<() => void>()

function update(): void {
  const next = read()
  const key = JSON.stringify(next)
  if (key === currentKey) return
  current = next
  currentKey = key
  listeners.forEach((listener) => listener())
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

// Another tab signing in or out changes local storage; follow it.
if (typeof window !== 'undefined') window.addEventListener('storage', update)
// A session from an earlier visit: the device's data is this user's (the worker checks the token).
// With none, what a session that ended unseen (an expired cookie) left on the device goes.
if (typeof window !== 'undefined') {
  if (current) void claimDeviceData(current.user.id, current.token, { lazily: true })
  else void releaseStaleOwner()
}

export const getSession = (): Session | null => current
export const getToken = (): string | undefined => current?.token

const signedInListeners = new Set<(userId: number) => void>()

/**
 * Calls back after each sign-in, once the device's data is the new user's (the worker then accepts their
 * token): what waited for this user to come back (quiz answers) can go at once.
 */
export function onSignedIn(listener: (userId: number) => void): () => void {
  signedInListeners.add(listener)
  return () => signedInListeners.delete(listener)
}

export function signIn(result: LoginResult): void {
  const maxAge = (new Date(result.expiresAt).getTime() - Date.now()) / 1000
  writeCookie(TOKEN_COOKIE, result.token, maxAge)
  localStorage.setItem(AUTH_FLAG_KEY, 'true')
  localStorage.setItem(USER_KEY, JSON.stringify(result.user))
  // The server keeps a push token for the session that saved it: a new session saves it again.
  localStorage.removeItem(FCM_TOKEN_USER_KEY)
  endReason = null
  update()
  void claimDeviceData(result.user.id, result.token).then(() => signedInListeners.forEach((listener) => listener(result.user.id)))
}

/** Keeps the stored user in step with edits to personal info (the header shows its initials). */
export function updateSessionUser(changes: Partial<Omit<SessionUser, 'id'>>): void {
  const user = readUser()
  if (!user) return
  localStorage.setItem(USER_KEY, JSON.stringify({ ...user, ...changes }))
  update()
}

/** Logout (docs/requirements.md#r3-accounts-and-sign-in): clears the cookie and both local-storage entries. */
export function signOut(reason: EndReason = 'signed-out'): void {
  const userId = current?.user.id ?? readUser()?.id
  deleteCookie(TOKEN_COOKIE)
  localStorage.removeItem(AUTH_FLAG_KEY)
  localStorage.removeItem(USER_KEY)
  // The push token stays on the device but belongs to nobody here now: whoever signs in next saves it again.
  localStorage.removeItem(FCM_TOKEN_USER_KEY)
  endReason = reason
  update()
  // What the device kept for this user goes too (private answers, offline packs).
  if (userId !== undefined) void releaseDeviceData(userId)
}

/** Why the last session ended, without consuming it (the route guard asks; the sign-in page takes it). */
export const peekEndReason = (): EndReason | null => endReason

/** Read once by the sign-in page: "expired" when the server ended the session. */
export function takeEndReason(): EndReason | null {
  const reason = endReason
  endReason = null
  return reason
}

export function useSession(): Session | null {
  // Hydration starts as the server rendered the page, signed out; a session on this device follows at once.
  return useSyncExternalStore(subscribe, getSession, () => null)
}
