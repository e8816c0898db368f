/**
 * Learning on the device for `npm run bench -- learning` (section 31 of bench.ts): grade a card → the next card shown,
 * in Chromium against the built app and the real server. A reader with a deck of 50 cards, all due, opens /learn; each
 * of 40 cards is shown (Space) and graded Good (key 3), timed in the page from the key's event to the next card's text
 * painted (a MutationObserver sees the text change, then a frame and a task: the paint is done). Once as Chromium runs
 * here, once with the CPU slowed four times (a mid-range phone, as the layout journeys run). Budget: median < 30 ms
 * (docs/decisions/019-learning.md: a grade renders from the store in memory before anything is written).
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { buildApp } from '../../server/src/app'
import { loadConfig } from '../../server/src/config'
import { openDatabase } from '../../server/src/db/client'
import { seed } from '../../server/src/db/seed/seed'
import type { LoginResult } from '../../src/core/account/contract'
import { API } from '../../src/core/http/api-paths'
import type { LearningBatchResult, LearningEntry } from '../../src/core/learning/contract'
import { median, p95 } from './measure'

const CARDS = 50
const GRADES = 40
const BUDGET_MS = 30
/** The slowed run: Chromium's CPU throttling rate. */
const SLOWDOWN = 4

/**
 * Installed before the app's scripts (a string: tsx's `__name` helper does not exist in the page). A grade key pressed
 * while the grades show starts the clock at the event's own time stamp (the same time base as performance.now); the
 * clock stops once the card's text has changed and the frame holding it has been painted (the task after the frame's
 * callbacks). Each grade records [to painted, to the next card in the page's DOM].
 */
const GRADE_PROBE = `(() => {
  window.__oweGrades = []
  let started = null
  let before = null
  document.addEventListener('keydown', (event) => {
    if (!/^[1-4]$/.test(event.key) || !document.querySelector('.review-card__grades')) return
    started = event.timeStamp
    before = document.getElementById('review-card-text')?.textContent ?? null
  }, true)
  new MutationObserver(() => {
    if (started === null) return
    const text = document.getElementById('review-card-text')?.textContent ?? null
    if (text === null || text === before) return
    const from = started
    started = null
    const inPage = performance.now() - from
    requestAnimationFrame(() => setTimeout(() => window.__oweGrades.push([performance.now() - from, inPage]), 0))
  }).observe(document, { subtree: true, childList: true, characterData: true })
})()`

type Timed = { medianMs: number; p95Ms: number; inDomMedianMs: number; grades: number }

