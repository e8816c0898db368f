import { expect, request as apiRequest, test, whenInteractive, type Page } from './fixtures'
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { API } from '../../src/core/http/api-paths'
import type { ProverbMarks } from '../../src/core/proverbs/contract'
import type { RunningServer } from '../support/server-process'
import { createAccount, useAccount, type Account } from './accounts'
import { apiAs, ownServer, waitForWorker } from './offline-support'
import { expectInsideViewport, expectNoAxeViolations, PHONE_360, PHONE_390 } from './phone'

const run = promisify(execFile)

// Who sees adverts stays the spec's rule (a reader without a package does); these are the moments and
// places where the overlay must not cover what the reader came for.

const overlay = (page: Page) => page.getByRole('dialog', { name: 'Advertisement' })

/** The advert list requests the page makes: a round that never starts asks for none. */
function advertListCalls(page: Page): string[] {
  const calls: string[] = []
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === API.adverts) calls.push(request.url())
  })
  return calls
}

async function goHome(page: Page): Promise<void> {
  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
}

test.describe('on a 390 px phone', () => {
  test.use(PHONE_390)

  test('a heart tapped as a visitor is added after sign-in, and the proverb comes back with no advert over it', async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    const account = await createAccount(request, { languages: [1] })
    await context.addCookies([{ name: 'cookieConsent', value: 'true', url: baseURL! }])
    const calls = advertListCalls(page)
    await page.goto('/search_result?ethnic=hausa')
    const card = page.locator('.result-list .proverb-card').first()
    const title = (await card.locator('.proverb-card__text').innerText()).trim()
    const signInToAdd = card.getByRole('button', { name: /^Sign in to add/ })
    // The page came rendered by the server: a tap before the app takes it over would press its HTML.
    await whenInteractive(signInToAdd)
    await signInToAdd.tap()
    await expect(page).toHaveURL(/\/auth\/login$/)
    await page.getByLabel('Email').fill(account.email)
    await page.getByLabel('Password').fill(account.password)
    await page.getByRole('button', { name: 'Sign in' }).tap()

    await expect(page).toHaveURL(/\/search_result\?ethnic=hausa$/)
    const heart = page
      .locator('.result-list .proverb-card')
      .first()
      .getByRole('button', { name: /^Favourite:/ })
    await expect(heart).toHaveAttribute('aria-pressed', 'true')
    await expect(page.locator('.result-list .proverb-card').first()).toContainText(title)
    await expect
      .poll(
        async () =>
          (
            (await (await request.get(API.marks, { headers: { authorization: `Bearer ${account.token}` } })).json()) as {
              data: ProverbMarks
            }
          ).data.favourites.length,
      )
      .toBe(1)
    await page.waitForLoadState('networkidle')
    await expect(overlay(page)).toHaveCount(0)
    expect(calls).toEqual([])
    // A reload keeps the favourite without adding it twice, and still no advert over the proverb.
    await page.reload()
    await expect(heart).toHaveAttribute('aria-pressed', 'true')

    // The rule itself stands: the reader's next page has its advert.
    await goHome(page)
    await expect(overlay(page)).toBeVisible()
  })

  test('no advert on /test, where a reader checks that notifications arrive', async ({ page, context, request, baseURL }) => {
    const account = await createAccount(request, { languages: [1] })
    await useAccount(context, baseURL!, account, { adverts: true })
    const calls = advertListCalls(page)
    await page.goto('/test')
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await page.waitForLoadState('networkidle')
    await expect(overlay(page)).toHaveCount(0)
    expect(calls).toEqual([])
    await goHome(page)
    await expect(overlay(page)).toBeVisible()
  })
})

test.describe('an admin', () => {
  test.use(PHONE_390)
  let server: RunningServer
  let admin: Account
  let reader: Account

  test.beforeAll(async () => {
    // Two starts of a server and a command-line run: more than a journey's usual minute on a busy machine.
    test.setTimeout(180_000)
    server = await ownServer()
    const api = await apiRequest.newContext({ baseURL: server.url })
    admin = await createAccount(api, { languages: [1] })
    reader = await createAccount(api, { languages: [1] })
    await api.dispose()
    // Admins are made on the command line: stop the server (the embedded database takes one process),
    // promote the account, start again on the same data.
    const port = Number(new URL(server.url).port)
    await server.stop()
    await run(process.execPath, ['--import', 'tsx', 'server/src/cli/admin-create.ts', admin.email], {
      env: { ...process.env, OWE_DATA_DIR: server.dataDir, LOG_LEVEL: 'silent' },
    })
    server = await ownServer({ port, dataDir: server.dataDir })
  })
  test.afterAll(async () => {
    await server?.stop()
  })

  test('is never shown an advert, though without a package', async ({ page, context }) => {
    await useAccount(context, server.url, admin, { adverts: true })
    const listed = page.waitForResponse((response) => new URL(response.url()).pathname === API.adverts)
    await page.goto(`${server.url}/`)
    expect((await (await listed).json()) as unknown).toEqual({ data: [] })
    await page.waitForLoadState('networkidle')
    await expect(overlay(page)).toHaveCount(0)
    await page.goto(`${server.url}/search_result?ethnic=yoruba`)
    await page.waitForLoadState('networkidle')
    await expect(overlay(page)).toHaveCount(0)
    // A reader without a package on the same server is offered the adverts that are there.
    expect((await apiAs<unknown[]>(server, reader, 'GET', API.adverts)).length).toBeGreaterThan(0)
  })
})

test.describe('/test on a 360 px phone', () => {
  test.use(PHONE_360)

  test("the worker's scope wraps inside the screen, in light and dark", async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: 'cookieConsent', value: 'true', url: baseURL! }])
    await page.goto('/test')
    await waitForWorker(page)
    await page.reload()
    const scope = page.locator('dt:text-is("Scope") + dd')
    await expect(scope).toHaveText(`${baseURL}/`)
    await expectInsideViewport(page, scope)
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
    expect(overflow).toBeLessThanOrEqual(0)
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme })
      await expectNoAxeViolations(page)
      await page.screenshot({ path: `/tmp/lane4-test-360-${colorScheme}.png`, fullPage: true })
    }
  })
})
