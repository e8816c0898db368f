import { expect, request as apiRequest, test, type Locator, type Page } from './fixtures'
import { execFile } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { promisify } from 'node:util'
import type { AdminCategory, AdminSuggestion } from '../../src/core/admin/contract'
import { ADMIN_TEXTS } from '../../src/core/admin/texts'
import { API } from '../../src/core/http/api-paths'
import { ADMIN_API } from '../../src/core/admin/api-paths'
import type { Paginated } from '../../src/core/http/contract'
import type { Proverb } from '../../src/core/proverbs/contract'
import { ADMIN_SECTIONS } from '../../src/core/admin/sections'
import type { RunningServer } from '../support/server-process'
import { createAccount, useAccount, type Account } from './accounts'
import { apiAs, ownServer, suggestDuplicateOf } from './offline-support'
import { expectInsideViewport, expectNoAxeViolations, PHONES } from './phone'

const run = promisify(execFile)

/** Every section of the console, by the name of its link and of its region. */
const SECTIONS = ADMIN_SECTIONS.map((section) => section.label)

let server: RunningServer
let admin: Account
/** Published proverbs whose text ends with a full stop: a suggestion of one of them is a possible duplicate. */
let published: Proverb[]

test.beforeAll(async () => {
  // A server of its own, started twice (before and after the admin is made).
  test.setTimeout(180_000)
  server = await ownServer()
  const api = await apiRequest.newContext({ baseURL: server.url })
  admin = await createAccount(api)
  const list = (await (await api.get(`${API.proverbsPublic}?q=&page=1&size=50`)).json()) as Paginated<Proverb>
  published = list.data.filter((p) => p.proverb.endsWith('.'))
  expect(published.length).toBeGreaterThanOrEqual(PHONES.length)
  // Something in each list: a message, and a mail that failed nowhere but was sent.
  const contact = {
    email: 'amaka@example.com',
    firstName: 'Amaka',
    surname: 'Obi',
    phoneNumber: '+2348012345678',
    message: 'A long message about the proverbs of the Igbo people, written on a phone and read on one too.',
  }
  expect((await api.post(API.contact, { data: contact })).status()).toBe(201)
  await api.dispose()
  // Admins are made on the command line: stop the server (the embedded database takes one process), promote, start again.
  const port = Number(new URL(server.url).port)
  await server.stop()
  const { stdout } = await run(process.execPath, ['--import', 'tsx', 'server/src/cli/admin-create.ts', admin.email], {
    env: { ...process.env, OWE_DATA_DIR: server.dataDir, LOG_LEVEL: 'silent' },
  })
  expect(stdout).toContain(`${admin.email} is now an admin.`)
  server = await ownServer({ port, dataDir: server.dataDir })
})
test.afterAll(async () => {
  await server?.stop()
})

async function openSection(page: Page, section: string): Promise<Locator> {
  await page.getByRole('navigation', { name: 'Admins' }).getByRole('link', { name: section, exact: true }).click()
  const region = page.getByRole('region', { name: section === 'Import' ? 'Import proverbs' : section, exact: true })
  await expect(region.getByRole('heading', { level: 2 }).first()).toBeVisible()
  await expect(region.getByRole('status').filter({ hasText: /Loading/ })).toHaveCount(0)
  return region
}

/** The page never scrolls sideways; each table scrolls in its own focusable frame with its first column kept in view. */
async function expectFitsPhone(page: Page, region: Locator, section: string): Promise<void> {
  const width = page.viewportSize()!.width
  expect(await page.evaluate(() => document.scrollingElement!.scrollWidth), `${section}: the page scrolls sideways`).toBeLessThanOrEqual(
    width,
  )
  for (const table of await region.getByRole('table').all()) {
    const frame = table.locator('xpath=..')
    await expect(frame, `${section}: a table's frame is reached by keyboard`).toHaveAttribute('tabindex', '0')
    const layout = await frame.evaluate((element) => {
      const firstCells = Array.from(element.querySelectorAll('tr')).map((row) => getComputedStyle(row.firstElementChild!).position)
      return { overflowX: getComputedStyle(element).overflowX, firstCells, overflows: element.scrollWidth > element.clientWidth }
    })
    expect(['auto', 'scroll'], `${section}: the table scrolls in its frame`).toContain(layout.overflowX)
    expect(new Set(layout.firstCells), `${section}: the first column stays in view`).toEqual(new Set(['sticky']))
    if (layout.overflows) {
      // Scrolled to its far end, the frame still shows each row's first cell at its left edge.
      await frame.evaluate((element) => element.scrollTo({ left: element.scrollWidth }))
      const frameBox = (await frame.boundingBox())!
      const firstBox = (await table.getByRole('columnheader').first().boundingBox())!
      expect(Math.abs(firstBox.x - frameBox.x), `${section}: the first column scrolled away`).toBeLessThanOrEqual(2)
      await frame.evaluate((element) => element.scrollTo({ left: 0 }))
    }
  }
}

