// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { FCM_TOKEN_KEY, PUSH_FAILURE_MESSAGES, type PushResult } from '../messaging'
import { json, renderWithApp, stubNotifications, stubServiceWorker } from '../test-fixtures'
import { NotificationSettings } from './notification-settings'
import { PushSwitch } from './push-switch'

const CONFIG = { apiKey: 'k', projectId: 'owe-test', messagingSenderId: '1', appId: '1:1:web:1', vapidKey: 'BVapid' }
const config = vi.hoisted(() => ({ env: { apiBase: '', production: false, firebase: null as null | Record<string, string> } }))
vi.mock('@/lib/env', () => config)
vi.mock('@/lib/session', () => import('@/lib/test-session'))
vi.mock('@/lib/platform', () => import('@/lib/test-platform'))

// The switch's own logic is under test; turning push on and off (Firebase, the server) is the messaging module's.
const push = vi.hoisted(() => ({ enable: vi.fn(), disable: vi.fn() }))
vi.mock('../messaging', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  enablePush: push.enable,
  disablePush: push.disable,
}))

const browser = { permission: 'default' as NotificationPermission }

beforeEach(() => {
  config.env.firebase = CONFIG
  browser.permission = 'default'
  stubNotifications(browser)
  stubServiceWorker({})
  localStorage.clear()
  push.enable.mockReset()
  push.disable.mockReset()
  vi.stubGlobal('fetch', async () => json({ data: { time: null, timeZone: 'UTC' } }))
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const theSwitch = () => screen.getByRole('switch', { name: 'Notifications on this device' })
const hint = () => document.getElementById(theSwitch().getAttribute('aria-describedby')!)!.textContent

test('without Firebase config the switch is not there at all, and the reminder still is', async () => {
  config.env.firebase = null
  renderWithApp(<NotificationSettings userId={7} />)
  expect(screen.queryByRole('switch')).toBeNull()
  expect(await screen.findByRole('checkbox', { name: /Send me a proverb every day/ })).toBeTruthy()
})

test('off, then on: saving while the browser and server answer, then on', async () => {
  let finish: (result: PushResult) => void = () => undefined
  push.enable.mockImplementation(() => new Promise<PushResult>((resolve) => (finish = resolve)))
  renderWithApp(<PushSwitch userId={7} />)
  expect(theSwitch().getAttribute('aria-checked')).toBe('false')
  expect(hint()).toMatch(/^Off\./)
  expect(Notification.requestPermission).not.toHaveBeenCalled()

  fireEvent.click(theSwitch())
  await waitFor(() => expect(hint()).toBe('Turning notifications on…'))
  expect(push.enable).toHaveBeenCalledWith(7)
  expect((theSwitch() as HTMLInputElement).disabled).toBe(true)
  expect(theSwitch().getAttribute('aria-busy')).toBe('true')

  // The messaging module keeps the token once the server saved it, and the status follows.
  browser.permission = 'granted'
  localStorage.setItem(FCM_TOKEN_KEY, 'fcm-token-1')
  await act(async () => finish({ ok: true }))
  await waitFor(() => expect(hint()).toMatch(/^On\./))
  expect(theSwitch().getAttribute('aria-checked')).toBe('true')
  expect((theSwitch() as HTMLInputElement).disabled).toBe(false)
})

test('a failure says what went wrong and leaves the switch off', async () => {
  push.enable.mockResolvedValue({ ok: false, reason: 'save', message: PUSH_FAILURE_MESSAGES.save })
  renderWithApp(<PushSwitch userId={7} />)
  fireEvent.click(theSwitch())
  await waitFor(() => expect(hint()).toBe(PUSH_FAILURE_MESSAGES.save))
  expect(theSwitch().getAttribute('aria-checked')).toBe('false')
})

test('blocked by the browser: the switch is disabled and says how to allow notifications', () => {
  browser.permission = 'denied'
  renderWithApp(<PushSwitch userId={7} />)
  expect((theSwitch() as HTMLInputElement).disabled).toBe(true)
  expect(hint()).toBe(PUSH_FAILURE_MESSAGES.blocked)
  expect(hint()).toMatch(/site settings/)
})

test('on: turning it off removes push from this device', async () => {
  browser.permission = 'granted'
  localStorage.setItem(FCM_TOKEN_KEY, 'fcm-token-1')
  push.disable.mockImplementation(async () => localStorage.removeItem(FCM_TOKEN_KEY))
  renderWithApp(<PushSwitch userId={7} />)
  expect(theSwitch().getAttribute('aria-checked')).toBe('true')
  fireEvent.click(theSwitch())
  await waitFor(() => expect(push.disable).toHaveBeenCalled())
  await waitFor(() => expect(theSwitch().getAttribute('aria-checked')).toBe('false'))
})

// Safari on an iPhone or iPad: push reaches only the Home Screen app, which Safari has no prompt to install.

const { setTestPlatform } = await import('@/lib/test-platform')
const { ANDROID_CHROME, IPHONE_SAFARI } = await import('@/core/shared/platform-fixtures')
const { INSTALL_GUIDE_TEXTS } = await import('@/core/notifications/texts')

HTMLDialogElement.prototype.showModal = function (this: HTMLDialogElement) {
  this.open = true
}
HTMLDialogElement.prototype.close = function (this: HTMLDialogElement) {
  this.open = false
  this.dispatchEvent(new Event('close'))
}

/** Safari in a tab has no Push API at all. */
function iphoneSafari(standalone = false) {
  setTestPlatform({ ...IPHONE_SAFARI, standalone })
  Reflect.deleteProperty(window, 'PushManager')
}
afterEach(() => setTestPlatform(ANDROID_CHROME))

const guide = () => screen.queryByRole('dialog', { name: INSTALL_GUIDE_TEXTS.title })

test('in Safari on an iPhone, turning notifications on opens the Home Screen guide, once', async () => {
  iphoneSafari()
  renderWithApp(<PushSwitch userId={7} />)
  expect(hint()).toBe(PUSH_FAILURE_MESSAGES['home-screen'])
  expect((theSwitch() as HTMLInputElement).disabled).toBe(false)
  fireEvent.click(theSwitch())
  const dialog = await screen.findByRole('dialog', { name: INSTALL_GUIDE_TEXTS.title })
  expect(dialog.textContent).toContain(INSTALL_GUIDE_TEXTS.share)
  expect(dialog.textContent).toContain(INSTALL_GUIDE_TEXTS.add)
  // Safari's Share and Add to Home Screen glyphs are drawn beside their steps.
  expect(dialog.querySelectorAll('svg.install-guide__icon')).toHaveLength(2)
  expect(push.enable).not.toHaveBeenCalled()
  expect(Notification.requestPermission).not.toHaveBeenCalled()

  fireEvent.click(screen.getByRole('button', { name: INSTALL_GUIDE_TEXTS.close }))
  await waitFor(() => expect(guide()).toBeNull())
  fireEvent.click(theSwitch())
  expect(guide()).toBeNull()
  expect(theSwitch().getAttribute('aria-checked')).toBe('false')
})

test('turning the daily reminder on in Safari on an iPhone opens the guide; in the Home Screen app it does not', async () => {
  iphoneSafari()
  renderWithApp(<NotificationSettings userId={7} />)
  fireEvent.click(await screen.findByRole('checkbox', { name: /Send me a proverb every day/ }))
  expect(await screen.findByRole('dialog', { name: INSTALL_GUIDE_TEXTS.title })).toBeTruthy()
  cleanup()

  localStorage.clear()
  iphoneSafari(true)
  renderWithApp(<NotificationSettings userId={7} />)
  fireEvent.click(await screen.findByRole('checkbox', { name: /Send me a proverb every day/ }))
  expect(guide()).toBeNull()
})

test('elsewhere turning the reminder on opens no guide', async () => {
  renderWithApp(<NotificationSettings userId={7} />)
  fireEvent.click(await screen.findByRole('checkbox', { name: /Send me a proverb every day/ }))
  expect(guide()).toBeNull()
})
