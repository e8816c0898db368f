/**
 * `npm run bench`: the numbers quoted in notes. Prints
 *  1. initial JavaScript for `/` (gzip) and whether formik, yup or firebase are in it (budget 110 KB), and the analytics
 *     client's own weight, loaded after the first paint (gzip; budget under 1 KB);
 *  2. requests per second of the public list and search endpoints against a static file of the same size
 *     served by the same server (autocannon, 50 connections, on 127.0.0.1; budget ≥ 50 %), and the same
 *     endpoints with the in-memory reuse off (docs/decisions/002);
 *  3. Lighthouse 12 mobile scores for each public route and, signed in, /quiz and /learn, median of 3 (budget:
 *     performance ≥ 95, the others 100, CLS ≤ 0.05, LCP ≤ 2.0 s);
 *  4–6. offline: a repeat visit with the server stopped (budget: median ≤ 1 s), search over 10,000 proverbs on
 *     the device (budget: median < 50 ms) and over 100,000 (budget: p95 ≤ 50 ms; the first search after the worker
 *     stopped ≤ 300 ms), and a repeat visit on Slow 3G (budget: ≤ 1.2 × offline) — see offline.ts;
 *  6a. offline, fast: the first install unthrottled (≤ 1.5 s) and on Slow 3G (≤ 60 s), the offline first proverb at 4×
 *     CPU (≤ 300 ms, ≤ 1.3 × the first paint) and 6×, a hanging server (a kept proverb page ≤ 1 s, a search ≤ 300 ms) —
 *     see offline-fast.ts;
 *  6b. keep by default: first sign-in → a two-people plan's packs on the device, unthrottled (budget: a minute) and on
 *     Slow 3G, with the bytes the worker downloaded, and a refresh round with nothing changed — see keep-by-default.ts;
 *  7–9. quiz: the leaderboard over 10,000 players (server time, budget < 50 ms), tap an answer → shown as saved
 *     (budget: median < 50 ms) and 100 queued answers drained after reconnecting (budget < 5 s) — see quiz.ts;
 *  10–11. notifications: the bell's polled calls over 200,000 messages (budget < 20 ms) and the per-minute
 *     reminder job over 20,000 reminders (budget < 150 ms a minute) — see notifications.ts;
 *  12–13. payments: the profile and pricing pages' calls over 20,000 payments (budget < 20 ms) and a whole
 *     test-mode payment (budget < 100 ms), then the renewal job over 2,000 due packages and a run with nothing
 *     due (budget < 150 ms) — see payments.ts;
 *  14–16. admins: a bulk import of 5,000 proverbs, seeding at a start with them and 100 seeded rows taken
 *     over, and the console's proverb list over that corpus — see admins.ts;
 *  17–19. operations: a burst of 100 parallel wrong sign-ins (passwords checked = the limit; the owner's known
 *     browser still signs in), signed-in polling of the bell's count with 100 connections on PGlite and PostgreSQL
 *     (aim: p99 < 50 ms), and 1,000 mails drained by the mail queue — see operations.ts;
 *  20–24. corpus: counts per language, sourced share, cousin clusters and quiz facts; first start and restart
 *     with the whole corpus; each people's offline pack (bytes and Slow 3G time); search over the real corpus
 *     on the server and on the device — see corpus.ts;
 *  25. link previews: each public page's HTML with its head against the static file, the proverb page's
 *     throughput, a proverb's preview card drawn and served again — see previews.ts;
 *  26–28. analytics: events ingested a second into /api/events (batches of 20) on PGlite and PostgreSQL, the
 *     daily roll-up of 1,000,000 raw events, and the console's Insights over a year of daily counts (budget:
 *     median < 100 ms) — see analytics.ts;
 *  29–30. learning: a device's sync of 1,000 offline reviews (batches of 100, then the log pulled back) on PGlite and
 *     PostgreSQL, and the daily reminder's learning queries for 1,000 reminders claimed at once — see learning.ts;
 *  31. learning on the device: grade a card → the next card shown, in Chromium on /learn with 50 cards due (budget:
 *     median < 30 ms, also with the CPU slowed 4×) — see learning-review.ts;
 *  32. public search under load: 100 connections, a new connection per request, varied words, on PGlite and
 *     PostgreSQL against a static file (aims: PostgreSQL ≥ 1,500 req/s, p99 ≤ 100 ms; PGlite ≥ 40 % of static) — see
 *     search.ts;
 *  33. a flood: one client's varied searches (100 connections, 20 s) against ten signed-in readers' polling, the readers'
 *     p50/p99 quiet and flooded (aim: p99 within 3× the quiet one) and the flooder's 2xx/429 — see flood.ts.
 * Results are also written to tests/bench/results/latest.json.
 */