for (const [name, phone] of PHONES) {
  test.describe(`the admins’ console on a ${name} phone`, () => {
    test.use(phone)

    test.beforeEach(async ({ context }) => {
      await useAccount(context, server.url, admin)
    })

    test('approving a possible duplicate asks first, naming it; Escape or Cancel keeps it pending', async ({ page }) => {
      const duplicate = published[PHONES.findIndex(([n]) => n === name)]
      const suggester = `Tunde${randomBytes(2).toString('hex')}`
      const text = await suggestDuplicateOf(server, duplicate, suggester)
      await page.goto(`${server.url}/admin/suggestions`)
      const card = page.getByRole('article', { name: `“${text}”` }).filter({ hasText: suggester })
      // The flag reads as one clean sentence, the published proverb linked, its own full stop kept inside the quotes.
      await expect(card.getByRole('paragraph').filter({ hasText: /^Possible duplicate/ })).toHaveText(
        ADMIN_TEXTS.possibleDuplicate(duplicate.proverb),
      )
      await expect(card.getByRole('link', { name: `“${duplicate.proverb}”` })).toBeVisible()

      const approve = card.getByRole('button', { name: 'Approve and publish' })
      await approve.click()
      const dialog = page.getByRole('dialog', { name: ADMIN_TEXTS.duplicateTitle })
      await expect(dialog).toBeVisible()
      await expect(dialog.getByRole('paragraph')).toHaveText([ADMIN_TEXTS.duplicateIntro, ADMIN_TEXTS.duplicateAsk])
      await expect(dialog.getByRole('blockquote')).toHaveText(`“${duplicate.proverb}”`)
      await expectInsideViewport(page, dialog)
      // The safe answer has the focus; Escape is Cancel, and focus returns to the button.
      await expect(dialog.getByRole('button', { name: ADMIN_TEXTS.cancel })).toBeFocused()
      await expectNoAxeViolations(page)
      await page.emulateMedia({ colorScheme: 'dark' })
      await expectNoAxeViolations(page)
      await page.screenshot({ path: `/tmp/console-duplicate-dialog-${phone.viewport.width}-dark.png` })
      await page.emulateMedia({ colorScheme: 'light' })
      await page.screenshot({ path: `/tmp/console-duplicate-dialog-${phone.viewport.width}-light.png` })
      await page.keyboard.press('Escape')
      await expect(dialog).toBeHidden()
      await expect(approve).toBeFocused()
      await approve.click()
      await dialog.getByRole('button', { name: ADMIN_TEXTS.cancel }).click()
      await expect(dialog).toBeHidden()
      await expect(approve).toBeFocused()
      // Nothing was published meanwhile.
      const pending = await apiAs<AdminSuggestion[]>(server, admin, 'GET', `${ADMIN_API.suggestions}?status=pending&page=1&size=100`)
      expect(pending.filter((s) => s.name === suggester)).toHaveLength(1)

      await approve.click()
      await dialog.getByRole('button', { name: ADMIN_TEXTS.approveAnyway }).click()
      await expect(page.getByText(ADMIN_TEXTS.publishedNoAccount)).toBeVisible()
      await expect(card).toHaveCount(0)
    })

    test('every section fits the phone: the page never scrolls sideways, tables scroll in their own frame', async ({ page }) => {
      test.slow()
      await page.goto(`${server.url}/admin`)
      for (const section of SECTIONS) {
        const region = await openSection(page, section)
        await expectFitsPhone(page, region, section)
        await expectNoAxeViolations(page)
        if (section === 'Mail' || section === 'Suggestions') {
          // Their first tab may be empty: the other one has a table.
          await region.getByRole('tab', { name: section === 'Mail' ? 'Sent' : 'Approved' }).click()
          await expect(region.getByRole('status').filter({ hasText: /Loading/ })).toHaveCount(0)
          await expectFitsPhone(page, region, `${section} (second tab)`)
        }
        await page.emulateMedia({ colorScheme: 'dark' })
        await expectNoAxeViolations(page)
        if (phone.viewport.width === 390)
          await page.screenshot({ path: `/tmp/console-${section.replace(' ', '-').toLowerCase()}-390-dark.png`, fullPage: true })
        await page.emulateMedia({ colorScheme: 'light' })
        if (phone.viewport.width === 390)
          await page.screenshot({ path: `/tmp/console-${section.replace(' ', '-').toLowerCase()}-390-light.png`, fullPage: true })
      }
    })

    test('the audit log says what changed, one line per field, in words', async ({ page }) => {
      const before = `Courage ${randomBytes(2).toString('hex')}`
      const category = await apiAs<AdminCategory>(server, admin, 'POST', ADMIN_API.categories, { name: before })
      await apiAs(server, admin, 'PUT', ADMIN_API.category(category.id), { name: `${before} and daring` })
      const suggester = `Bisi${randomBytes(2).toString('hex')}`
      await suggestDuplicateOf(server, published[0], suggester)
      const pending = await apiAs<AdminSuggestion[]>(server, admin, 'GET', `${ADMIN_API.suggestions}?status=pending&page=1&size=100`)
      const suggestion = pending.find((s) => s.name === suggester)!
      await apiAs(server, admin, 'POST', ADMIN_API.rejectSuggestion(suggestion.id), { reason: 'Already published.' })

      await page.goto(`${server.url}/admin/audit`)
      const table = page.getByRole('table', { name: 'Admins’ actions, newest first' })
      const rejected = table.getByRole('row').filter({ hasText: `suggestion #${suggestion.id}` })
      await expect(rejected.getByRole('listitem')).toHaveText(['Status: pending → rejected', 'Reason: Already published.'])
      const renamed = table
        .getByRole('row')
        .filter({ hasText: `category #${category.id}` })
        .filter({ hasText: 'rename' })
      await expect(renamed.getByRole('listitem').first()).toHaveText(`Name: ${before} → ${before} and daring`)
      // No entry shows its raw record.
      await expect(table.getByText(/[{}"]/)).toHaveCount(0)
      await expectFitsPhone(page, page.getByRole('region', { name: 'Audit log' }), 'Audit log')
      await expectNoAxeViolations(page)
      await page.screenshot({ path: `/tmp/console-audit-changes-${phone.viewport.width}-light.png` })
      await page.emulateMedia({ colorScheme: 'dark' })
      await expectNoAxeViolations(page)
      await page.screenshot({ path: `/tmp/console-audit-changes-${phone.viewport.width}-dark.png` })
    })
  })
}
