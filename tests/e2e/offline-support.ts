import { expect, expectProblems, request as apiRequest, test, type BrowserContext, type Locator, type Page } from './fixtures'
import type { EthnicGroup, Proverb } from '../../src/core/proverbs/contract'
import { API } from '../../src/core/http/api-paths'
import type { Paginated } from '../../src/core/http/contract'
import { foldForSearch } from '../../src/core/proverbs/search'
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { E2E_OWN_PORT_BASE, E2E_SMTP_PORT, E2E_STATIC_DIR, E2E_TEMPLATE_DIR } from '../support/e2e-env'
import { startServer, type RunningServer } from '../support/server-process'
import { createAccount, useAccount, type Account } from './accounts'

/** The two ways a reader loses the server: the browser goes offline, or the server goes away. */
export const OFFLINE_MODES = ['browser offline', 'server stopped'] as const
export type OfflineMode = (typeof OFFLINE_MODES)[number]

// Ports E2E_OWN_PORT_BASE (4330) and the 59 after it: 30 for each of the two Playwright workers (clear of the
// suite's other servers and of the benchmarks' 4300–4320).
let nextPort = 0

/**
 * A server of the journey's own (one journey stops it), mailing to the suite's local SMTP server. Unless
 * given a data folder, it starts from a copy of the seeded one the global setup made.
 */
export async function ownServer(options: { env?: Record<string, string>; port?: number; dataDir?: string } = {}): Promise<RunningServer> {
  const port = options.port ?? E2E_OWN_PORT_BASE + Number(process.env.TEST_PARALLEL_INDEX ?? 0) * 30 + (nextPort++ % 30)
  return startServer({
    port,
    dataDir: options.dataDir,
    from: E2E_TEMPLATE_DIR,
    env: {
      OWE_STATIC_DIR: E2E_STATIC_DIR,
      ...options.env,
      SMTP_URL: `smtp://127.0.0.1:${E2E_SMTP_PORT}`,
      OWE_PUBLIC_URL: `http://127.0.0.1:${port}`,
      OWE_AUTH_RATE_LIMIT: '1000',
      OWE_CHECK_RATE_LIMIT: '1000',
      OWE_PAYMENT_RATE_LIMIT: '1000',
      OWE_EVENT_RATE_LIMIT: '100000',
    },
  })
}

/**
 * A server of the journey's own with an activated admin on it. Admins are made on the command line, as in production:
 * the server stops (the embedded database takes one process), the account is promoted, and it starts again on the
 * same port and data.
 */
export async function ownServerWithAdmin(
  options: { env?: Record<string, string> } = {},
): Promise<{ server: RunningServer; admin: Account }> {
  const first = await ownServer(options)
  const api = await apiRequest.newContext({ baseURL: first.url })
  const admin = await createAccount(api)
  await api.dispose()
  await first.stop()
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'server/src/cli/admin-create.ts', admin.email], {
    env: { ...process.env, OWE_DATA_DIR: first.dataDir, LOG_LEVEL: 'silent' },
  })
  expect(stdout).toContain(`${admin.email} is now an admin.`)
  const server = await ownServer({ ...options, port: Number(new URL(first.url).port), dataDir: first.dataDir })
  return { server, admin }
}

/** A suggestion of a published proverb without its final full stop: the same words, so flagged, yet a text of its own. */
export async function suggestDuplicateOf(server: RunningServer, proverb: Proverb, name: string): Promise<string> {
  const text = proverb.proverb.slice(0, -1)
  const res = await fetch(`${server.url}${API.suggestProverb}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email: `${name.toLowerCase()}@example.com`,
      name,
      ethnic: 'Yoruba',
      language: 'Yoruba',
      suggestedCategory: 'Wisdom',
      suggestedProverb: text,
      suggestedEnglishTransliteration: proverb.transliteration,
      suggestedEnglishInterpretation: proverb.interpretation,
    }),
  })
  expect(res.status).toBe(201)
  expect(((await res.json()) as { data: { duplicate: boolean } }).data.duplicate).toBe(true)
  return text
}

/**
 * Each journey of the file (or describe) runs on a server of its own, started before it with cookies
 * allowed there and stopped after it: `let server: RunningServer; serverPerJourney((s) => (server = s))`.
 */
export function serverPerJourney(use: (server: RunningServer) => void): void {
  let running: RunningServer | undefined
  test.beforeEach(async ({ context }) => {
    running = await ownServer()
    use(running)
    await context.addCookies([{ name: 'cookieConsent', value: 'true', url: running.url }])
  })
  test.afterEach(async () => {
    await running?.stop()
  })
}

/** The browser's calendar day (YYYY-MM-DD), as the app asks the server with it. */
export function localDate(now = new Date()): string {
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`
}

/** A signed-in API call straight to a journey's server (not through the page); expects a 2xx and returns `data`. */
export async function apiAs<T>(server: RunningServer, account: Account, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${account.token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  })
  expect(res.ok, `${method} ${path}`).toBe(true)
  return ((await res.json()) as { data: T }).data
}

