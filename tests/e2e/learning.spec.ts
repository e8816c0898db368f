import { DELIVERY_TEXTS, countOf } from '../../src/core/shared/delivery'
import { expect, expectProblems, test, whenInteractive, type Browser, type BrowserContext, type Page } from './fixtures'
import type { LearningEntry, LearningLogPage, LearningSummary, LocalDay } from '../../src/core/learning/contract'
import { activeDays, streakOf } from '../../src/core/learning/streak'
import { dayInZone, shiftDay } from '../../src/core/learning/days'
import { dueCards, progressOf, replayDeck } from '../../src/core/learning/schedule'
import { formatInterval } from '../../src/core/learning/review-texts'
import type { Paginated } from '../../src/core/http/contract'
import type { Proverb } from '../../src/core/proverbs/contract'
import { formatLongDate } from '../../src/core/shared/format'
import { CHART_FAILED } from '../../src/core/shared/texts'
import type { RunningServer } from '../support/server-process'
import { createAccount, useAccount, type Account } from './accounts'
import {
  accountOn,
  apiAs,
  deviceHasProverb,
  deviceLearningLog,
  goOffline,
  groupProverbs,
  groupsOn,
  localDate,
  OFFLINE_MODES,
  ownServer,
  waitForWorker,
} from './offline-support'
import { expectNoAxeViolations, PHONE_390 } from './phone'

// Learning across midnight, offline, on two devices (docs/requirements.md#r18-learning, docs/decisions/019-learning.md):
// "review five cards offline across midnight in the reader's zone, come back online, and the streak and schedule are
// right on a second device".
//
// Time. The page's clock is Playwright's (`context.clock`), the service worker's and the server's are the real one.
// Entries carry the page's time, and the server refuses a batch holding one more than five minutes ahead of its
// clock: the page's clock must never run ahead of the real one. So the reader's zone is chosen for the moment the
// journey runs: the zone (of a list covering every whole hour from UTC-12 to UTC+14) where the real time is between
// 00:20 and 01:20. The page's clock starts ten minutes before that zone's last midnight — 30 to 90 minutes behind the
// real clock — and only ever moves forward to at most the real time. The reviews straddle that midnight; then the
// reader puts the phone away for a while: the page's clock catches up with the real one, so the server (which counts
// what is due at its own clock), the first device and the second device (real clock, two hours east: the same local
// day) all look at one moment, and whatever the grades made due in minutes is due everywhere.

test.use(PHONE_390)

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

/** Zones without summer time in 2026 where a reader may be, one for each whole hour from UTC. */
const ZONES = [
  'Africa/Accra',
  'Africa/Lagos',
  'Africa/Maputo',
  'Africa/Nairobi',
  'Indian/Mauritius',
  'Indian/Maldives',
  'Asia/Dhaka',
  'Asia/Bangkok',
  'Asia/Singapore',
  'Asia/Tokyo',
  'Australia/Brisbane',
  'Pacific/Guadalcanal',
  'Pacific/Tarawa',
  'Pacific/Fakaofo',
  'Pacific/Kiritimati',
  'Etc/GMT+12',
  'Pacific/Pago_Pago',
  'Pacific/Honolulu',
  'Pacific/Gambier',
  'Pacific/Pitcairn',
  'America/Phoenix',
  'America/Guatemala',
  'America/Bogota',
  'America/La_Paz',
  'America/Sao_Paulo',
  'Atlantic/South_Georgia',
  'Atlantic/Cape_Verde',
]

/** Minutes a zone is ahead of UTC at a moment (from the runtime's own zone data, as the browser's). */
function offsetOf(zone: string, at: number): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  )
  const local = Date.UTC(+parts.year, +parts.month - 1, +parts.day, +parts.hour, +parts.minute, +parts.second)
  return Math.round((local - Math.floor(at / 1000) * 1000) / MINUTE)
}

type Zone = { name: string; offset: number; midnight: number; today: LocalDay }

/**
 * The zone where it is now between 00:20 and 01:20 (offset at most UTC+11, so that a zone two hours east exists),
 * with its last midnight (a moment) and the day that began then.
 */