export async function reviewBench(options: { staticDir: string; results: Record<string, unknown> }): Promise<void> {
  const { chromium } = await import('playwright-core')
  const { findChromium } = await import('../../scripts/find-chromium.mjs')
  const { CHROMIUM_ARGS } = await import('../../playwright.config')
  const { hashPassword } = await import('../../server/src/services/passwords')
  const { proverbs, users } = await import('../../server/src/db/schema')

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'owe-bench-review-'))
  const database = await openDatabase({ kind: 'pglite', dataDir })
  await database.migrate()
  await seed(database.db)
  await database.analyze()
  const app = await buildApp(
    loadConfig({ LOG_LEVEL: 'silent', OWE_STATIC_DIR: options.staticDir, OWE_SCHEDULER_MS: '0', OWE_LEARNING_RATE_LIMIT: '100000' }),
    { database, logger: false },
  )
  const base = await app.listen({ port: 0, host: '127.0.0.1' })
  const browser = await chromium.launch({ executablePath: findChromium({ install: false }), args: CHROMIUM_ARGS })
  try {
    const deck = (
      await database.db
        .select({ id: proverbs.id })
        .from(proverbs)
        .where(sql`${proverbs.interpretation} <> ''`)
        .orderBy(proverbs.id)
        .limit(CARDS * 2)
    ).map((row) => row.id)

    /** A reader whose deck holds 50 cards, all due (put in a minute ago, from another device), signed in on a phone. */
    const reader = async (name: string, cards: number[]) => {
      const email = `${name}@bench.owe`
      await database.db
        .insert(users)
        .values({ email, passwordHash: await hashPassword('Proverb#1'), firstName: 'Bench', lastName: 'Learner', activatedAt: new Date() })
      const login = (await (
        await fetch(`${base}/accounts/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email, password: 'Proverb#1' }),
        })
      ).json()) as { data: LoginResult }
      const at = new Date(Date.now() - 60_000).toISOString()
      const entries: LearningEntry[] = cards.map((proverbId) => ({
        id: randomUUID(),
        kind: 'add',
        proverbId,
        at,
        day: at.slice(0, 10),
        offset: 0,
      }))
      const sent = await fetch(`${base}${API.learningLog}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${login.data.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ entries }),
      })
      const { data } = (await sent.json()) as { data: LearningBatchResult }
      if (data.accepted !== cards.length) throw new Error(`the deck's adds: ${JSON.stringify(data)}`)
      return login.data
    }

    const run = async (name: string, cards: number[], slowdown: number): Promise<Timed> => {
      const session = await reader(name, cards)
      const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, timezoneId: 'UTC' })
      await context.addCookies([
        { name: 'cookieConsent', value: 'true', url: base },
        { name: 'userToken', value: session.token, url: base },
      ])
      // The adverts a reader without a package meets are spaced minutes apart: one was "just shown".
      await context.addInitScript({
        content:
          `localStorage.setItem('isAuthenticated', 'true'); localStorage.setItem('user', ${JSON.stringify(JSON.stringify(session.user))});` +
          // src/features/ads/rules.ts lastShownKey
          `localStorage.setItem('owe-ads-last-shown:${session.user.id}', JSON.stringify({ at: Date.now(), advertId: 0 }))`,
      })
      await context.addInitScript({ content: GRADE_PROBE })
      const page = await context.newPage()
      await page.goto(`${base}/learn`)
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 })
      // The log comes down from the server, the deck is replayed and its proverbs kept on the device.
      await page.reload()
      await page.getByText(`${CARDS} cards left`, { exact: true }).waitFor({ timeout: 30_000 })
      if (slowdown > 1) {
        const cdp = await context.newCDPSession(page)
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown })
      }
      for (let grade = 0; grade < GRADES; grade++) {
        await page.locator('#review-card-text').waitFor()
        await page.keyboard.press('Space')
        await page.getByRole('group', { name: 'How well did you remember it?' }).waitFor()
        await page.keyboard.press('3')
        await page.waitForFunction((n) => (window as unknown as { __oweGrades: number[] }).__oweGrades.length >= n, grade + 1)
        await page.getByText(`${CARDS - grade - 1} cards left`, { exact: true }).waitFor()
      }
      const timed = (await page.evaluate('window.__oweGrades')) as [number, number][]
      await context.close()
      const times = timed.map(([painted]) => painted)
      return {
        medianMs: Number(median(times).toFixed(1)),
        p95Ms: Number(p95(times).toFixed(1)),
        inDomMedianMs: Number(median(timed.map(([, inDom]) => inDom)).toFixed(1)),
        grades: times.length,
      }
    }

    const measured = {
      chromium: await run('learner-1', deck.slice(0, CARDS), 1),
      slowed: await run('learner-2', deck.slice(CARDS, CARDS * 2), SLOWDOWN),
    }
    console.log(
      `\n31. Grade a card → next card shown (${GRADES} grades of a ${CARDS}-card deck all due, /learn, Chromium, key 3 to the next card painted)`,
    )
    for (const [label, row] of [
      ['as Chromium runs here', measured.chromium],
      [`CPU slowed ${SLOWDOWN}×`, measured.slowed],
    ] as const)
      console.log(
        `   ${label.padEnd(22)} median ${row.medianMs.toFixed(1).padStart(5)} ms  p95 ${row.p95Ms.toFixed(1).padStart(5)} ms  (budget median < ${BUDGET_MS} ms) ${row.medianMs < BUDGET_MS ? 'OK' : 'OVER'}; the next card in the page after ${row.inDomMedianMs.toFixed(1)} ms (median)`,
      )
    options.results.learningReview = { cards: CARDS, ...measured }
  } finally {
    await browser.close()
    await app.close()
    await database.close()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}
