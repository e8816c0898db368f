// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import type { ReactElement } from 'react'
import type { ToastOptions } from 'react-toastify'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import type { PushData } from '@/core/notifications/contract'
import { FCM_TOKEN_KEY } from '../messaging'
import { renderWithApp, stubNotifications, stubServiceWorker } from '../test-fixtures'
import ForegroundPush from './foreground-push'

const config = vi.hoisted(() => ({
  env: {
    apiBase: '',
    production: true,
    firebase: { apiKey: 'k', projectId: 'owe-test', messagingSenderId: '1', appId: '1:1:web:1', vapidKey: 'BVapid' },
  },
}))
vi.mock('@/lib/env', () => config)
vi.mock('@/lib/session', () => import('@/lib/test-session'))
vi.mock('@/lib/platform', () => import('@/lib/test-platform'))

// Firebase's onMessage and the token check are the messaging module's (tested there); here they are stand-ins.
const push = vi.hoisted(() => ({
  handler: undefined as undefined | ((data: PushData) => void),
  stop: vi.fn(),
  sync: vi.fn(async () => undefined),
}))
vi.mock('../messaging', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  listenForeground: async (handler: (data: PushData) => void) => {
    push.handler = handler
    return push.stop
  },
  syncPushToken: push.sync,
}))
const toasts = vi.hoisted(() => ({ shown: [] as { content: ReactElement; options: ToastOptions }[] }))
vi.mock('@/components/toasts', () => ({
  notify: async (content: ReactElement, options: ToastOptions) => void toasts.shown.push({ content, options }),
}))

const browser = { permission: 'granted' as NotificationPermission }
let workerListeners: ((event: MessageEvent) => void)[]

beforeEach(() => {
  browser.permission = 'granted'
  stubNotifications(browser)
  workerListeners = []
  stubServiceWorker({
    addEventListener: (_type: string, listener: (event: MessageEvent) => void) => workerListeners.push(listener),
    removeEventListener: () => undefined,
  } as unknown as ServiceWorkerContainer)
  localStorage.setItem(FCM_TOKEN_KEY, 'fcm-token-1')
  push.handler = undefined
  push.stop.mockReset()
  push.sync.mockClear()
  toasts.shown = []
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  localStorage.clear()
})

const REMINDER: PushData = { title: 'Your proverb for today', body: 'Ìwà lẹ̀sìn.', url: '/search_result?proverb=yoruba-iwa-lesin' }

test('a foreground push shows a toast at the top left that opens its url, and refreshes the notifications', async () => {
  const { client } = renderWithApp(<ForegroundPush />, { path: '/quiz' })
  const invalidate = vi.spyOn(client, 'invalidateQueries')
  await vi.waitFor(() => expect(push.handler).toBeDefined())
  expect(push.sync).toHaveBeenCalledWith(7)

  await act(async () => push.handler!(REMINDER))
  expect(invalidate).toHaveBeenCalledWith({ queryKey: ['me', 7, 'notifications'] })
  expect(toasts.shown).toHaveLength(1)
  const [{ content, options }] = toasts.shown
  expect(options.position).toBe('top-left')

  // The content: title and body, as a link to the url.
  const view = render(content)
  const link = view.getByRole('link')
  expect(link.textContent).toBe('Your proverb for todayÌwà lẹ̀sìn.')
  expect(link.getAttribute('href')).toBe(REMINDER.url)
  // A click on the link is the toast's click: an in-app navigation, not a page load.
  expect(fireEvent.click(link)).toBe(false)

  act(() => (options.onClick as () => void)())
  expect(screen.getByRole('status', { name: 'Location' }).textContent).toBe(REMINDER.url)
})

test('the worker’s request to open a url (a window it does not control) routes the page, our origin only', async () => {
  renderWithApp(<ForegroundPush />)
  await vi.waitFor(() => expect(workerListeners).toHaveLength(1))
  act(() => workerListeners[0](new MessageEvent('message', { data: { type: 'OPEN_URL', url: 'https://evil.example/' } })))
  expect(screen.getByRole('status', { name: 'Location' }).textContent).toBe('/')
  act(() => workerListeners[0](new MessageEvent('message', { data: { type: 'OPEN_URL', url: '/notifications' } })))
  expect(screen.getByRole('status', { name: 'Location' }).textContent).toBe('/notifications')
})

test('with push off on this device nothing listens and Firebase is not loaded', async () => {
  localStorage.removeItem(FCM_TOKEN_KEY)
  renderWithApp(<ForegroundPush />)
  await act(async () => undefined)
  expect(push.handler).toBeUndefined()
  expect(push.sync).not.toHaveBeenCalled()
  expect(workerListeners).toEqual([])
})