export async function goOffline(mode: OfflineMode, context: BrowserContext, server: RunningServer): Promise<void> {
  if (mode === 'browser offline') return context.setOffline(true)
  // A request Chromium writes into a kept-alive connection as the stopping server closes it is reset, not
  // refused (a header poll of the app's, seen in a CI run); the app then answers from the device as it does
  // for a refused one, and the journey's own assertions say so.
  expectProblems(/^failed: GET \S+ net::ERR_CONNECTION_RESET$/)
  await server.stop()
}

/** Stops the page's service worker (as the browser does to an idle one): the next event starts it afresh. */
export async function stopWorker(context: BrowserContext, page: Page): Promise<void> {
  const cdp = await context.newCDPSession(page)
  await cdp.send('ServiceWorker.enable')
  await cdp.send('ServiceWorker.stopAllWorkers')
  await cdp.detach()
}

/** Signs in through the form on a journey's server (a session from an init script would come back after a logout). */
export async function signInThroughForm(page: Page, server: RunningServer, account: Account): Promise<void> {
  await page.goto(`${server.url}/auth/login`)
  // Still signed in (a sign-out not finished), the form would send the reader home instead: say so at once.
  await expect(page, 'signed out before signing in').toHaveURL(/\/auth\/login$/)
  await page.getByLabel('Email').fill(account.email)
  await page.getByLabel('Password').fill(account.password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByRole('button', { name: /^Account:/ })).toBeVisible()
}

/** The first visit is offline-capable once the worker has installed and claimed the page. */
export async function waitForWorker(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 })
}

/** The whole of a group, as the server has it (asked before going offline). */
export async function groupProverbs(server: RunningServer, group: string): Promise<Proverb[]> {
  const api = await apiRequest.newContext({ baseURL: server.url })
  const all: Proverb[] = []
  for (let page = 1, pages = 1; page <= pages; page++) {
    const body = (await (await api.get(`/api/proverbs/public?ethnic=${group}&size=100&page=${page}`)).json()) as Paginated<Proverb>
    all.push(...body.data)
    pages = body.totalPages
  }
  await api.dispose()
  return all
}

export async function accountOn(server: RunningServer, languages: number[]): Promise<Account> {
  const api = await apiRequest.newContext({ baseURL: server.url })
  const account = await createAccount(api, { languages })
  await api.dispose()
  return account
}

/** The longest word of a proverb that carries tone marks, typed without them. */
export function toneFreeWord(proverb: Proverb): string {
  const marked = proverb.proverb
    .split(/\s+/)
    .map((token) => ({ token: token.toLowerCase().replace(/[^\p{L}\p{M}]/gu, ''), folded: foldForSearch(token) }))
    .filter(({ token, folded }) => folded && !folded.includes(' ') && token.normalize('NFC') !== folded)
    .sort((a, b) => b.folded.length - a.folded.length)
  expect(marked.length, `a word with tone marks in ${proverb.proverb}`).toBeGreaterThan(0)
  return marked[0].folded
}

/** Whether the device's copy (IndexedDB "owe-offline") holds the proverb of this slug. */
export function deviceHoldsProverb(page: Page, slug: string): Promise<boolean> {
  return page.evaluate(async (slug) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('owe-offline')
      open.onsuccess = () => resolve(open.result)
      open.onerror = () => reject(open.error)
    })
    try {
      return await new Promise<boolean>((resolve, reject) => {
        const req = db.transaction('proverbs').objectStore('proverbs').index('slug').count(slug)
        req.onsuccess = () => resolve(req.result > 0)
        req.onerror = () => reject(req.error)
      })
    } finally {
      db.close()
    }
  }, slug)
}

/** Counts the records of each store of the device's copy (IndexedDB "owe-offline"), and what waits in each queue. */
export function deviceRecords(page: Page): Promise<{
  stores: Record<string, number>
  queued: Record<string, number>
  privateUsers: number[]
  packUsers: number[]
  owner: unknown
}> {
  return page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('owe-offline')
      open.onsuccess = () => resolve(open.result)
      open.onerror = () => reject(open.error)
    })
    const all = (store: string) =>
      new Promise<unknown[]>((resolve, reject) => {
        const req = db.transaction(store).objectStore(store).getAll()
        req.onsuccess = () => resolve(req.result)
        req.onerror = () => reject(req.error)
      })
    const stores: Record<string, number> = {}
    for (const name of Array.from(db.objectStoreNames)) stores[name] = (await all(name)).length
    const queued: Record<string, number> = {}
    for (const { queue } of (await all('queue')) as { queue: string }[]) queued[queue] = (queued[queue] ?? 0) + 1
    const privateUsers = [...new Set(((await all('private')) as { userId: number }[]).map((r) => r.userId))]
    const packUsers = [...new Set(((await all('packs')) as { userId: number }[]).map((r) => r.userId))]
    const owner = await new Promise((resolve) => {
      const req = db.transaction('meta').objectStore('meta').get('owner')
      req.onsuccess = () => resolve(req.result ?? null)
    })
    db.close()
    return { stores, queued, privateUsers, packUsers, owner }
  })
}