function zoneJustPastMidnight(now: number): Zone {
  for (const name of ZONES) {
    const offset = offsetOf(name, now)
    const sinceMidnight = (((now + offset * MINUTE) % DAY) + DAY) % DAY
    if (offset <= 11 * 60 && sinceMidnight >= 20 * MINUTE && sinceMidnight < 80 * MINUTE) {
      const midnight = now - sinceMidnight
      return { name, offset, midnight, today: dayInZone(new Date(now), name)! }
    }
  }
  throw new Error('no zone is just past midnight')
}

function zoneWithOffset(offset: number, now: number): string {
  const name = ZONES.find((zone) => offsetOf(zone, now) === offset)
  if (!name) throw new Error(`no zone at ${offset} minutes`)
  return name
}

/** "The next card is due …" as a device in `zone` says it at `now` (src/core/learning/review-texts.ts dueWhen, in that zone). */
function dueWhenIn(due: number, now: number, zone: string): string {
  const ms = due - now
  if (ms <= 0) return 'now'
  if (ms < HOUR) return `in ${formatInterval(ms).long}`
  const day = dayInZone(new Date(due), zone)!
  const today = dayInZone(new Date(now), zone)!
  if (day === today) {
    const time = new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(due)
    return `today at ${time}`
  }
  if (day === shiftDay(today, 1)) return 'tomorrow'
  return `on ${formatLongDate(day)}`
}

/** The midnight journeys' own server (one of them stops it), and the reader's devices there. */
let server: RunningServer
let devices: BrowserContext[] = []

/** A device of the reader's: a phone in a zone, signed in, allowed Background Sync (the worker sends when back online). */
async function device(browser: Browser, account: Account, timezoneId: string): Promise<BrowserContext> {
  const context = await browser.newContext({ ...PHONE_390, timezoneId })
  devices.push(context)
  await context.addCookies([{ name: 'cookieConsent', value: 'true', url: server.url }])
  await context.grantPermissions(['background-sync'], { origin: server.url })
  await useAccount(context, server.url, account)
  return context
}

const pageNow = (page: Page) => page.evaluate(() => Date.now())

/** Moves the page's clock forward to `moment` (its timers due meanwhile fire, as after a phone's sleep). */
async function clockTo(page: Page, moment: number): Promise<void> {
  const now = await pageNow(page)
  expect(moment, 'the page clock only moves forward').toBeGreaterThan(now)
  await page.clock.fastForward(Math.round(moment - now))
}

const tabBar = (page: Page) => page.locator('nav.tab-bar')
const learnTab = (page: Page) => tabBar(page).getByRole('link', { name: /^Learn/ })
const cardText = (page: Page) => page.locator('#review-card-text')
const cardsLeft = (page: Page) => page.locator('.review__left')

/** The reader's whole log as the server has it, and the summary for their local day. */
async function serverSide(account: Account, today: LocalDay) {
  const entries: LearningEntry[] = []
  for (let after = 0, more = true; more;) {
    const page = await apiAs<LearningLogPage>(server, account, 'GET', `/api/learning/log?after=${after}`)
    entries.push(...page.entries.map(({ seq: _seq, ...entry }) => entry as LearningEntry))
    ;({ cursor: after, more } = page)
  }
  const summary = await apiAs<LearningSummary>(server, account, 'GET', `/api/learning/summary?today=${today}`)
  return { entries, summary }
}

const reviewsIn = (entries: LearningEntry[]) => entries.filter((entry) => entry.kind === 'review')

/** The streak card and calendar on the page (home or the profile) say this. */
async function expectStreak(
  page: Page,
  streak: { current: number; best: number; today: string; todayDay: LocalDay; active: LocalDay[]; inactive?: LocalDay[] },
) {
  const card = page.locator('.streak-card')
  const days = (n: number) => (n === 1 ? '1 day' : `${n} days`)
  await expect(card.locator('.streak-card__current')).toHaveText(days(streak.current))
  await expect(card.locator('dd').nth(1)).toHaveText(days(streak.best))
  await expect(card.locator('.streak-card__today')).toHaveText(streak.today)
  const cell = (day: LocalDay, active: boolean) =>
    page.getByRole('cell', {
      name: `${formatLongDate(day)}${day === streak.todayDay ? ' (today)' : ''}: ${active ? 'active' : 'not active'}`,
      exact: true,
    })
  for (const day of streak.active) await expect(cell(day, true)).toHaveCount(1)
  for (const day of streak.inactive ?? []) await expect(cell(day, false)).toHaveCount(1)
}

