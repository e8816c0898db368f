import { expect, test, type BrowserContext, type Locator, type Page } from './fixtures'
import { NOTIFICATION_POLL_MS } from '../../src/core/shared/constants'
import type { AppNotification, DailyReminder, NotificationPage, UnreadCount } from '../../src/core/notifications/contract'
import type { RunningServer } from '../support/server-process'
import { useAccount, type Account } from './accounts'
import { accountOn, apiAs, ownServer, waitForWorker } from './offline-support'

/**
 * Notifications in the app: the bell, the list, one message, reads made offline, a real scheduled event,
 * the /test page and the daily reminder. Exact counts need a server that makes no messages of its own,
 * so each journey runs on a server of its own with the scheduler off (one journey turns it on).
 */
let servers: RunningServer[] = []
test.afterEach(async () => {
  await Promise.all(servers.map((s) => s.stop()))
  servers = []
})

async function serve(schedulerMs = 0): Promise<RunningServer> {
  const server = await ownServer({ env: { OWE_SCHEDULER_MS: String(schedulerMs) } })
  servers.push(server)
  return server
}

/** A fresh account, signed in in this browser. */
async function signedIn(context: BrowserContext, server: RunningServer): Promise<Account> {
  const account = await accountOn(server, [])
  await useAccount(context, server.url, account)
  return account
}

/** What the test notification (POST /user/notification/test) says. */
const TEST_TITLE = 'Test notification'
const TEST_BODY = 'Notifications reach you on this device.'

const sendTest = (server: RunningServer, account: Account) => apiAs<AppNotification>(server, account, 'POST', '/user/notification/test')

/** The server's own unread count (its `message` field), asked straight, not through the page. */
async function unreadOnServer(server: RunningServer, account: Account): Promise<number> {
  const res = await fetch(`${server.url}/user/notification/unread/count`, { headers: { authorization: `Bearer ${account.token}` } })
  expect(res.ok).toBe(true)
  return ((await res.json()) as UnreadCount).message
}

/** The header's bell; its accessible name carries the count ("Notifications, 2 unread"). */
const bell = (page: Page) => page.getByRole('button', { name: /^Notifications(, \d+ unread)?$/ })
const dropdown = (page: Page) => page.getByRole('region', { name: 'Latest notifications' })
/** The list in the chosen tab of /notifications. */
const listed = (page: Page) => page.getByRole('tabpanel').getByRole('listitem')
const unreadLink = (scope: Page | Locator, title: string) => scope.getByRole('link', { name: new RegExp(`^Unread: ${title}`) })
const readLink = (scope: Page | Locator, title: string) => scope.getByRole('link', { name: new RegExp(`^${title}`) })

/** A poll comes every NOTIFICATION_POLL_MS; what the server made shows by the next one. */
const ONE_POLL = { timeout: NOTIFICATION_POLL_MS + 3_000 }

/** Set on the page once: still there later means the page was never reloaded. */
const markDocument = (page: Page) => page.evaluate(() => ((window as unknown as { oweE2eSameDocument: boolean }).oweE2eSameDocument = true))
const sameDocument = (page: Page) =>
  page.evaluate(() => (window as unknown as { oweE2eSameDocument?: boolean }).oweE2eSameDocument === true)

test('a new message raises the bell within one poll; opening it from the dropdown shows it and reads it, here and on the server', async ({
  page,
  context,
}) => {
  const server = await serve()
  const account = await signedIn(context, server)
  const firstCount = page.waitForResponse((res) => res.url().endsWith('/user/notification/unread/count') && res.ok())
  await page.goto(`${server.url}/`)
  await firstCount
  await expect(bell(page)).toHaveAccessibleName('Notifications')
  await markDocument(page)

  // The server makes a message after the page has asked for its count: only the poll can bring it.
  const message = await sendTest(server, account)
  await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread', ONE_POLL)
  expect(await sameDocument(page)).toBe(true)

  await bell(page).click()
  await expect(bell(page)).toHaveAttribute('aria-expanded', 'true')
  await expect(dropdown(page).getByRole('listitem')).toHaveCount(1)
  await unreadLink(dropdown(page), TEST_TITLE).click()

  await expect(page).toHaveURL(`${server.url}/notifications/${message.id}`)
  await expect(page.getByRole('heading', { level: 1, name: TEST_TITLE })).toBeVisible()
  await expect(page.getByText(TEST_BODY)).toBeVisible()
  await expect(bell(page)).toHaveAccessibleName('Notifications')
  await expect(dropdown(page)).toBeHidden()
  await expect.poll(() => unreadOnServer(server, account)).toBe(0)
})

