// @vitest-environment jsdom
import { onlineManager } from '@tanstack/react-query'
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { FCM_TOKEN_KEY } from '../messaging'
import { json, renderWithApp, stubNotifications, stubServiceWorker } from '../test-fixtures'
import DiagnosticsRoute, { TEST_SENT, TEST_TOO_MANY } from './diagnostics'
import { ADA, setTestSession } from '@/lib/test-session'

const config = vi.hoisted(() => ({ env: { apiBase: '', production: true, firebase: null as null | Record<string, string> } }))
vi.mock('@/lib/env', () => config)
vi.mock('@/lib/session', () => import('@/lib/test-session'))
vi.mock('@/lib/platform', () => import('@/lib/test-platform'))

const browser = { permission: 'granted' as NotificationPermission }
let testAnswer: () => Response

beforeEach(() => {
  config.env.firebase = { apiKey: 'k', projectId: 'owe-test', messagingSenderId: '1', appId: '1:1:web:1', vapidKey: 'BVapid' }
  setTestSession(null)
  browser.permission = 'granted'
  stubNotifications(browser)
  const registration = { active: { state: 'activated' }, waiting: null, scope: 'http://localhost:3000/' }
  stubServiceWorker({
    getRegistration: async () => registration,
    controller: { state: 'activated' },
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  } as unknown as ServiceWorkerContainer)
  Object.defineProperty(navigator, 'storage', {
    configurable: true,
    value: { estimate: async () => ({ usage: 3_250_000, quota: 2_147_483_648 }), persisted: async () => true },
  })
  localStorage.setItem(FCM_TOKEN_KEY, 'fcm-token-1')
  testAnswer = () => json({ data: { id: 1, kind: 'test', title: 'Test notification' } })
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) =>
      url === '/user/notification/test' && init?.method === 'POST' ? testAnswer() : json({}, 404),
    ),
  )
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  localStorage.clear()
  onlineManager.setOnline(true)
})

/** A report line: the definition its term names. */
const line = (section: string, term: string) => {
  const region = screen.getByRole('region', { name: section })
  return within(region).getByText(term, { selector: 'dt' }).nextElementSibling?.textContent
}

test('the worker, push, storage and connection each have their lines', async () => {
  renderWithApp(<DiagnosticsRoute />)
  await screen.findByRole('region', { name: 'Offline support' })
  expect(line('Offline support', 'Registered')).toBe('Yes')
  expect(line('Offline support', 'Active')).toBe('Yes (activated)')
  expect(line('Offline support', 'Controlling this page')).toBe('Yes')
  expect(line('Offline support', 'Scope')).toBe('http://localhost:3000/')
  expect(line('Push notifications', 'Configured in this build')).toBe('Yes')
  expect(line('Push notifications', 'Permission')).toBe('Allowed')
  expect(line('Push notifications', 'Device token stored')).toBe('Yes')
  expect(line('Storage', 'Used')).toBe('3.1 MB of 2.0 GB')
  expect(line('Storage', 'Kept when space runs low')).toBe('Yes')
  expect(line('Connection', 'Network')).toBe('Online')

  act(() => onlineManager.setOnline(false))
  expect(line('Connection', 'Network')).toBe('Offline')
})

test('a worker still activating is followed until it is active, without "Check again"', async () => {
  const registration = { active: { state: 'activating' }, waiting: null, scope: 'http://localhost:3000/' }
  let stateChange: () => void = () => undefined
  const controller = {
    get state() {
      return registration.active.state
    },
    addEventListener: (_type: string, listener: () => void) => (stateChange = listener),
  }
  stubServiceWorker({
    getRegistration: async () => registration,
    controller,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  } as unknown as ServiceWorkerContainer)
  renderWithApp(<DiagnosticsRoute />)
  await screen.findByRole('region', { name: 'Offline support' })
  expect(line('Offline support', 'Active')).toBe('Yes (activating)')
  registration.active.state = 'activated'
  act(() => stateChange())
  await waitFor(() => expect(line('Offline support', 'Active')).toBe('Yes (activated)'))
})

test('a browser without a worker or push says so', async () => {
  config.env.firebase = null
  browser.permission = 'default'
  localStorage.clear()
  stubServiceWorker({
    getRegistration: async () => undefined,
    controller: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  } as unknown as ServiceWorkerContainer)
  renderWithApp(<DiagnosticsRoute />)
  await screen.findByRole('region', { name: 'Offline support' })
  expect(line('Offline support', 'Registered')).toBe('No')
  expect(line('Offline support', 'Active')).toBe('No')
  expect(line('Offline support', 'Controlling this page')).toBe('No')
  expect(line('Push notifications', 'Configured in this build')).toBe('No')
  expect(line('Push notifications', 'Permission')).toBe('Not asked yet')
  expect(line('Push notifications', 'Device token stored')).toBe('No')
})

test('a visitor is asked to sign in for the test notification', async () => {
  renderWithApp(<DiagnosticsRoute />)
  await screen.findByRole('region', { name: 'Offline support' })
  expect(screen.queryByRole('button', { name: 'Send me a test notification' })).toBeNull()
  expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/auth/login')
})

test('signed in: the test button sends, is disabled meanwhile, says it was sent and refreshes the notifications', async () => {
  setTestSession(ADA)
  let release: () => void = () => undefined
  const answer = testAnswer
  testAnswer = () => answer()
  vi.mocked(fetch).mockImplementationOnce(async () => {
    await new Promise<void>((resolve) => (release = resolve))
    return answer()
  })
  const { client } = renderWithApp(<DiagnosticsRoute />)
  const invalidate = vi.spyOn(client, 'invalidateQueries')
  fireEvent.click(screen.getByRole('button', { name: 'Send me a test notification' }))
  const sending = await screen.findByRole('button', { name: 'Sending…' })
  expect((sending as HTMLButtonElement).disabled).toBe(true)
  release()
  expect(await screen.findByText(TEST_SENT)).toBeTruthy()
  expect(invalidate).toHaveBeenCalledWith({ queryKey: ['me', 7, 'notifications'] })
  expect(vi.mocked(fetch).mock.calls[0][0]).toBe('/user/notification/test')
})

test('too many tests in a row: the 429 has its own message; other errors show the server’s', async () => {
  setTestSession(ADA)
  testAnswer = () => json({ error: { code: 'rate_limited', message: 'Too many requests.' } }, 429)
  renderWithApp(<DiagnosticsRoute />)
  fireEvent.click(screen.getByRole('button', { name: 'Send me a test notification' }))
  expect((await screen.findByRole('alert')).textContent).toBe(TEST_TOO_MANY)

  testAnswer = () => json({ error: { code: 'unavailable', message: 'The server is resting.' } }, 503)
  fireEvent.click(screen.getByRole('button', { name: 'Send me a test notification' }))
  await vi.waitFor(() => expect(screen.getByRole('alert').textContent).toBe('The server is resting.'))
})
