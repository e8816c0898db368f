import { expect, test, type BrowserContext, type Page } from './fixtures'
import type { Paginated } from '../../src/core/http/contract'
import type { Proverb } from '../../src/core/proverbs/contract'
import type { RunningServer } from '../support/server-process'
import { declarativePush } from '../../src/core/notifications/declarative-push'
import { createAccount, useAccount } from './accounts'
import { ownServer, waitForWorker } from './offline-support'

/**
 * Push without Google (sw/README.md): pushes go to the worker through CDP's ServiceWorker.deliverPushMessage, shaped as
 * FCM delivers them. Firebase in the worker hands a push to a visible app window (a toast) or, with none, to our
 * background handler (a system notification). Notification clicks cannot come from automation (Chromium lets
 * clients.focus/openWindow run only for a real click), so the worker is sent a synthetic notificationclick, which runs
 * our handler: it navigates an open Òwe window, which needs no gesture.
 */

type PushData = { title: string; body: string; url: string }
type Shown = { title: string; body: string; data: unknown; icon: string; badge: string }

let delivered = 0

/** A line to the worker of `origin`, through a CDP session on `page` (any page, about:blank included). */
async function pushChannel(context: BrowserContext, page: Page, origin: string) {
  const cdp = await context.newCDPSession(page)
  const registration = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const live = registrations.find((r) => !r.isDeleted && r.scopeURL === `${origin}/`)
      if (live) resolve(live.registrationId)
    })
  })
  await cdp.send('ServiceWorker.enable')
  const registrationId = await registration
  return {
    /** One FCM data-only message, as the push service delivers it. */
    push: (data: PushData) =>
      cdp.send('ServiceWorker.deliverPushMessage', {
        origin,
        registrationId,
        data: JSON.stringify({ data, from: '1234567890', fcmMessageId: `e2e-${++delivered}` }),
      }),
    /** Any message as the push service delivers it (Apple's: a declarative push). */
    pushRaw: (message: unknown) => cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId, data: JSON.stringify(message) }),
    detach: () => cdp.detach(),
  }
}

/**
 * Something evaluated in the running worker of `origin`; undefined while none runs (it may be stopped or
 * restarting). A string, not a function: tsx's __name helpers do not exist in the worker.
 */
async function inWorker<T>(context: BrowserContext, origin: string, expression: string): Promise<T | undefined> {
  const worker = context.serviceWorkers().find((w) => w.url().startsWith(`${origin}/`))
  if (!worker) return undefined
  try {
    return (await worker.evaluate(expression)) as T
  } catch (error) {
    // The worker stopped while asked; anything else (a mistake in the expression) is the test's.
    if (/closed|destroyed/i.test(String(error))) return undefined
    throw error
  }
}

/** The system notifications the worker is showing. */
const shownNotifications = (context: BrowserContext, origin: string) =>
  inWorker<Shown[]>(
    context,
    origin,
    'self.registration.getNotifications().then((list) => list.map((n) => ({ title: n.title, body: n.body, data: n.data, icon: n.icon, badge: n.badge })))',
  )

/** What a user's tap on the first notification does: our notificationclick handler runs (see the top). */
const clickNotification = (context: BrowserContext, origin: string) =>
  inWorker<number>(
    context,
    origin,
    `self.registration.getNotifications().then((list) => {
      if (list.length > 0) self.dispatchEvent(new NotificationEvent('notificationclick', { notification: list[0] }))
      return list.length
    })`,
  )

/**
 * The app is closed: the install page goes, and the push comes through a CDP session on about:blank, so
 * no app window is visible to Firebase.
 */
async function closeApp(context: BrowserContext, appPage: Page): Promise<Page> {
  const origin = new URL(appPage.url()).origin
  const blank = await context.newPage()
  await appPage.close()
  // Gone for the worker too (0), or the worker is asleep (undefined) and finds none when a push wakes it.
  await expect
    .poll(() =>
      inWorker<number>(context, origin, "clients.matchAll({ type: 'window', includeUncontrolled: true }).then((list) => list.length)"),
    )
    .toBeFalsy()
  return blank
}

/** Notifications allowed, the worker installed from /about, then the app closed: a push channel to the worker alone. */
async function withAppClosed(context: BrowserContext, page: Page, origin: string) {
  await context.addCookies([{ name: 'cookieConsent', value: 'true', url: origin }])
  await context.grantPermissions(['notifications'], { origin })
  await page.goto(`${origin}/about`)
  await waitForWorker(page)
  return pushChannel(context, await closeApp(context, page), origin)
}

