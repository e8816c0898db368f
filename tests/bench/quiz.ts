/**
 * Quiz benchmarks for `npm run bench -- quiz` (sections 7–9 of bench.ts):
 *  7. the leaderboard over 10,000 players: server time of get_players (first and a middle page, week and all
 *     time) and get_player (a player ranked in the middle), measured with app.inject() on the embedded
 *     database as `npm start` runs it (budget: median < 50 ms each);
 *  8. tap an answer → shown as saved: in Chromium, against the built app and the real server, from the
 *     click to the question's status line reading "Saved on this device" (budget: median < 50 ms);
 *  9. 100 answers queued offline, drained after reconnecting: from `setOffline(false)` to the server
 *     holding all 100 (budget: < 5 s).
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { buildApp } from '../../server/src/app'
import { loadConfig } from '../../server/src/config'
import { openDatabase } from '../../server/src/db/client'
import { seed } from '../../server/src/db/seed/seed'
import { median, p95, timeGets, withBenchDatabase } from './measure'
import { createSession } from '../../server/src/services/sessions'
import { weekStartOf } from '../../src/core/quiz/quiz'
import { DELIVERY_TEXTS } from '../../src/core/shared/delivery'

const PLAYERS = 10_000
const RUNS = 40
const LEADERBOARD_BUDGET_MS = 50

export async function leaderboardBench(results: Record<string, unknown>): Promise<void> {
  await withBenchDatabase('board', async (database) => {
    const week = weekStartOf(new Date())
    // 10,000 players with points spread so that ties exist (points are multiples of 10), each on both boards.
    await database.db.execute(sql`
      insert into users (email, password_hash, first_name, last_name, activated_at)
      select 'player' || n || '@bench.owe', 'x', 'Player', 'Number ' || n, now() from generate_series(1, ${PLAYERS}) as n`)
    await database.db.execute(sql`
      insert into leaderboard_totals (period, user_id, points, finished_at)
      select p.period, u.id, ((u.id * 7919) % 101) * 10, now() - (u.id % 1000) * interval '1 minute'
      from users u cross join (values (${week}), ('all')) as p(period) where u.email like '%@bench.owe'`)
    await database.analyze()
    const app = await buildApp(loadConfig({ LOG_LEVEL: 'silent', OWE_STATIC_DIR: '.tmp/no-app' }), { database, logger: false })
    try {
      const [{ id: me }] = (await database.db.execute(sql`select id from users where email = 'player5000@bench.owe'`)).rows as {
        id: number
      }[]
      // The bench players have no password: a session is made directly, as a sign-in would.
      const { token } = await createSession(database.db, me, new Date(), 1)
      const calls: Record<string, string> = {
        'get_players, week, page 1': '/api/leaderboard/get_players?period=week&page=1&size=20',
        'get_players, all time, page 250': '/api/leaderboard/get_players?period=all&page=250&size=20',
        'get_player, the caller (mid-table)': '/api/leaderboard/get_player?period=week',
        'get_player, another player': `/api/leaderboard/get_player?period=all&userId=${me + 1234}`,
      }
      console.log(`\n7. Leaderboard over ${PLAYERS.toLocaleString('en-US')} players (server time, ${RUNS} runs)`)
      const measured = await timeGets(app, token, calls, { runs: RUNS, budgetMs: LEADERBOARD_BUDGET_MS, labelWidth: 38 })
      results.leaderboard = { players: PLAYERS, ...measured }
    } finally {
      await app.close()
    }
  })
}

const TAPS = 100
const TAP_BUDGET_MS = 50
const DRAIN_BUDGET_MS = 5000

/**
 * Installed before the app's scripts (a string: see offline.ts on tsx's `__name`): the time from a click on
 * an answer to the status line reading "Saved — will send when online" (the words every screen that writes says)
 * with no choice still pending.
 */
const TAP_PROBE = `(() => {
  window.__oweTaps = []
  let started = null
  document.addEventListener('click', (event) => {
    if (event.target instanceof Element && event.target.closest('.choice') && started === null) started = performance.now()
  }, true)
  const settle = () => {
    const status = document.querySelector('.quiz-answer-status')
    if (started === null || !status || status.textContent !== ${JSON.stringify(DELIVERY_TEXTS.saved)}) return
    if (document.querySelector('.choice[data-pending="true"]')) return
    window.__oweTaps.push(performance.now() - started)
    started = null
  }
  new MutationObserver(settle).observe(document, { subtree: true, childList: true, characterData: true, attributes: true })
})()`

/** Entries waiting in the device's outbox (opened without ever creating the database). */
const OUTBOX_SIZE = `new Promise((resolve) => {
  const open = indexedDB.open('owe-offline')
  open.onsuccess = () => {
    const db = open.result
    if (!db.objectStoreNames.contains('queue')) return resolve(0)
    const count = db.transaction('queue').objectStore('queue').index('key').count(IDBKeyRange.bound(['outbox'], ['outbox', []]))
    count.onsuccess = () => { db.close(); resolve(count.result) }
  }
  open.onerror = () => resolve(-1)
})`

/**
 * Sections 8 and 9 in one journey: 100 answers tapped offline (each timed until shown as saved), then the
 * network comes back and the outbox is timed until empty, the server holding the last answer of each question.
 */