import autocannon from 'autocannon'
import { execFileSync, spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { build } from 'vite'
import { copyBuild } from './build-copy'
import { findChromium } from '../../scripts/find-chromium.mjs'
import { checkBuild, FIRST_PAGE_SCRIPT_BUDGET, gzipBytes } from '../../scripts/first-page.mjs'
import { CHROMIUM_ARGS } from '../../playwright.config'
import { ANALYTICS_CLIENT_CHUNK } from '../../vite.config'
import type { LoginResult } from '../../src/core/account/contract'
import { PUBLIC_CONTENT_ROUTES } from '../support/public-routes'
import { startServer } from '../support/server-process'
import { corpusBench } from './corpus'
import { keepByDefault } from './keep-by-default'
import { offline } from './offline'
import { offlineFast } from './offline-fast'
import { notificationsBench } from './notifications'
import { operationsBench } from './operations'
import { adminsBench } from './admins'
import { analyticsBench } from './analytics'
import { learningBench } from './learning'
import { reviewBench } from './learning-review'
import { previewsBench } from './previews'
import { searchBench } from './search'
import { MANY_READERS, median } from './measure'
import { paymentsBench } from './payments'
import { floodBench } from './flood'
import { leaderboardBench, outboxBench } from './quiz'

const root = path.resolve(import.meta.dirname, '../..')
/** Pages a signed-in reader lands on, measured as that reader (Lighthouse). */
const SIGNED_IN_ROUTES = ['/quiz', '/learn']
const outDir = path.join(root, '.tmp/bench-dist')
const results: Record<string, unknown> = {}

async function bundleWeight() {
  // Vite's build sets NODE_ENV=production in this process; the servers the benchmarks start inherit the
  // environment, and a production server refuses the payment test mode they run in.
  const nodeEnv = process.env.NODE_ENV
  await build({ root, logLevel: 'error', build: { outDir, emptyOutDir: true } })
  // The server's renderer of the public pages, beside the app as `npm run build` puts it (docs/decisions/017-server-rendered-pages.md).
  await build({ root, logLevel: 'error', build: { ssr: 'src/entry-server.tsx', outDir: `${outDir}-ssr`, emptyOutDir: true } })
  if (nodeEnv === undefined) delete process.env.NODE_ENV
  else process.env.NODE_ENV = nodeEnv
  execFileSync(process.execPath, [path.join(root, 'scripts/compress-dist.mjs'), outDir], { stdio: 'ignore' })
  // The same measure as `npm test`'s check (scripts/first-page.mjs): what index.html names and its start script asks for.
  const { files: rows, total, modules, problems } = checkBuild(outDir)
  const heavy = ['formik', 'yup', 'firebase', 'react-toastify'].filter((name) =>
    modules.some(({ id }) => `/${id}`.includes(`/node_modules/${name}/`) || `/${id}`.includes(`/node_modules/@${name}/`)),
  )
  console.log('\n1. Initial JavaScript for / (gzip)')
  for (const row of rows) console.log(`   ${(row.gzip / 1024).toFixed(1).padStart(6)} KB  ${row.file}`)
  console.log(
    `   ${(total / 1024).toFixed(1).padStart(6)} KB  total (budget ${FIRST_PAGE_SCRIPT_BUDGET / 1024} KB) ${total <= FIRST_PAGE_SCRIPT_BUDGET ? 'OK' : 'OVER'}`,
  )
  for (const problem of problems) console.log(problem.replace(/^/gm, '   '))
  console.log(`   formik / yup / firebase / react-toastify on /: ${heavy.length ? heavy.join(', ') : 'none'}`)
  // The analytics client (src/lib/analytics.ts): its own chunk, asked for once a page has painted.
  const client = fs
    .readdirSync(path.join(outDir, 'assets'))
    .filter((file) => file.startsWith(`${ANALYTICS_CLIENT_CHUNK}-`) && file.endsWith('.js'))
  const clientGzip = client.reduce((sum, file) => sum + gzipBytes(fs.readFileSync(path.join(outDir, 'assets', file))), 0)
  console.log(`   analytics client: ${clientGzip} B gzip (budget under 1 KB) ${client.length === 1 && clientGzip < 1024 ? 'OK' : 'OVER'}`)
  results.bundle = { initialGzipBytes: total, files: rows, heavyLibrariesOnHome: heavy, analyticsClientGzipBytes: clientGzip }
}

async function rps(url: string): Promise<{ rps: number; p99: number; bytes: number; non2xx: number }> {
  const result = await autocannon({ url, connections: 50, duration: 8, pipelining: 1 })
  return {
    rps: Math.round(result.requests.average),
    p99: result.latency.p99,
    bytes: Math.round(result.throughput.average / Math.max(result.requests.average, 1)),
    non2xx: result.non2xx,
  }
}

async function throughput() {
  const staticDir = path.join(root, '.tmp/bench-static')
  copyBuild(outDir, staticDir)
  const server = await startServer({ port: 4300, env: { OWE_STATIC_DIR: staticDir, LOG_LEVEL: 'error', ...MANY_READERS } })
  try {
    const endpoints = {
      list: '/api/proverbs/public?page=1&size=20',
      search: '/api/proverbs/public?q=omo&size=20',
      'search (English)': '/api/proverbs/public?q=water&size=20',
    }
    // A static file of the same size as the list response, served by the same server.
    const body = await (await fetch(`${server.url}${endpoints.list}`)).text()
    fs.writeFileSync(path.join(staticDir, 'bench-static.json'), body)
    await rps(`${server.url}/bench-static.json`) // warm-up
    const staticFile = await rps(`${server.url}/bench-static.json`)
    console.log('\n2. Throughput on 127.0.0.1 (autocannon, 50 connections, 8 s each)')
    console.log(`   static file (${(body.length / 1024).toFixed(1)} KB): ${staticFile.rps} req/s, p99 ${staticFile.p99} ms`)
    const rows: Record<string, unknown> = { static: staticFile }
    for (const [name, url] of Object.entries(endpoints)) {
      await rps(`${server.url}${url}`)
      const row = await rps(`${server.url}${url}`)
      const ratio = row.rps / staticFile.rps
      rows[name] = { ...row, ratioToStatic: Number(ratio.toFixed(2)) }
      console.log(
        `   ${name}: ${row.rps} req/s, p99 ${row.p99} ms, ${(row.bytes / 1024).toFixed(1)} KB — ${(ratio * 100).toFixed(0)} % of static (budget ≥ 50 %)${row.non2xx ? `, ${row.non2xx} non-2xx!` : ''}`,
      )
    }
    results.throughput = rows
  } finally {
    await server.stop()
  }

  // The same endpoints with the in-memory reuse turned off: what the database itself sustains.
  const uncached = await startServer({
    port: 4302,
    env: { OWE_STATIC_DIR: staticDir, LOG_LEVEL: 'error', OWE_CORPUS_CACHE_MS: '0', ...MANY_READERS },
  })
  try {
    const rows: Record<string, unknown> = {}
    for (const [name, url] of Object.entries({
      list: '/api/proverbs/public?page=1&size=20',
      search: '/api/proverbs/public?q=omo&size=20',
    })) {
      await rps(`${uncached.url}${url}`)
      const row = await rps(`${uncached.url}${url}`)
      rows[name] = row
      console.log(`   ${name}, reuse off (every request queries PGlite): ${row.rps} req/s, p99 ${row.p99} ms`)
    }
    results.throughputUncached = rows
  } finally {
    await uncached.stop()
  }
}

/**
 * A reader signed up, activated and signed in through the API of a running server (its log, at `info`, holds the
 * activation link), and a Chromium holding their session as the app keeps it (cookie and local storage) on a debugging
 * port Lighthouse connects to. An advert counts as just shown: the pages are measured, not the overlay (itself measured
 * by the journeys).
 */
async function signedInChromium(server: { url: string; output(): string }, chromium: string, port: number) {
  const email = `lighthouse${Date.now()}@bench.owe`
  const password = 'Proverb#1'
  const send = (route: string, body: unknown) =>
    fetch(`${server.url}${route}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
  const registered = await send('/accounts/register', {
    firstName: 'Bench',
    lastName: 'Reader',
    email,
    password1: password,
    password2: password,
    packageId: 1,
  })
  if (!registered.ok) throw new Error(`sign-up: ${registered.status} ${await registered.text()}`)
  let token: string | undefined
  for (let tries = 0; !token && tries < 300; tries++) {
    token = new RegExp(`"to":"${email}".*?"link":"[^"]*activate\\?token=([^"]+)"`).exec(server.output())?.[1]
    if (!token) await new Promise((resolve) => setTimeout(resolve, 100))
  }
  if (!token) throw new Error(`activation: no link in the log:\n${server.output().slice(-2000)}`)
  const activated = await send('/accounts/activate', { token })
  if (!activated.ok) throw new Error(`activation: ${activated.status} ${await activated.text()}`)
  const { data: session } = (await (await send('/accounts/login', { email, password })).json()) as { data: LoginResult }
  // The profile is made with Playwright, then opened by a Chromium of its own on a debugging port: Lighthouse drives
  // that one alone (a browser Playwright holds pauses the tabs Lighthouse opens).
  const { chromium: playwright } = await import('playwright-core')
  const profile = fs.mkdtempSync(path.join(root, '.tmp/lighthouse-profile-'))
  const making = await playwright.launchPersistentContext(profile, { executablePath: chromium, args: CHROMIUM_ARGS })
  const expires = Date.now() / 1000 + 86_400
  await making.addCookies([
    { name: 'cookieConsent', value: 'true', url: server.url, expires },
    { name: 'userToken', value: session.token, url: server.url, expires },
  ])
  const page = making.pages()[0] ?? (await making.newPage())
  await page.goto(`${server.url}/about`)
  await page.evaluate((user) => {
    localStorage.setItem('isAuthenticated', 'true')
    localStorage.setItem('user', JSON.stringify(user))
    // src/features/ads/rules.ts lastShownKey: an advert was "just shown".
    localStorage.setItem(`owe-ads-last-shown:${user.id}`, JSON.stringify({ at: Date.now() + 3_600_000, advertId: 0 }))
  }, session.user)
  await making.close()
  const browser = spawn(
    chromium,
    [...CHROMIUM_ARGS, '--headless=new', `--remote-debugging-port=${port}`, `--user-data-dir=${profile}`, 'about:blank'],
    {
      stdio: 'ignore',
    },
  )
  for (let tries = 0; tries < 100; tries++) {
    if (
      await fetch(`http://127.0.0.1:${port}/json/version`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  const exited = new Promise((resolve) => browser.once('exit', resolve))
  return {
    close: async () => {
      browser.kill()
      await exited
      fs.rmSync(profile, { recursive: true, force: true, maxRetries: 5 })
    },
  }
}

/**
 * Lighthouse 12, mobile, on each public route and on two a signed-in reader lands on (/quiz, /learn): the median of
 * three runs per route (a run varies by a few points).
 */
async function lighthouse() {
  const chromium = findChromium({ install: false })
  // `info`: the activation link of the signed-in reader is read off the log.
  const server = await startServer({ port: 4301, env: { OWE_STATIC_DIR: outDir, LOG_LEVEL: 'info' } })
  const debugPort = 9334
  const reader = await signedInChromium(server, chromium, debugPort)
  try {
    const { data } = (await (await fetch(`${server.url}/api/proverbs/public?ethnic=yoruba&size=1`)).json()) as { data: { slug: string }[] }
    // OWE_LIGHTHOUSE_ROUTES=/quiz,/learn measures only those.
    const only = process.env.OWE_LIGHTHOUSE_ROUTES?.split(',')
    const routes = [...PUBLIC_CONTENT_ROUTES, `/search_result?proverb=${encodeURIComponent(data[0].slug)}`, ...SIGNED_IN_ROUTES].filter(
      (route) => !only || only.includes(route),
    )
    const report = path.join(root, '.tmp/lighthouse.json')
    const run = (url: string) => {
      // A signed-in route runs in the reader's Chromium, its storage kept; the others in a fresh one each time.
      const browser = SIGNED_IN_ROUTES.some((route) => url.endsWith(route))
        ? [`--port=${debugPort}`, '--disable-storage-reset']
        : [`--chrome-path=${chromium}`, `--chrome-flags=--headless=new ${CHROMIUM_ARGS.join(' ')}`]
      execFileSync(
        path.join(root, 'node_modules/.bin/lighthouse'),
        [
          url,
          ...browser,
          '--only-categories=performance,accessibility,best-practices,seo',
          '--output=json',
          `--output-path=${report}`,
          '--quiet',
        ],
        { stdio: 'ignore' },
      )
      const lhr = JSON.parse(fs.readFileSync(report, 'utf8'))
      const score = (key: string) => Math.round((lhr.categories[key].score as number) * 100)
      const failing = Object.values(lhr.audits as Record<string, { score: number | null; title: string; scoreDisplayMode: string }>)
        .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode !== 'informative' && a.scoreDisplayMode !== 'manual')
        .map((a) => a.title)
      return {
        performance: score('performance'),
        accessibility: score('accessibility'),
        bestPractices: score('best-practices'),
        seo: score('seo'),
        cls: Number((lhr.audits['cumulative-layout-shift'].numericValue as number).toFixed(3)),
        lcpMs: Math.round(lhr.audits['largest-contentful-paint'].numericValue),
        failing,
      }
    }
    console.log(
      '\n3. Lighthouse 12, mobile, median of 3 runs per route (budget: performance ≥ 95, the others 100, CLS ≤ 0.05, LCP ≤ 2.0 s)',
    )
    console.log('   route                                   perf  a11y  b.p.   seo    CLS    LCP')
    const rows: Record<string, unknown> = {}
    for (const route of routes) {
      const runs = [run(`${server.url}${route}`), run(`${server.url}${route}`), run(`${server.url}${route}`)]
      const mid = <T>(pick: (r: (typeof runs)[number]) => number) => median(runs.map(pick)) as T
      const row = {
        performance: mid<number>((r) => r.performance),
        accessibility: mid<number>((r) => r.accessibility),
        bestPractices: mid<number>((r) => r.bestPractices),
        seo: mid<number>((r) => r.seo),
        cls: mid<number>((r) => r.cls),
        lcpMs: mid<number>((r) => r.lcpMs),
        failing: [...new Set(runs.flatMap((r) => r.failing))],
      }
      rows[route] = row
      const label = route.length > 38 ? `${route.slice(0, 37)}…` : route
      console.log(
        `   ${label.padEnd(38)} ${String(row.performance).padStart(5)} ${String(row.accessibility).padStart(5)} ${String(row.bestPractices).padStart(5)} ${String(row.seo).padStart(5)} ${row.cls.toFixed(3).padStart(6)} ${(row.lcpMs / 1000).toFixed(1).padStart(5)} s`,
      )
      if (row.failing.length) console.log(`      below full marks: ${row.failing.slice(0, 8).join('; ')}`)
    }
    results.lighthouse = rows
  } finally {
    await reader.close().finally(() => server.stop())
  }
}

// `npm run bench -- lighthouse` runs only the named parts (bundle, throughput, lighthouse, offline, quiz, notifications, payments, admins, operations, flood, corpus, previews, analytics, learning, search); the build always runs.
const only = process.argv.slice(2)
const wanted = (name: string) => only.length === 0 || only.includes(name)
await bundleWeight()
if (wanted('throughput')) await throughput()
if (wanted('lighthouse')) await lighthouse()
if (wanted('offline')) {
  await offline({ staticDir: outDir, results })
  await offlineFast({ staticDir: outDir, results })
  await keepByDefault({ staticDir: outDir, results })
}
if (wanted('quiz')) {
  await leaderboardBench(results)
  await outboxBench({ staticDir: outDir, results })
}
if (wanted('notifications')) await notificationsBench(results)
if (wanted('payments')) await paymentsBench(results)
if (wanted('admins')) await adminsBench(results)
if (wanted('operations')) await operationsBench(results)
if (wanted('flood')) await floodBench(results)
if (wanted('corpus')) await corpusBench({ staticDir: outDir, results })
if (wanted('previews')) await previewsBench({ staticDir: outDir, results })
if (wanted('analytics')) await analyticsBench(results)
if (wanted('learning')) {
  await learningBench(results)
  await reviewBench({ staticDir: outDir, results })
}
if (wanted('search')) {
  const staticDir = path.join(root, '.tmp/bench-search-static')
  copyBuild(outDir, staticDir)
  await searchBench({ staticDir, results })
}
fs.mkdirSync(path.join(root, 'tests/bench/results'), { recursive: true })
fs.writeFileSync(path.join(root, 'tests/bench/results/latest.json'), `${JSON.stringify(results, null, 2)}\n`)