test('a push while the app is open shows a toast at the top left, and clicking it opens its page in the app', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  const origin = new URL(baseURL!).origin
  const account = await createAccount(request)
  await useAccount(context, origin, account)
  // Push is on for this device: permission granted and a token saved (the daily token check already done,
  // so nothing asks the push service, which Chromium cannot reach here).
  await context.grantPermissions(['notifications'], { origin })
  await context.addInitScript(
    ({ origin, userId }) => {
      if (location.origin !== origin) return
      localStorage.setItem('fcm_token', 'e2e-device-token')
      localStorage.setItem('fcm_token_user', String(userId))
      localStorage.setItem('fcm_token_checked', String(Date.now()))
    },
    { origin, userId: account.user.id },
  )
  await page.goto(`${origin}/`)
  await waitForWorker(page)
  await expect(page.getByRole('button', { name: /^Notifications/ })).toBeVisible()
  await page.evaluate(() => ((window as unknown as { oweE2eSameDocument: boolean }).oweE2eSameDocument = true))

  const channel = await pushChannel(context, page, origin)
  const data = { title: 'Your plan renews soon', body: 'See the plans and their prices.', url: '/pricing' }
  const toast = page.locator('.Toastify__toast-container--top-left .Toastify__toast').filter({ hasText: data.title })
  // The page's Firebase listener starts after Firebase loads, with nothing to show for it: a push that came
  // before it would be missed, so the push is sent again until one is shown (each a new FCM message).
  await expect(async () => {
    await channel.push(data)
    await expect(toast.first()).toBeVisible({ timeout: 2_000 })
  }).toPass({ timeout: 30_000 })
  await expect(toast.first()).toContainText(data.body)
  // Shown in the page only: Firebase gave it to the visible window, so the system shows nothing.
  expect(await shownNotifications(context, origin)).toEqual([])

  // A toast closes itself after 5 s (the spec's default). On a loaded machine the click can land after that,
  // on a toast already gone, so a missed click is tried again on a new push; the first that lands routes the app.
  await expect(async () => {
    if ((await toast.count()) === 0) await channel.push(data)
    await toast.first().click({ timeout: 5_000 })
  }).toPass({ timeout: 40_000 })
  await expect(page).toHaveURL(`${origin}/pricing`)
  await expect(page.getByRole('heading', { level: 1, name: 'Pricing' })).toBeVisible()
  // The app routed itself: the same document, never reloaded.
  expect(await page.evaluate(() => (window as unknown as { oweE2eSameDocument?: boolean }).oweE2eSameDocument)).toBe(true)
  await channel.detach()
})

test('a push with no app window open shows a system notification; tapping it brings an open app window to its page', async ({
  page,
  context,
  baseURL,
}) => {
  const origin = new URL(baseURL!).origin
  const channel = await withAppClosed(context, page, origin)
  const data = { title: 'A new proverb for you', body: 'Read about where Òwe’s proverbs come from.', url: '/about' }
  await channel.push(data)
  await expect
    .poll(() => shownNotifications(context, origin), { timeout: 15_000 })
    .toEqual([
      {
        title: data.title,
        body: data.body,
        data: { url: data.url },
        icon: `${origin}/icons/icon-192.png`,
        badge: `${origin}/icons/badge-96.png`,
      },
    ])
  // Both images are kept by the worker, so a notification that arrives offline still shows them.
  const kept = await inWorker<boolean[]>(
    context,
    origin,
    `Promise.all(['/icons/icon-192.png', '/icons/badge-96.png'].map((u) => caches.match(u, { ignoreSearch: true }).then(Boolean)))`,
  )
  expect(kept).toEqual([true, true])

  const app = await context.newPage()
  await app.goto(`${origin}/`)
  await waitForWorker(app)
  await expect(app).toHaveURL(`${origin}/`)
  expect(await clickNotification(context, origin)).toBe(1)
  await expect(app).toHaveURL(`${origin}${data.url}`)
  await expect(app.getByRole('heading', { level: 1, name: 'About Òwe' })).toBeVisible()
  // The tap closed it.
  await expect.poll(() => shownNotifications(context, origin)).toEqual([])
  await channel.detach()
})