/** Progress (/learn/progress) says this: the three numbers, and each day's reviews in its table (behind a disclosure). */
async function expectProgress(
  page: Page,
  progress: { deck: number; learned?: number; retention?: number | null; days: { day: LocalDay; reviews: number; again: number }[] },
) {
  await expect(page.getByRole('heading', { level: 1, name: 'Your progress' })).toBeVisible()
  const stat = (name: string) =>
    page
      .locator('.progress-stats > div')
      .filter({ has: page.getByText(name, { exact: true }) })
      .locator('.progress-stats__value')
  await expect(stat('Proverbs in your deck')).toHaveText(String(progress.deck))
  if (progress.learned !== undefined) await expect(stat('Learned')).toHaveText(String(progress.learned))
  if (progress.retention !== undefined)
    await expect(stat('Retention')).toHaveText(progress.retention === null ? 'Not yet' : `${Math.round(progress.retention * 100)}%`)
  for (const row of progress.days)
    await expect(
      page.getByRole('row', { name: `${formatLongDate(row.day)} ${row.reviews} ${row.again}`, exact: true, includeHidden: true }),
    ).toHaveCount(1)
}

/** What progress shows, worked out from a log. */
function progressFrom(entries: LearningEntry[]) {
  const { deck, learned, retention, reviewsPerDay } = progressOf(entries)
  return { deck, learned, retention, days: reviewsPerDay }
}

const TODAY_COUNTS = 'Today counts. Come back tomorrow to keep it going.'
const KEEP_IT = 'Read a proverb today to keep it'

/** Shows the answer (Space, or the button) and grades the card (its key, or its button); returns the proverb graded. */
async function review(page: Page, proverbs: Proverb[], how: { show: 'Space' | 'Enter' | 'tap'; grade: 1 | 2 | 3 | 4; by: 'key' | 'tap' }) {
  const text = (await cardText(page).innerText()).trim()
  const proverb = proverbs.find((p) => p.proverb.trim() === text)
  expect(proverb, `the card "${text}" is one of the deck's`).toBeDefined()
  if (how.show === 'tap') await page.getByRole('button', { name: 'Show answer' }).tap()
  else await page.keyboard.press(how.show)
  // The answer takes focus, and four grades say when the card would come back.
  await expect(page.locator('.review-card__answer')).toBeFocused()
  await expect(page.getByText(proverb!.interpretation, { exact: true })).toBeVisible()
  const grades = page.getByRole('group', { name: 'How well did you remember it?' })
  await expect(grades.getByRole('button')).toHaveCount(4)
  // Each named by what it shows ("Good, 10 min"), described by what that means.
  const button = grades.getByRole('button', { name: new RegExp(`^${['Again', 'Hard', 'Good', 'Easy'][how.grade - 1]}, \\d`) })
  await expect(button).toHaveAccessibleDescription(/^Back in \d/)
  if (how.by === 'key') await page.keyboard.press(String(how.grade))
  else await button.tap()
  // The next card (or "All done for now") takes focus.
  await expect(page.locator('#review-card-text, .review-done h2')).toBeFocused()
  await expect(page.getByRole('heading', { name: proverb!.proverb, exact: true })).toHaveCount(0)
  return proverb!
}