test('/notifications: All, Unread and Read each list their messages, and the chosen tab survives a reload', async ({ page, context }) => {
  const server = await serve()
  const account = await signedIn(context, server)
  const read = await sendTest(server, account)
  const unread = await sendTest(server, account)
  await apiAs(server, account, 'GET', `/user/notification/fetch/${read.id}`)

  await page.goto(`${server.url}/notifications`)
  const tab = (name: string) => page.getByRole('tab', { name, exact: true })
  await expect(tab('All')).toHaveAttribute('aria-selected', 'true')
  await expect(listed(page)).toHaveCount(2)
  await expect(unreadLink(page.getByRole('tabpanel'), TEST_TITLE)).toHaveAttribute('href', `/notifications/${unread.id}`)
  await expect(readLink(page.getByRole('tabpanel'), TEST_TITLE)).toHaveAttribute('href', `/notifications/${read.id}`)
  await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread')

  for (const [name, query, id] of [
    ['Unread', 'unread', unread.id],
    ['Read', 'read', read.id],
  ] as const) {
    await tab(name).click()
    await expect(page).toHaveURL(`${server.url}/notifications?tab=${query}`)
    await expect(listed(page)).toHaveCount(1)
    await expect(listed(page).getByRole('link')).toHaveAttribute('href', `/notifications/${id}`)
    await page.reload()
    await expect(tab(name)).toHaveAttribute('aria-selected', 'true')
    await expect(listed(page)).toHaveCount(1)
    await expect(listed(page).getByRole('link')).toHaveAttribute('href', `/notifications/${id}`)
  }

  await tab('All').click()
  await expect(page).toHaveURL(`${server.url}/notifications`)
  await expect(listed(page)).toHaveCount(2)
  // Looking at the lists reads nothing.
  expect(await unreadOnServer(server, account)).toBe(1)
})

test('a message opened offline shows from the device and drops the bell at once; the server hears of the read when the connection returns', async ({
  page,
  context,
}) => {
  const server = await serve()
  const account = await signedIn(context, server)
  const message = await sendTest(server, account)
  await page.goto(`${server.url}/notifications`)
  await waitForWorker(page)
  const link = unreadLink(page.getByRole('tabpanel'), TEST_TITLE)
  await expect(link).toBeVisible()
  await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread')

  // The device's saved copy of the app's data as it is before the read (it is written at most once a second).
  const savedCopy = () => page.evaluate(() => localStorage.getItem('owe-query-cache') ?? '')
  await expect.poll(savedCopy).toContain(TEST_TITLE)
  const savedBeforeRead = await savedCopy()
  await context.setOffline(true)
  await link.click()
  await expect(page).toHaveURL(`${server.url}/notifications/${message.id}`)
  await expect(page.getByRole('heading', { level: 1, name: TEST_TITLE })).toBeVisible()
  await expect(page.getByText(TEST_BODY)).toBeVisible()
  await expect(bell(page)).toHaveAccessibleName('Notifications', { timeout: 2_000 })
  // Nothing reached the server: it still counts the message unread.
  expect(await unreadOnServer(server, account)).toBe(1)
  await page.getByRole('link', { name: 'Back to notifications' }).click()
  await expect(readLink(page.getByRole('tabpanel'), TEST_TITLE)).toBeVisible()
  expect(await unreadOnServer(server, account)).toBe(1)
  // Reloaded at once, still offline, the saved copy can predate the read: the read still shows.
  await page.evaluate((copy) => {
    localStorage.setItem('owe-query-cache', copy)
    location.reload()
  }, savedBeforeRead)
  await page.waitForLoadState()
  await expect(readLink(page.getByRole('tabpanel'), TEST_TITLE)).toBeVisible()
  await expect(bell(page)).toHaveAccessibleName('Notifications')

  await context.setOffline(false)
  await expect.poll(() => unreadOnServer(server, account), { timeout: 15_000 }).toBe(0)
  await page.reload()
  await expect(readLink(page.getByRole('tabpanel'), TEST_TITLE)).toBeVisible()
  await expect(unreadLink(page, TEST_TITLE)).toHaveCount(0)
  await expect(bell(page)).toHaveAccessibleName('Notifications')
})

test('a real event: the scheduler\'s "This week’s quizzes are ready" reaches the bell of a signed-in user, and its link leads to the quizzes', async ({
  page,
  context,
}) => {
  const QUIZ_WEEK = 'This week’s quizzes are ready'
  const server = await serve(1_000)
  await signedIn(context, server)
  await page.goto(`${server.url}/`)
  await expect(bell(page)).toHaveAccessibleName(/^Notifications, \d+ unread$/, { timeout: 20_000 })

  await bell(page).click()
  await unreadLink(dropdown(page), QUIZ_WEEK).click()
  await expect(page.getByRole('heading', { level: 1, name: QUIZ_WEEK })).toBeVisible()
  await expect(page.getByText(/^New quizzes for the week of .+ are waiting\./)).toBeVisible()
  await page.getByRole('link', { name: 'Open', exact: true }).click()
  await expect(page).toHaveURL(`${server.url}/quiz`)
  await expect(page.getByRole('heading', { level: 1, name: 'Quizzes' })).toBeVisible()
  // The lists arrive, and the open quizzes' questions are fetched for offline play: the journey ends once they
  // are, not while this test's server is being stopped under them.
  await expect(page.getByRole('region', { name: "This week's quizzes" })).toBeVisible()
  await page.waitForLoadState('networkidle')
})