export async function groupsOn(server: RunningServer): Promise<EthnicGroup[]> {
  return ((await (await fetch(`${server.url}/api/proverbs/ethnic/public?q=all`)).json()) as { data: EthnicGroup[] }).data
}

/** The Offline reading row of one group. */
export const packRow = (page: Page, name: string): Locator =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) })

/** A signed-in reader of one group, whose pack the device keeps without being asked (seen on the Offline reading screen). */
export async function readerWithPack(
  page: Page,
  context: BrowserContext,
  server: RunningServer,
  slug: string,
): Promise<{ account: Account; row: Locator }> {
  const group = (await groupsOn(server)).find((g) => g.slug === slug)!
  const account = await accountOn(server, [group.id])
  await useAccount(context, server.url, account)
  await page.goto(`${server.url}/offline`)
  await waitForWorker(page)
  const row = packRow(page, group.name)
  await expect(row.getByText('Came with your plan')).toBeVisible({ timeout: 30_000 })
  await expect(row.getByText(/^Ready offline/)).toBeVisible({ timeout: 30_000 })
  return { account, row }
}

/** The reader's learning log on the device (its IndexedDB): each entry's kind and whether the server has it. */
export function deviceLearningLog(page: Page, userId: number): Promise<{ kind: string; sent: boolean }[]> {
  return page.evaluate(async (reader) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('owe-offline')
      open.onsuccess = () => resolve(open.result)
      open.onerror = () => reject(open.error)
    })
    const records = await new Promise<{ userId: number; kind: string; sent: number }[]>((resolve, reject) => {
      const req = db.transaction('learning').objectStore('learning').index('userId').getAll(reader)
      req.onsuccess = () => resolve(req.result)
      req.onerror = () => reject(req.error)
    })
    db.close()
    return records.map((record) => ({ kind: record.kind, sent: record.sent === 1 }))
  }, userId)
}

/** Whether the worker has kept this proverb on the device (its IndexedDB). */
export function deviceHasProverb(page: Page, slug: string): Promise<boolean> {
  return page.evaluate(async (wanted) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('owe-offline')
      open.onsuccess = () => resolve(open.result)
      open.onerror = () => reject(open.error)
    })
    return new Promise<boolean>((resolve, reject) => {
      const req = db.transaction('proverbs').objectStore('proverbs').index('slug').getKey(wanted)
      req.onsuccess = () => resolve(req.result !== undefined)
      req.onerror = () => reject(req.error)
    })
  }, slug)
}

/**
 * Holds back the worker's script until `release` is called: the page runs without a worker meanwhile, as on a phone
 * whose first install takes a while (the reader moves on before the worker takes control).
 */
export async function holdWorkerInstall(context: BrowserContext): Promise<() => void> {
  let release!: () => void
  const held = new Promise<void>((resolve) => (release = resolve))
  await context.route('**/firebase-messaging-sw.js', async (route) => {
    await held
    await route.continue()
  })
  return release
}

/** Each offline pack on the device: its people's id, status, why it is there and how many proverbs it holds. */
export function devicePacks(page: Page): Promise<{ groupId: number; status: string; origin?: string; done: number }[]> {
  return page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('owe-offline')
      open.onsuccess = () => resolve(open.result)
      open.onerror = () => reject(open.error)
    })
    const packs = await new Promise<{ groupId: number; status: string; origin?: string; done: number }[]>((resolve, reject) => {
      const req = db.transaction('packs').objectStore('packs').getAll()
      req.onsuccess = () => resolve(req.result)
      req.onerror = () => reject(req.error)
    })
    db.close()
    return packs.map(({ groupId, status, origin, done }) => ({ groupId, status, origin, done })).sort((a, b) => a.groupId - b.groupId)
  })
}

/**
 * Counts the page's asks for persistent storage (`window.__owePersistAsked`) and answers them no, as a browser that
 * has not decided would: the journey sees that the app asked, whatever this browser would say.
 */
export const PERSIST_SPY = `{
  window.__owePersistAsked = 0
  if (navigator.storage) navigator.storage.persist = async () => (window.__owePersistAsked++, false)
}`
export const persistAsked = (page: Page): Promise<number> => page.evaluate('window.__owePersistAsked ?? 0') as Promise<number>
