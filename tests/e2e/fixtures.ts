import { test as base, expect, type BrowserContext, type Locator } from '@playwright/test'
import fs from 'node:fs'
import { E2E_PORT } from '../support/e2e-env'

/**
 * Every journey fails on a console error, an uncaught page error, a failed request or an error answer it
 * did not expect. The allow-list below names what a working app produces on its own (a visitor's session
 * check answering 401, a request the browser aborts when a page is left); a journey that provokes more
 * (a wrong password, a refused like) names it with `expectProblems`.
 */
const EXPECTED: RegExp[] = [
  // The browser cancels the requests of a page being left, and fetches the app aborts itself.
  /^failed: .* net::ERR_ABORTED$/,
  // Only when a journey takes the browser offline or stops a server of its own (the shared one never stops):
  // the app tries the network first, then the device, and the worker answers a request it could not send
  // with a network error.
  /^failed: .* net::ERR_(INTERNET_DISCONNECTED|CONNECTION_REFUSED|FAILED)$/,
  // A transport race, not an app error: Node answers a connection that has sent no request within the
  // headers timeout with a 408 and closes it; Chromium, which opened it ahead of need, may write a hashed
  // file's request into it at that moment and see the close as a reset (seen once in a CI run under load).
  // The journey's own assertions still have to hold on the page that loaded.
  /^failed: GET \S+\/assets\/[\w.-]+ net::ERR_CONNECTION_RESET$/,
  // The same race when a journey stops a server of its own (after it, or to go offline): a request the app or the
  // worker sends in the background (a sync, a poll) written onto a kept-alive connection as the server closes it.
  // Never on the shared server, which does not stop.
  new RegExp(`^failed: [A-Z]+ http://(127\\.0\\.0\\.1|localhost):(?!${E2E_PORT}/)\\d+/\\S* net::ERR_CONNECTION_RESET$`),
  // A reader without a paid plan: the API answers 404 for "no active package" (docs/decisions/012-what-a-plan-buys.md).
  /^answer: 404 GET \S+\/api\/userPackage\/(activeUserPackage|last_active_UserPackage)$/,
]

export type Problem = string

const allowed = new WeakMap<object, RegExp[]>()
let current: { problems: Problem[]; allow: RegExp[] } | null = null

/** A reader's own data asked for while the session ends (a query in flight or refetching): the server says 401. */
export const SIGNING_OUT = /^answer: 401 GET \S+$/

/** Lets the running journey meet problems matching these patterns without failing. */
export function expectProblems(...patterns: RegExp[]) {
  current?.allow.push(...patterns)
}

function watch(context: BrowserContext, problems: Problem[]) {
  if (allowed.has(context)) return
  allowed.set(context, [])
  context.on('console', (message) => {
    if (message.type() !== 'error') return
    const text = message.text()
    // Chromium's own line for an error answer or a failed request: the response and requestfailed
    // events below report the same thing with its address.
    if (text.startsWith('Failed to load resource')) return
    problems.push(`console: ${text} (${message.location().url})`)
  })
  context.on('weberror', (error) => problems.push(`page error: ${error.error().message}`))
  context.on('requestfailed', (request) =>
    problems.push(`failed: ${request.method()} ${request.url()} ${request.failure()?.errorText ?? ''}`),
  )
  context.on('response', (response) => {
    if (response.status() >= 400) problems.push(`answer: ${response.status()} ${response.request().method()} ${response.url()}`)
  })
}

export const test = base.extend<{ problemWatch: void }>({
  problemWatch: [
    async ({ context, browser }, use, testInfo) => {
      const problems: Problem[] = []
      current = { problems, allow: [] }
      watch(context, problems)
      const newContext = browser.newContext.bind(browser)
      browser.newContext = async (...args: Parameters<typeof newContext>) => {
        const made = await newContext(...args)
        watch(made, problems)
        return made
      }
      try {
        await use()
      } finally {
        browser.newContext = newContext
      }
      const allow = [...EXPECTED, ...current.allow]
      current = null
      const unexpected = problems.filter((problem) => !allow.some((pattern) => pattern.test(problem)))
      const record = process.env.E2E_PROBLEMS_RECORD
      if (record) {
        if (unexpected.length) fs.appendFileSync(record, JSON.stringify({ test: testInfo.titlePath.join(' › '), unexpected }) + '\n')
        return
      }
      if (testInfo.status === testInfo.expectedStatus) {
        expect(unexpected, 'console errors, failed requests or error answers the journey did not expect').toEqual([])
      }
    },
    { auto: true },
  ],
})

/**
 * Waits until the app has taken over an element of a page the server rendered (React has hydrated it).
 * Until then a button there does nothing when pressed: a journey that presses one at once, on a slow
 * machine, would be pressing the server's HTML.
 */
export async function whenInteractive(locator: Locator): Promise<void> {
  await expect
    .poll(() => locator.evaluate((element) => Object.keys(element).some((key) => key.startsWith('__reactProps$'))), {
      message: 'the app takes over the element',
    })
    .toBe(true)
}

/**
 * The server refuses a reader's heart (PUT to a favourite) with 404 and this message, as it would for a proverb gone:
 * for the worker's requests as for the page's (a heart is sent from the device's queue, by the worker once it controls
 * the page). The journey expects the refusal among its problems.
 */
export async function refuseHearts(context: BrowserContext, message: string): Promise<void> {
  expectProblems(/^answer: 404 PUT \S+\/api\/proverbs\/favourites\//)
  await context.route('**/api/proverbs/favourites/*', (route) =>
    route.request().method() === 'PUT'
      ? route.fulfill({ status: 404, contentType: 'application/json', body: JSON.stringify({ error: { code: 'not_found', message } }) })
      : route.fallback(),
  )
}

// The rest of Playwright's API, so a spec imports from one place; `test` above shadows Playwright's own.
export * from '@playwright/test'
export { expect }