test('Safari’s declarative push is shown once, as ours, by the worker — not a second time by Firebase', async ({
  page,
  context,
  baseURL,
}) => {
  const origin = new URL(baseURL!).origin
  const channel = await withAppClosed(context, page, origin)
  // What the server sends to a subscription on Apple's push service (server/src/services/web-push.ts).
  await channel.pushRaw(
    declarativePush({ title: 'This week’s quizzes are ready', body: 'Ten new questions.', url: '/quiz', badge: 3 }, origin),
  )
  await expect
    .poll(() => shownNotifications(context, origin), { timeout: 15_000 })
    .toEqual([
      {
        title: 'This week’s quizzes are ready',
        body: 'Ten new questions.',
        data: { url: '/quiz' },
        icon: `${origin}/icons/icon-192.png`,
        badge: `${origin}/icons/badge-96.png`,
      },
    ])
  await channel.detach()
})

test.describe('the daily reminder', () => {
  let server: RunningServer
  test.beforeEach(async ({ context }) => {
    server = await ownServer({ env: { OWE_SCHEDULER_MS: '0' } })
    await context.addCookies([{ name: 'cookieConsent', value: 'true', url: server.url }])
    await context.grantPermissions(['notifications'], { origin: server.url })
  })
  test.afterEach(async () => {
    await server?.stop()
  })

  /** The proverb of this slug in the device's copy (IndexedDB "owe-offline"), read in the worker; null when absent. */
  const keptProverb = (context: BrowserContext, slug: string) =>
    inWorker<string | null>(
      context,
      server.url,
      `(async () => {
        const names = (await indexedDB.databases()).map((d) => d.name)
        if (!names.includes('owe-offline')) return null
        const db = await new Promise((resolve, reject) => {
          const open = indexedDB.open('owe-offline')
          open.onsuccess = () => resolve(open.result)
          open.onerror = () => reject(open.error)
        })
        try {
          return await new Promise((resolve, reject) => {
            const get = db.transaction('proverbs').objectStore('proverbs').index('slug').get(${JSON.stringify(slug)})
            get.onsuccess = () => resolve(get.result ? get.result.proverb.proverb : null)
            get.onerror = () => reject(get.error)
          })
        } finally {
          db.close()
        }
      })()`,
    )

  /**
   * A real proverb's reminder arrives while Òwe is closed (the server up): a system notification, and the
   * proverb kept in the device's copy (it was not there before). Returns the proverb and the reminder's url.
   */
  async function reminderArrives(page: Page, context: BrowserContext): Promise<{ proverb: Proverb; url: string }> {
    const [proverb] = ((await (await fetch(`${server.url}/api/proverbs/public?size=1`)).json()) as Paginated<Proverb>).data
    const url = `/search_result?proverb=${encodeURIComponent(proverb.slug)}`
    // A page that reads no proverbs: the device has none before the push.
    await page.goto(`${server.url}/about`)
    await waitForWorker(page)
    await expect.poll(() => keptProverb(context, proverb.slug)).toBeNull()
    const blank = await closeApp(context, page)

    const channel = await pushChannel(context, blank, server.url)
    await channel.push({ title: 'Today’s proverb', body: `${proverb.proverb} — ${proverb.transliteration}`, url })
    await expect
      .poll(() => shownNotifications(context, server.url), { timeout: 15_000 })
      .toEqual([expect.objectContaining({ title: 'Today’s proverb', data: { url } })])
    await expect.poll(() => keptProverb(context, proverb.slug), { timeout: 15_000 }).toBe(proverb.proverb)
    await channel.detach()
    return { proverb, url }
  }

  test('tapped with no connection, it opens its proverb from the device', async ({ page, context }) => {
    const { proverb, url } = await reminderArrives(page, context)
    // On the bus, no signal: the user opens Òwe and taps the reminder.
    await context.setOffline(true)
    const app = await context.newPage()
    await app.goto(`${server.url}/`)
    await waitForWorker(app)
    expect(await clickNotification(context, server.url)).toBe(1)
    await expect(app).toHaveURL(`${server.url}${url}`)
    await expect(app.getByRole('heading', { level: 1 })).toHaveText(proverb.proverb)
    await expect(app.getByText(proverb.transliteration, { exact: true })).toBeVisible()
  })

  test('with the server stopped, its page shows the proverb from the device', async ({ page, context }) => {
    // The reader opens the reminder's page from a link (the tap is the journey above).
    const { proverb, url } = await reminderArrives(page, context)
    await server.stop()
    const app = await context.newPage()
    await app.goto(`${server.url}${url}`)
    await expect(app.getByRole('heading', { level: 1 })).toHaveText(proverb.proverb)
    await expect(app.getByText(proverb.transliteration, { exact: true })).toBeVisible()
  })
})
