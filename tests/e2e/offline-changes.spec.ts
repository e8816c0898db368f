import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { expect, expectProblems, request as apiRequest, test } from './fixtures'
import { ADMIN_API } from '../../src/core/admin/api-paths'
import type { AdminCorrection } from '../../src/core/admin/contract'
import { COMMUNITY_TEXTS } from '../../src/core/community/texts'
import type { Proverb, ProverbMarks } from '../../src/core/proverbs/contract'
import { DELIVERY_TEXTS, countOf } from '../../src/core/shared/delivery'
import type { RunningServer } from '../support/server-process'
import { createAccount, useAccount, withoutAdverts } from './accounts'
import { accountOn, apiAs, groupProverbs, groupsOn, ownServer, signInThroughForm, stopWorker, waitForWorker } from './offline-support'
import { expectNoAxeViolations, PHONE_390 } from './phone'

/**
 * Everything a reader does offline is kept and sent exactly once (docs/decisions/020-one-delivery-engine.md): hearts,
 * likes and a correction made with the server gone, on a phone, survive a reload with the worker stopped and a
 * sign-out, and reach the server once it is back — one favourite, one like, one correction — with nothing for the
 * reader to do but sign in again.
 */
test.use(PHONE_390)

const run = promisify(execFile)
let server: RunningServer

test.beforeEach(async ({ context }) => {
  server = await ownServer({ env: { LOG_LEVEL: 'debug' } })
  await context.addCookies([{ name: 'cookieConsent', value: 'true', url: server.url }])
  await context.grantPermissions(['background-sync'], { origin: server.url })
  await withoutAdverts(context)
})
test.afterEach(async () => {
  await server?.stop()
})

/** Requests the server received for a path (its debug log: every request it was sent). */
const received = (method: string, path: string) =>
  server
    .output()
    .split('\n')
    .filter((line) => line.includes('incoming request') && line.includes(`"method":"${method}","url":"${path}"`)).length