export async function outboxBench(options: { staticDir: string; results: Record<string, unknown> }): Promise<void> {
  const { chromium } = await import('playwright-core')
  const { findChromium } = await import('../../scripts/find-chromium.mjs')
  const { CHROMIUM_ARGS } = await import('../../playwright.config')
  const { hashPassword } = await import('../../server/src/services/passwords')
  const { users, userLanguages, ethnicGroups, quizReceipts } = await import('../../server/src/db/schema')
  const { count, eq } = await import('drizzle-orm')

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'owe-bench-quiz-'))
  const database = await openDatabase({ kind: 'pglite', dataDir })
  await database.migrate()
  await seed(database.db)
  await database.analyze()
  const app = await buildApp(loadConfig({ LOG_LEVEL: 'silent', OWE_STATIC_DIR: options.staticDir }), { database, logger: false })
  const base = await app.listen({ port: 4321, host: '127.0.0.1' })
  const browser = await chromium.launch({ executablePath: findChromium({ install: false }), args: CHROMIUM_ARGS })
  try {
    const [group] = await database.db.select({ id: ethnicGroups.id }).from(ethnicGroups).where(eq(ethnicGroups.slug, 'yoruba'))
    const [user] = await database.db
      .insert(users)
      .values({
        email: 'bench@owe.local',
        passwordHash: await hashPassword('Proverb#1'),
        firstName: 'Bench',
        lastName: 'Player',
        activatedAt: new Date(),
      })
      .returning()
    await database.db.insert(userLanguages).values({ userId: user.id, ethnicGroupId: group.id, position: 0 })
    const login = (await (
      await fetch(`${base}/accounts/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'bench@owe.local', password: 'Proverb#1' }),
      })
    ).json()) as {
      data: { token: string; user: unknown }
    }
    const context = await browser.newContext()
    await context.addCookies([
      { name: 'cookieConsent', value: 'true', url: base },
      { name: 'userToken', value: login.data.token, url: base },
    ])
    await context.addInitScript({
      content: `localStorage.setItem('isAuthenticated', 'true'); localStorage.setItem('user', ${JSON.stringify(JSON.stringify(login.data.user))});`,
    })
    await context.addInitScript({ content: TAP_PROBE })
    const page = await context.newPage()
    await page.goto(`${base}/quiz`)
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 })
    const week = (await (
      await fetch(`${base}/quiz-batch/user/week`, { headers: { authorization: `Bearer ${login.data.token}` } })
    ).json()) as { data: { batchId: number }[] }
    const batchId = week.data[0].batchId
    await page.goto(`${base}/quiz/${batchId}`)
    await page.getByText('Question 1 of 10').waitFor()

    await context.setOffline(true)
    for (let tap = 0; tap < TAPS; tap++) {
      const question = Math.floor(tap / 10) + 1
      // Ten passes over the ten questions: every tap changes the answer, so each is a new entry.
      if (tap % 10 === 0 && tap > 0) await page.getByRole('button', { name: 'Question 1, answered' }).click()
      else if (tap > 0) await page.getByRole('button', { name: /Next/ }).click()
      await page
        .getByRole('radio')
        .nth((question + tap) % 4)
        .click()
      await page.waitForFunction((n) => (window as unknown as { __oweTaps: number[] }).__oweTaps.length >= n, tap + 1)
    }
    const taps = await page.evaluate(() => (window as unknown as { __oweTaps: number[] }).__oweTaps)
    const queued = (await page.evaluate(OUTBOX_SIZE)) as number

    const started = performance.now()
    await context.setOffline(false)
    await page.evaluate(() => window.dispatchEvent(new Event('online')))
    // Done when the server has received every entry (its receipts, one per Idempotency-Key).
    const receipts = async () => (await database.db.select({ n: count() }).from(quizReceipts).where(eq(quizReceipts.userId, user.id)))[0].n
    while ((await receipts()) < queued) {
      if (performance.now() - started > 60_000) throw new Error(`Only ${await receipts()} of ${queued} answers arrived in 60 s`)
      await new Promise((resolve) => setTimeout(resolve, 10))
    }
    const drainMs = performance.now() - started
    if ((await page.evaluate(OUTBOX_SIZE)) !== 0) throw new Error('The outbox is not empty after the server received everything')

    const tapMedian = median(taps)
    console.log(`\n8. Tap an answer → shown as saved (${taps.length} taps, offline, Chromium)`)
    console.log(
      `   median ${tapMedian.toFixed(1)} ms  p95 ${p95(taps).toFixed(1)} ms  (budget median < ${TAP_BUDGET_MS} ms) ${tapMedian < TAP_BUDGET_MS ? 'OK' : 'OVER'}`,
    )
    console.log(`\n9. ${queued} queued answers drained after reconnecting`)
    console.log(`   ${drainMs.toFixed(0)} ms  (budget < ${DRAIN_BUDGET_MS} ms) ${drainMs < DRAIN_BUDGET_MS ? 'OK' : 'OVER'}`)
    options.results.quizTaps = { taps: taps.length, medianMs: Number(tapMedian.toFixed(1)), p95Ms: Number(p95(taps).toFixed(1)) }
    options.results.outboxDrain = { queued, ms: Math.round(drainMs) }
    await context.close()
  } finally {
    await browser.close()
    await app.close()
    await database.close()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}