test.describe('across midnight, offline, on two devices', () => {
  test.afterEach(async () => {
    for (const context of devices) await context.close()
    devices = []
    await server?.stop()
  })

  for (const mode of OFFLINE_MODES) {
    test(`five cards reviewed offline across the reader's midnight (${mode}) reach the server, and a second device shows the same deck, schedule and streak`, async ({
      browser,
    }) => {
      test.setTimeout(300_000)
      server = await ownServer()
      const group = (await groupsOn(server)).find((g) => g.slug === 'yoruba')!
      const account = await accountOn(server, [group.id])
      // Five proverbs with a meaning: two added from their pages, three hearted and added with "Add all favourites".
      const proverbs = (await groupProverbs(server, 'yoruba')).filter((p) => p.interpretation.trim()).slice(0, 5)
      const [fromPage1, fromPage2, ...hearted] = proverbs
      for (const proverb of hearted) await apiAs(server, account, 'PUT', `/api/proverbs/favourites/${proverb.id}`)

      const started = Date.now()
      const zone = zoneJustPastMidnight(started)
      const yesterday = shiftDay(zone.today, -1)
      const first = await device(browser, account, zone.name)
      const page = await first.newPage()
      await page.clock.install({ time: zone.midnight - 10 * MINUTE })

      // Online, late in the evening: two proverbs from their pages (each read counts for the day), then the favourites.
      for (const proverb of [fromPage1, fromPage2]) {
        await page.goto(`${server.url}/search_result?proverb=${encodeURIComponent(proverb.slug)}`)
        await page.getByRole('button', { name: 'Add to deck' }).click()
        await expect(page.getByRole('button', { name: 'In your deck — remove' })).toBeVisible()
        await expect(page.getByRole('status').filter({ hasText: 'Added to your deck. It comes up in Learn.' })).toBeVisible()
      }
      await waitForWorker(page)
      await learnTab(page).click()
      await expect(page).toHaveURL(/\/learn$/)
      await expect(page.getByText('2 proverbs, 2 due now.')).toBeVisible()
      await page.getByRole('button', { name: 'Add all favourites' }).click()
      await expect(page.getByText('3 proverbs added')).toBeVisible()
      await expect(page.getByText('5 proverbs, 5 due now.')).toBeVisible()
      await expect(cardsLeft(page)).toHaveText('5 cards left')
      await expect(learnTab(page)).toHaveAccessibleName('Learn, 5 due')
      // The deck reads offline: every card's proverb is kept on the device.
      for (const proverb of proverbs) await expect.poll(() => deviceHasProverb(page, proverb.slug), { timeout: 15_000 }).toBe(true)
      // And the adds reached the server (the reads too) before the signal goes.
      await expect.poll(async () => (await serverSide(account, zone.today)).entries.filter((e) => e.kind === 'add').length).toBe(5)

      // No signal from now on. The page loads from the device.
      await goOffline(mode, first, server)
      await page.reload()
      await expect(cardsLeft(page)).toHaveText('5 cards left')
      if (mode === 'browser offline') await expect(page.getByText(/^You’re offline\. Reviews are kept on this device/)).toBeVisible()

      // Three minutes before midnight: two cards, one by the keyboard, one by touch.
      await clockTo(page, zone.midnight - 3 * MINUTE)
      const graded: Proverb[] = []
      graded.push(await review(page, proverbs, { show: 'Space', grade: 3, by: 'key' }))
      await expect(cardsLeft(page)).toHaveText('4 cards left')
      await expect(page.getByRole('status').filter({ hasText: 'Good. 4 cards left.' })).toBeAttached()
      await expect(learnTab(page)).toHaveAccessibleName('Learn, 4 due')
      graded.push(await review(page, proverbs, { show: 'tap', grade: 4, by: 'tap' }))
      await expect(cardsLeft(page)).toHaveText('3 cards left')
      await expect(learnTab(page)).toHaveAccessibleName('Learn, 3 due')
      // Said saved on the phone, with how much, while it cannot be sent.
      await expect(page.locator('.learn-header__delivery')).toHaveText(`${DELIVERY_TEXTS.saved}: ${countOf('learning', 2)}`)

      // The streak, offline: the day counts (reads and reviews, none of it sent).
      await tabBar(page).getByRole('link', { name: 'Home' }).click()
      await expectStreak(page, { current: 1, best: 1, today: TODAY_COUNTS, todayDay: yesterday, active: [yesterday] })

      // Midnight passes with the page open: a new day, with nothing in it yet; the streak is alive until it ends.
      await clockTo(page, zone.midnight + MINUTE)
      await expectStreak(page, { current: 1, best: 1, today: KEEP_IT, todayDay: zone.today, active: [yesterday], inactive: [zone.today] })

      // The other three cards, after midnight: keys 1 and 2, then a tap on Good.
      await learnTab(page).click()
      await expect(cardsLeft(page)).toHaveText('3 cards left')
      graded.push(await review(page, proverbs, { show: 'Enter', grade: 1, by: 'key' }))
      await expect(cardsLeft(page)).toHaveText('2 cards left')
      graded.push(await review(page, proverbs, { show: 'Space', grade: 2, by: 'key' }))
      graded.push(await review(page, proverbs, { show: 'tap', grade: 3, by: 'tap' }))
      // Nothing due: the card graded Again is back in a minute.
      await expect(page.getByRole('heading', { name: 'All done for now' })).toBeFocused()
      await expect(page.getByText('The next card is due in 1 minute.')).toBeVisible()
      await expect(learnTab(page)).toHaveAccessibleName('Learn')
      expect(new Set(graded.map((p) => p.id)).size).toBe(5)

      // Progress, offline: its numbers and tables from the device (a chart needs Chart.js, which may not be here).
      await page.getByRole('navigation', { name: 'Learn' }).getByRole('link', { name: 'Progress' }).click()
      await expectProgress(page, {
        deck: 5,
        days: [
          { day: yesterday, reviews: 2, again: 0 },
          { day: zone.today, reviews: 3, again: 1 },
        ],
      })
      await tabBar(page).getByRole('link', { name: 'Home' }).click()
      await expectStreak(page, { current: 2, best: 2, today: TODAY_COUNTS, todayDay: zone.today, active: [yesterday, zone.today] })

      // The phone is put away and taken out again later (the page's clock catches up with the real one): what the
      // grades made due in minutes is due.
      await clockTo(page, Date.now())
      await learnTab(page).click()
      await expect(cardsLeft(page)).toHaveText('4 cards left')
      await expect(learnTab(page)).toHaveAccessibleName('Learn, 4 due')

      // Back online: the worker sends the log (Background Sync, or its retries once the server is back).
      if (mode === 'browser offline') await first.setOffline(false)
      else server = await ownServer({ port: Number(new URL(server.url).port), dataDir: server.dataDir })
      await expect.poll(async () => reviewsIn((await serverSide(account, zone.today)).entries).length, { timeout: 90_000 }).toBe(5)
      await expect(page.locator('.learn-header__delivery')).toHaveText(DELIVERY_TEXTS.sent)

      // What the server holds: the five reviews, each on the local day it was made at the zone's offset.
      const { entries, summary } = await serverSide(account, zone.today)
      const reviews = reviewsIn(entries).sort((a, b) => (a.at < b.at ? -1 : 1))
      expect(reviews.map((r) => [r.proverbId, r.grade, r.day, r.offset])).toEqual(
        graded.map((p, i) => [p.id, [3, 4, 1, 2, 3][i], i < 2 ? yesterday : zone.today, zone.offset]),
      )
      expect(reviews.every((r) => Date.parse(r.at) < started + 5 * MINUTE)).toBe(true)
      // The summary is the log's: two active days across the midnight, and the deck due at the server's clock.
      expect(summary.streak).toEqual(streakOf(activeDays(entries), zone.today))
      expect(summary.streak).toEqual({ current: 2, best: 2, activeToday: true, lastActiveDay: zone.today })
      expect(summary.days).toEqual([yesterday, zone.today])
      const deck = replayDeck(entries)
      const dueNow = (at: number) => dueCards(deck.values(), new Date(at))
      expect(summary.deck).toBe(5)
      expect(summary.due).toBe(dueNow(Date.now()).length)
      expect(summary.due).toBe(4)

      // A second device, two hours east (the same local day), signs in and opens Learn: the log comes down and
      // replays to the same deck. The same first card, the same count, the same streak.
      const east = zoneWithOffset(zone.offset + 120, Date.now())
      const second = await device(browser, account, east)
      const other = await second.newPage()
      await other.goto(`${server.url}/learn`)
      await expect(cardsLeft(other)).toHaveText('4 cards left')
      const firstDue = dueNow(Date.now())[0]
      const firstProverb = proverbs.find((p) => p.id === firstDue.proverbId)!
      await expect(cardText(other)).toHaveText(firstProverb.proverb)
      await expect(cardText(page)).toHaveText(firstProverb.proverb)
      await expect(other.getByText('5 proverbs, 4 due now.')).toBeVisible()
      await expect(page.getByText('5 proverbs, 4 due now.')).toBeVisible()
      await expect(learnTab(other)).toHaveAccessibleName('Learn, 4 due')
      await other.goto(`${server.url}/profile`)
      await expectStreak(other, { current: 2, best: 2, today: TODAY_COUNTS, todayDay: zone.today, active: [yesterday, zone.today] })

      // The second device reviews what is due (Easy, online): the schedule it reaches is the log's, and the first
      // device, opened again, pulls it and says the same of when the next card is due.
      await other.goto(`${server.url}/learn`)
      for (let left = 4; left > 0; left--) {
        await expect(cardsLeft(other)).toHaveText(`${left} ${left === 1 ? 'card' : 'cards'} left`)
        await review(other, proverbs, { show: 'Space', grade: 4, by: 'key' })
      }
      await expect(other.getByRole('heading', { name: 'All done for now' })).toBeVisible()
      await expect.poll(async () => reviewsIn((await serverSide(account, zone.today)).entries).length, { timeout: 30_000 }).toBe(9)
      const after = await serverSide(account, zone.today)
      const cards = [...replayDeck(after.entries).values()]
      expect(after.summary.due).toBe(0)
      const nextDue = Math.min(...cards.map((card) => Date.parse(card.due)))
      await expect(other.getByText(`The next card is due ${dueWhenIn(nextDue, Date.now(), east)}.`)).toBeVisible()
      await page.reload()
      await expect(page.getByRole('heading', { name: 'All done for now' })).toBeVisible({ timeout: 30_000 })
      await expect(page.getByText(`The next card is due ${dueWhenIn(nextDue, Date.now(), zone.name)}.`)).toBeVisible()
      await expect(learnTab(page)).toHaveAccessibleName('Learn')
      await expect(learnTab(other)).toHaveAccessibleName('Learn')
      // And their progress is the log's, on both.
      const progress = progressFrom(after.entries)
      expect(progress.days).toEqual([
        { day: yesterday, reviews: 2, again: 0 },
        { day: zone.today, reviews: 7, again: 1 },
      ])
      for (const device of [page, other]) {
        await device.getByRole('navigation', { name: 'Learn' }).getByRole('link', { name: 'Progress' }).click()
        await expectProgress(device, progress)
      }
    })
  }
})