test('hearts, a like and a correction made with the server gone are kept through a reload and a sign-out, and reach it once', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000)
  const igbo = (await groupsOn(server)).find((g) => g.slug === 'igbo')!
  const [proverb] = (await groupProverbs(server, 'igbo')) as Proverb[]
  const reader = await accountOn(server, [igbo.id])
  const api = await apiRequest.newContext({ baseURL: server.url })
  const admin = await createAccount(api)
  await api.dispose()

  // Online once: the proverb's page is read, and kept on the device by the worker.
  await useAccount(context, server.url, reader)
  await page.goto(`${server.url}/search_result?proverb=${encodeURIComponent(proverb.slug)}`)
  await waitForWorker(page)
  await page.reload()
  const heart = page.getByRole('button', { name: /^Favourite:/ })
  const like = page.getByRole('button', { name: /^Liked? \d+ likes?$/ })
  await expect(heart).toHaveAttribute('aria-pressed', 'false')

  // The bus goes between masts: the server is gone (the browser still thinks it is online).
  expectProblems(
    /^failed: GET \S+ net::ERR_CONNECTION_(RESET|REFUSED)$/,
    /^failed: POST \S+\/api\/proverbs\/public\/\S+\/corrections net::ERR_CONNECTION_REFUSED$/,
    /^failed: POST \S+\/accounts\/logout net::ERR_CONNECTION_REFUSED$/,
  )
  await server.stop()
  // Favourite, take it back, favourite again; like: each at once on screen, and said to wait for the connection.
  for (const pressed of ['true', 'false', 'true']) {
    await heart.click()
    await expect(heart).toHaveAttribute('aria-pressed', pressed)
  }
  await like.click()
  await expect(like).toHaveAttribute('aria-pressed', 'true')
  await expect(page.getByRole('alert').or(page.getByRole('status')).filter({ hasText: DELIVERY_TEXTS.saved }).first()).toBeVisible()

  // A correction, written and sent with no server: kept on the phone, and the form says so.
  await page.getByRole('link', { name: 'Suggest a correction' }).click()
  const rendering = page.getByLabel('English rendering')
  await rendering.fill(`${proverb.transliteration} (word for word, from my grandmother)`)
  await page.getByRole('button', { name: 'Send correction' }).click()
  const kept = page.locator('.kept-form')
  await expect(kept).toContainText(`${DELIVERY_TEXTS.saved}. ${COMMUNITY_TEXTS.keptOffline}`)
  await expect(kept).toBeFocused()
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme })
    await page.screenshot({ path: `/tmp/owe-correction-kept-${scheme}.png` })
  }
  await page.emulateMedia({ colorScheme: 'light' })
  await expectNoAxeViolations(page, { include: 'main' })

  // The worker stops and the page reloads, the server still gone: nothing is lost, the hearts still show.
  await stopWorker(context, page)
  await page.goto(`${server.url}/search_result?proverb=${encodeURIComponent(proverb.slug)}`)
  await expect(heart).toHaveAttribute('aria-pressed', 'true')
  await expect(like).toHaveAttribute('aria-pressed', 'true')

  // The offline page says what waits, per kind.
  await page.goto(`${server.url}/offline`)
  const waiting = page.getByRole('list', { name: 'Waiting on this device' })
  await expect(waiting).toContainText(countOf('marks', 2))
  await expect(waiting).toContainText(countOf('forms', 1))
  const items = await waiting.getByRole('listitem').allInnerTexts()
  const total = items.reduce((sum, item) => sum + Number(item.split(' ')[0]), 0)
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme })
    await page.getByRole('heading', { name: 'Waiting to be sent' }).scrollIntoViewIfNeeded()
    await page.screenshot({ path: `/tmp/owe-waiting-${scheme}.png` })
  }
  await page.emulateMedia({ colorScheme: 'light' })

  // Signing out with all that waiting says how much, and keeps it for this reader.
  await page.getByRole('button', { name: /^Account:/ }).click()
  await page.getByRole('button', { name: 'Log out' }).click()
  await expect(page).toHaveURL(/\/auth\/login$/)
  await expect(
    page.getByText(`${total} changes you made are still on this device, not yet sent. They will be sent when you sign in again here.`),
  ).toBeVisible()

  // Meanwhile the admin is made (on the command line, the server being down), and the server comes back.
  const port = Number(new URL(server.url).port)
  const { stdout } = await run(process.execPath, ['--import', 'tsx', 'server/src/cli/admin-create.ts', admin.email], {
    env: { ...process.env, OWE_DATA_DIR: server.dataDir, LOG_LEVEL: 'silent' },
  })
  expect(stdout).toContain(`${admin.email} is now an admin.`)
  server = await ownServer({ env: { LOG_LEVEL: 'debug' }, port, dataDir: server.dataDir })

  // The reader signs in again, and does nothing else: everything goes, once.
  await signInThroughForm(page, server, reader)
  await expect
    .poll(async () => apiAs<ProverbMarks>(server, reader, 'GET', '/api/proverbs/marks'), { timeout: 30_000 })
    .toEqual({ favourites: [proverb.id], likes: [proverb.id] })
  const corrections = () => apiAs<AdminCorrection[]>(server, admin, 'GET', `${ADMIN_API.corrections}?status=pending`)
  await expect.poll(async () => (await corrections()).filter((c) => c.proverbId === proverb.id).length, { timeout: 30_000 }).toBe(1)
  const [correction] = (await corrections()).filter((c) => c.proverbId === proverb.id)
  expect(correction.proposed.transliteration).toBe(`${proverb.transliteration} (word for word, from my grandmother)`)
  expect(correction.fromUser).toBe(true)
  // One request each reached the restarted server: the three hearts went as the last one chosen.
  expect(received('PUT', `/api/proverbs/favourites/${proverb.id}`)).toBe(1)
  expect(received('DELETE', `/api/proverbs/favourites/${proverb.id}`)).toBe(0)
  expect(received('PUT', `/api/proverbs/likes/${proverb.id}`)).toBe(1)

  // Nothing waits any more, and the offline page says so.
  await page.goto(`${server.url}/offline`)
  await expect(page.getByText('Nothing is waiting: everything you did on this device has reached Òwe.')).toBeVisible()
})