test('/test shows a visitor what the browser does for Òwe; a signed-in user sends a test notification and the bell counts it', async ({
  page,
  context,
}) => {
  const server = await serve()
  await context.addCookies([{ name: 'cookieConsent', value: 'true', url: server.url }])
  await page.goto(`${server.url}/test`)
  await expect(page.getByRole('heading', { level: 1, name: 'Diagnostics' })).toBeVisible()
  await waitForWorker(page)
  const line = (section: string, term: string) => page.getByRole('region', { name: section }).locator(`dt:text-is("${term}") + dd`)

  await expect(line('Connection', 'Network')).toHaveText('Online')
  await expect(line('Offline support', 'Registered')).toHaveText('Yes')
  // The worker took over after the first paint: the page says so without a reload.
  await expect(line('Offline support', 'Controlling this page')).toHaveText('Yes')
  // The worker takes control while still activating; the page follows it to the end by itself.
  await expect(line('Offline support', 'Active')).toHaveText('Yes (activated)')
  await expect(line('Offline support', 'Scope')).toHaveText(`${server.url}/`)
  await expect(line('Storage', 'Used')).toHaveText(/^\d[\d.,]* ?[KMG]?B of \d[\d.,]* ?[KMGT]?B$/)
  await expect(line('Storage', 'Kept when space runs low')).toHaveText(/^(Yes|No)$/)
  await expect(line('Push notifications', 'Configured in this build')).toHaveText('Yes')
  await expect(line('Push notifications', 'Supported by this browser')).toHaveText('Yes')
  await expect(line('Push notifications', 'Permission')).toHaveText('Not asked yet')
  await expect(line('Push notifications', 'Device token stored')).toHaveText('No')
  const testSection = page.getByRole('region', { name: 'Test notification' })
  await expect(testSection).toContainText('Sign in to send yourself a test notification.')
  await expect(page.getByRole('button', { name: 'Send me a test notification' })).toHaveCount(0)

  const account = await signedIn(context, server)
  await page.reload()
  await expect(bell(page)).toHaveAccessibleName('Notifications')
  await page.getByRole('button', { name: 'Send me a test notification' }).click()
  await expect(testSection.getByText(/^Test notification sent\./)).toBeVisible()
  // Sending refreshes the count at once; no poll is needed.
  await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread')
  expect(await unreadOnServer(server, account)).toBe(1)
  const list = await apiAs<NotificationPage['data']>(server, account, 'GET', '/user/notification/unReadNotification')
  expect(list).toEqual([expect.objectContaining({ title: TEST_TITLE, body: TEST_BODY })])
})

test.describe('the daily reminder', () => {
  test.use({ timezoneId: 'Africa/Lagos' })

  test('is set on the profile, kept by the server across a reload, and turned off again', async ({ page, context }) => {
    const server = await serve()
    const account = await signedIn(context, server)
    const reminder = () => apiAs<DailyReminder>(server, account, 'GET', '/user/notification/reminder')
    await page.goto(`${server.url}/profile#notifications`)
    const form = page.getByRole('form', { name: 'Daily proverb' })
    const daily = form.getByRole('checkbox', { name: 'Send me a proverb every day' })
    const time = form.getByLabel('Time', { exact: true })
    await expect(daily).not.toBeChecked()
    await expect(time).toBeDisabled()
    await expect(form.getByText('Times are in Africa/Lagos.')).toBeVisible()

    await daily.check()
    await time.fill('08:30')
    await form.getByRole('button', { name: 'Save reminder' }).click()
    await expect(form.getByText('Saved. Your daily proverb comes at 08:30 (Africa/Lagos).')).toBeVisible()
    expect(await reminder()).toEqual({ time: '08:30', timeZone: 'Africa/Lagos' })

    await page.reload()
    await expect(daily).toBeChecked()
    await expect(time).toBeEnabled()
    await expect(time).toHaveValue('08:30')

    await daily.uncheck()
    await form.getByRole('button', { name: 'Save reminder' }).click()
    await expect(form.getByText('Saved. Daily proverb reminders are off.')).toBeVisible()
    expect((await reminder()).time).toBeNull()
    await page.reload()
    await expect(daily).not.toBeChecked()
    await expect(time).toBeDisabled()
  })
})