test('Learn by keyboard, from an empty deck to "All done for now", and its screens have no accessibility violations in light or dark; progress draws its charts offline once drawn online', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000)
  const account = await createAccount(request)
  await useAccount(context, baseURL!, account)
  const { data } = (await (await request.get('/api/proverbs/public?ethnic=igbo&page=1&size=20')).json()) as Paginated<Proverb>
  const [favourite1, favourite2, fromPage, fourth] = data.filter((p) => p.interpretation.trim())
  for (const proverb of [favourite1, favourite2])
    expect(
      (await request.put(`/api/proverbs/favourites/${proverb.id}`, { headers: { authorization: `Bearer ${account.token}` } })).ok(),
    ).toBe(true)
  const axe = async (what: string) => {
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme })
      await test.step(`${what} in ${colorScheme}`, () => expectNoAxeViolations(page))
    }
    await page.emulateMedia({ colorScheme: 'light' })
  }

  // An empty deck says what the deck is and how to fill it.
  await page.goto('/learn')
  await waitForWorker(page)
  await expect(page.getByRole('heading', { level: 2, name: 'Your deck is empty' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Find proverbs' })).toBeVisible()
  await expect(learnTab(page)).toHaveAccessibleName('Learn')
  await axe('an empty deck')
  // "Add all favourites" fills it: the deck says so, and the first card takes the focus of the button that went.
  const add = page.getByRole('button', { name: 'Add all favourites' })
  await expect(add).toBeEnabled()
  await add.focus()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('region', { name: 'Your deck' }).getByRole('status')).toHaveText(
    '2 proverbs added. All your favourites are in your deck.',
  )
  await expect(cardText(page)).toBeFocused()
  await expect(learnTab(page)).toHaveAccessibleName('Learn, 2 due')

  // A proverb's page puts it in the deck and takes it out again; and in once more.
  for (const proverb of [fromPage, fourth]) {
    await page.goto(`/search_result?proverb=${encodeURIComponent(proverb.slug)}`)
    const deckButton = page.getByRole('button', { name: 'Add to deck' })
    await whenInteractive(deckButton)
    await deckButton.click()
    await expect(page.getByRole('button', { name: 'In your deck — remove' })).toBeVisible()
    await expect(learnTab(page)).toHaveAccessibleName(proverb === fromPage ? 'Learn, 3 due' : 'Learn, 4 due')
  }
  await page.getByRole('button', { name: 'In your deck — remove' }).click()
  await expect(page.getByText('Taken out of your deck.')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Add to deck' })).toBeVisible()
  await expect(learnTab(page)).toHaveAccessibleName('Learn, 3 due')
  await page.getByRole('button', { name: 'Add to deck' }).click()
  await expect(learnTab(page)).toHaveAccessibleName('Learn, 4 due')

  // Four cards, all by keyboard: Space or Enter shows the answer, 1 to 4 grade it.
  await learnTab(page).click()
  await expect(cardsLeft(page)).toHaveText('4 cards left')
  await expect(page.getByText('4 proverbs, 4 due now.')).toBeVisible()
  await axe('a card')
  const deck = [favourite1, favourite2, fromPage, fourth]
  await review(page, deck, { show: 'Enter', grade: 4, by: 'key' })
  await axe('the next card')
  await review(page, deck, { show: 'Space', grade: 2, by: 'key' })
  await page.keyboard.press('Space')
  await axe('an answer')
  await page.keyboard.press('3')
  await expect(cardsLeft(page)).toHaveText('1 card left')
  await expect(page.getByRole('status').filter({ hasText: 'Good. 1 card left.' })).toBeAttached()
  await review(page, deck, { show: 'Enter', grade: 1, by: 'key' })
  await expect(page.getByRole('heading', { level: 2, name: 'All done for now' })).toBeFocused()
  await expect(page.getByText('The next card is due in 1 minute.')).toBeVisible()
  await expect(learnTab(page)).toHaveAccessibleName('Learn')
  await axe('all done')

  await page.getByRole('navigation', { name: 'Learn' }).getByRole('link', { name: 'Progress' }).click()
  await expectProgress(page, { deck: 4, learned: 1, retention: null, days: [{ day: localDate(), reviews: 4, again: 1 }] })
  await expect(page.locator('canvas')).toHaveCount(3)
  // The numbers line up side by side, though "Proverbs in your deck" takes two lines on a phone and "Learned" one.
  const values = page.locator('.progress-stats__value')
  const [deckValue, learnedValue] = [await values.nth(0).boundingBox(), await values.nth(1).boundingBox()]
  expect(deckValue!.x).toBeLessThan(learnedValue!.x)
  expect(Math.abs(deckValue!.y - learnedValue!.y)).toBeLessThan(1)
  await axe('progress')

  // Progress drawn once online draws its charts offline too: the worker kept Chart.js's chunk (the browser's own
  // HTTP cache, which may let it go at any time, is emptied first).
  await (await context.newCDPSession(page)).send('Network.clearBrowserCache')
  await context.setOffline(true)
  await page.reload()
  await expectProgress(page, { deck: 4, learned: 1, retention: null, days: [{ day: localDate(), reviews: 4, again: 1 }] })
  // Drawn: Chart.js sizes each canvas it draws on (the canvas itself is there either way).
  const canvases = page.locator('canvas')
  await expect(canvases).toHaveCount(3)
  for (const canvas of await canvases.all()) await expect(canvas).toHaveAttribute('style', /box-sizing: border-box/)
  await expect(page.getByText(CHART_FAILED)).toHaveCount(0)
  await context.setOffline(false)
})

test('a phone whose clock goes 20 minutes fast: a grade made then waits on the phone while the rest is sent, and both Learn pages say why', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  const account = await createAccount(request)
  await useAccount(context, baseURL!, account)
  const { data } = (await (await request.get('/api/proverbs/public?ethnic=yoruba&page=1&size=10')).json()) as Paginated<Proverb>
  const [first, second, third] = data.filter((p) => p.interpretation.trim())
  const deck = [first, second]
  for (const proverb of deck)
    expect(
      (await request.put(`/api/proverbs/favourites/${proverb.id}`, { headers: { authorization: `Bearer ${account.token}` } })).ok(),
    ).toBe(true)
  const onServer = async (kind: string) => {
    const log = (await (
      await request.get('/api/learning/log?after=0', { headers: { authorization: `Bearer ${account.token}` } })
    ).json()) as { data: LearningLogPage }
    return log.data.entries.filter((entry) => entry.kind === kind).length
  }
  const onPhone = async (kind: string) => (await deviceLearningLog(page, account.user.id)).filter((entry) => entry.kind === kind)

  // Two cards, on a clock that is right; the first graded offline, so its grade waits on the phone. (Easy: back in
  // days, so not due again when the clock jumps.)
  await page.goto('/learn')
  await waitForWorker(page)
  await page.getByRole('button', { name: 'Add all favourites' }).click()
  await expect(cardsLeft(page)).toHaveText('2 cards left')
  await context.setOffline(true)
  await review(page, deck, { show: 'tap', grade: 4, by: 'tap' })

  // Then the phone's clock goes 20 minutes fast (the page's clock: entries are dated by the page), and the second
  // card is graded: dated 20 minutes ahead, the server calls it early (a 400 coded clock_ahead) until its own clock
  // catches up. The page's analytics events are dated ahead too; the collector refuses them.
  expectProblems(/^answer: 400 POST \S+\/api\/(learning\/log|events)$/)
  await context.clock.install({ time: Date.now() + 20 * MINUTE })
  await review(page, deck, { show: 'tap', grade: 4, by: 'tap' })
  await expect(page.getByRole('heading', { level: 2, name: 'All done for now' })).toBeVisible()
  await context.setOffline(false)

  // Back online, one round sends what it can: the first grade reaches the server; the second stays on the phone,
  // and the page says so. (The worker runs the round on its own clock, which is right: so the word is that entries
  // wait, not how fast the clock is, which src/features/learning/components/learn-header.test.tsx covers.)
  const word = page.locator('.learn-header__clock')
  await expect(word.locator('.notice__title')).toHaveText('Some of what you did waits on this device')
  await expect(word).toContainText(
    'It was dated ahead of the right time, while this device’s clock was fast, and is saved to your account once the right time catches up with it.',
  )
  await expect(word.locator('xpath=..')).toHaveAttribute('role', 'status')
  expect(await onServer('review')).toBe(1)
  expect(await onPhone('review')).toEqual(
    expect.arrayContaining([
      { kind: 'review', sent: true },
      { kind: 'review', sent: false },
    ]),
  )
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme })
    await test.step(`the word on a fast clock in ${colorScheme}`, () => expectNoAxeViolations(page))
  }
  await page.emulateMedia({ colorScheme: 'light' })

  // A reload loses nothing: both cards stay graded, and progress says the same word.
  await page.reload()
  await expect(page.getByRole('heading', { level: 2, name: 'All done for now' })).toBeVisible()
  expect(await onPhone('review')).toHaveLength(2)
  await page.getByRole('navigation', { name: 'Learn' }).getByRole('link', { name: 'Progress' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Your progress' })).toBeVisible()
  await expect(page.locator('.learn-header__clock .notice__title')).toHaveText('Some of what you did waits on this device')

  // The clock set right, what the reader does next is dated before the waiting grade: it goes at once.
  await context.clock.setSystemTime(Date.now())
  await page.goto(`/search_result?proverb=${encodeURIComponent(third.slug)}`)
  await expect(page.getByRole('heading', { level: 1, name: third.proverb })).toBeVisible()
  await expect.poll(() => onServer('read')).toBe(1)
  expect(await onServer('review')).toBe(1)
})
