import { vi } from 'vitest'
import type { Session } from './session'

/**
 * The session module as unit tests see it, in place of the real one (cookies, local storage, other tabs):
 *
 *   vi.mock('@/lib/session', () => import('@/lib/test-session'))
 *
 * It answers with `testSession.current`: Ada Obi (id 7, token-7) unless a test signs someone else in, or
 * nobody, with `setTestSession`.
 */
export const ADA: Session = { token: 'token-7', user: { id: 7, email: 'ada@example.com', firstName: 'Ada', lastName: 'Obi', admin: false } }

export const testSession: { current: Session | null } = { current: ADA }

/** Who is signed in from now on (null: a visitor). */
export function setTestSession(session: Session | null): void {
  testSession.current = session
}

export const getSession = (): Session | null => testSession.current
export const getToken = (): string | undefined => testSession.current?.token
export const useSession = (): Session | null => testSession.current
export const signOut = vi.fn()
/** Nobody signs in during a unit test unless it calls the listener itself. */
export const onSignedIn = vi.fn((_listener: (userId: number) => void) => () => undefined)
