import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { buildApp } from '../../server/src/app'
import { loadConfig } from '../../server/src/config'
import { SEARCH_PAGE } from '../../src/core/proverbs/pages'
import { PAGE_DATA_ID } from '../../src/core/shared/constants'
import { PUBLIC_PAGE_TITLES } from '../../src/core/shared/pages'
import { freshDatabase } from '../support/test-app'

/**
 * The pages' side of tests/api/hostile-input.test.ts: every page the server renders, with every query
 * parameter the pages' code reads (collected from the code, not from a hand list) set to a NUL byte, 1 MB,
 * huge and negative numbers, bad UTF-8 and twice over. Each answer is a page (or a 4xx), never a 5xx, and
 * the server's log holds no error and no stack trace: such input is expected, not a fault.
 */

/** Percent-encoded as they arrive: bytes that are no UTF-8 (a lone continuation, 0xFF, a cut sequence, a stray %). */
const BAD_UTF8 = ['%C3%28', '%FF', '%E2%82', 'a%', '%00']
const HOSTILE: Record<string, string> = {
  nul: encodeURIComponent('a\u0000b'),
  megabyte: 'x'.repeat(1024 * 1024),
  huge: '99999999999999999999999',
  float: '1e308',
  negative: '-1',
  ...Object.fromEntries(BAD_UTF8.map((raw) => [`bad UTF-8 ${raw}`, raw])),
}

/** Source files (not tests) under a folder. */
const sourcesUnder = (folder: string) =>
  fs
    .readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
    .map((file) => path.join(folder, file))

/** Every query parameter the app's pages and the server's page code read by name. */
function pageParameters(): string[] {
  const names = new Set<string>()
  for (const file of [...sourcesUnder('src/app'), ...sourcesUnder('src/features'), ...sourcesUnder('server/src/features/previews')]) {
    const text = fs.readFileSync(file, 'utf8')
    for (const match of text.matchAll(/(?:[pP]arams|query|\)\[0\])\??\.get\(\s*'(\w+)'\s*\)/g)) names.add(match[1])
  }
  return [...names].sort()
}

/** The pages the server renders with their data, and one of a reader's own (rendered as the frame only). */
const PAGES = ['/', SEARCH_PAGE, ...Object.keys(PUBLIC_PAGE_TITLES), '/favourites']

const staticDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'owe-hostile-pages-')), 'dist')
const log: LogLine[] = []
let database: Awaited<ReturnType<typeof freshDatabase>>
let app: Awaited<ReturnType<typeof buildApp>>

beforeAll(async () => {
  fs.mkdirSync(staticDir)
  fs.copyFileSync('index.html', path.join(staticDir, 'index.html'))
  // The app's own renderer, from its source (`npm run build` makes the same file from it).
  fs.mkdirSync(`${staticDir}-ssr`)
  fs.writeFileSync(
    `${staticDir}-ssr/entry-server.js`,
    `export { renderPage } from ${JSON.stringify(path.resolve('src/entry-server.tsx'))}\n`,
  )
  database = await freshDatabase()
  const config = loadConfig({ OWE_STATIC_DIR: staticDir, LOG_LEVEL: 'info', OWE_SCHEDULER_MS: '0' })
  app = await buildApp(config, { database, logger: { stream: { write: (line) => void log.push(JSON.parse(line)) } } })
  await app.ready()
})
afterAll(async () => {
  await app.close()
  await database.drop()
  fs.rmSync(path.dirname(staticDir), { recursive: true, force: true })
})

type LogLine = { level: number; msg?: string; err?: { stack?: string } }

/** The log's errors and stack traces, a line each. (Warnings may come: this build has no manifest, see render.ts.) */
const faults = (lines: LogLine[]) =>
  lines
    .filter((line) => line.level >= 50 || line.err?.stack)
    .map((line) => `${line.level} ${line.msg} ${line.err?.stack?.split('\n')[0] ?? ''}`)

/** Runs `work` over `items`, a few at a time. */
async function inBatches<T>(items: T[], work: (item: T) => Promise<void>, size = 4) {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(work))
}

test('the walk reads the pages and their parameters from the code', () => {
  const names = pageParameters()
  for (const name of ['proverb', 'ethnic', 'category', 'q', 'page', 'token']) expect(names).toContain(name)
  expect(PAGES).toContain('/pricing')
})

test("a NUL in a proverb's address is a proverb not found: the page opens, unlisted, and nothing is logged", async () => {
  const before = log.length
  const res = await app.inject({ method: 'GET', url: `${SEARCH_PAGE}?proverb=a%00b` })
  expect(res.statusCode).toBe(200)
  expect(res.body).toContain('<meta name="robots" content="noindex" />')
  // The app's renderer ran (the page comes with its data), and found nothing to show.
  expect(res.body).toContain(`id="${PAGE_DATA_ID}"`)
  expect(faults(log.slice(before))).toEqual([])
})

test('every page, every query parameter: hostile values give a page or a 4xx, never a 5xx, and no error or stack trace in the log', async () => {
  const names = pageParameters()
  const addresses: string[] = []
  for (const page of PAGES) {
    for (const [kind, value] of Object.entries(HOSTILE)) {
      // Every parameter at once (a megabyte in one, not in each).
      if (kind !== 'megabyte') addresses.push(`${page}?${names.map((name) => `${name}=${value}`).join('&')}`)
    }
    addresses.push(`${page}?${names[0]}=${HOSTILE.megabyte}`)
    // Each parameter twice: once plain, once hostile; and the other way round.
    addresses.push(`${page}?${names.map((name) => `${name}=1&${name}=${HOSTILE.nul}`).join('&')}`)
    addresses.push(`${page}?${names.map((name) => `${name}=%FF&${name}=1`).join('&')}`)
  }
  // The page whose query the server reads (its head, its data): each parameter alone, so that each of its
  // branches (a proverb, a people, a category, a search) meets each kind of value.
  // (Every kind has met every parameter above; here one of each family, to keep the walk short.)
  const alone = ['nul', 'megabyte', 'huge', 'negative', 'bad UTF-8 %FF', 'bad UTF-8 %E2%82'].map((kind) => HOSTILE[kind])
  for (const name of names) for (const value of alone) addresses.push(`${SEARCH_PAGE}?${name}=${value}`)
  const failures: string[] = []
  await inBatches(addresses, async (url) => {
    const res = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } })
    if (res.statusCode >= 500) failures.push(`${res.statusCode} ${url.slice(0, 120)}`)
  })
  expect(failures).toEqual([])
  expect(faults(log)).toEqual([])
}, 120_000)
