import { expect, expectProblems, request as apiRequest, test, type Browser, type BrowserContextOptions } from './fixtures'
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { ADMIN_TEXTS } from '../../src/core/admin/texts'
import { COMMUNITY_TEXTS } from '../../src/core/community/texts'
import type { NotificationPage } from '../../src/core/notifications/contract'
import type { Proverb } from '../../src/core/proverbs/contract'
import { CORRECTION_TEXTS } from '../../src/core/community/corrections'
import { COMMUNITY_MESSAGES } from '../../src/core/community/validation'
import { MESSAGES } from '../../src/core/shared/validation'
import { ADMIN_SECTIONS } from '../../src/core/admin/sections'
import { E2E_MAIL_DIR } from '../support/e2e-env'
import { linkIn, waitForMailFile } from '../support/mail-catcher'
import type { RunningServer } from '../support/server-process'
import { createAccount, PASSWORD, uniqueEmail, useAccount, withoutAdverts, type Account } from './accounts'
import { apiAs, ownServer } from './offline-support'
import { expectNoAxeViolations, PHONE_390 } from './phone'

const run = promisify(execFile)

test('a visitor who sends the suggestion form empty sees each of the spec’s messages', async ({ page, context, baseURL }) => {
  await context.addCookies([{ name: 'cookieConsent', value: 'true', url: baseURL! }])
  await page.goto('/add_proverb')
  await expect(page.getByRole('heading', { level: 1, name: 'Suggest a proverb' })).toBeVisible()
  await page.getByRole('button', { name: 'Send suggestion' }).click()
  for (const message of [
    COMMUNITY_MESSAGES.emailRequired,
    COMMUNITY_MESSAGES.nameRequired,
    COMMUNITY_MESSAGES.ethnicRequired,
    COMMUNITY_MESSAGES.languageRequired,
    COMMUNITY_MESSAGES.categoryRequired,
  ]) {
    await expect(page.getByText(message, { exact: true })).toBeVisible()
  }
  // The proverb, its rendering and its meaning: 'Required'.
  await expect(page.getByText(MESSAGES.required, { exact: true })).toHaveCount(3)
})

test('an unsubscribe link from an email works without signing in', async ({ page, request }) => {
  // A tampered link is tried on purpose.
  expectProblems(/^answer: 400 POST \S+\/api\/unsubscribe$/)
  const email = uniqueEmail('quiet')
  const body = { firstName: 'Kwame', lastName: 'Mensah', email, password1: PASSWORD, password2: PASSWORD, packageId: 1 }
  expect((await request.post('/accounts/register', { data: body })).status()).toBe(201)
  // Every email carries the link; the activation mail is the first one this reader gets.
  const link = linkIn(await waitForMailFile(E2E_MAIL_DIR, email, /Activate/), '/unsubscribe')
  await page.goto(link)
  await expect(page.getByRole('heading', { level: 1, name: 'Unsubscribe' })).toBeVisible()
  await expect(page.getByText(COMMUNITY_TEXTS.unsubscribed(email))).toBeVisible()
  // A tampered link is refused, and says so.
  const tampered = new URL(link)
  tampered.searchParams.set('token', `${tampered.searchParams.get('token')!.slice(0, -2)}00`)
  await page.goto(tampered.toString())
  await expect(page.getByText(COMMUNITY_TEXTS.unsubscribeInvalid)).toBeVisible()
})

test.describe('suggestions, moderation and messages with an admin', () => {
  let server: RunningServer
  let suggester: Account
  let admin: Account

  test.beforeAll(async () => {
    server = await ownServer()
    const api = await apiRequest.newContext({ baseURL: server.url })
    suggester = await createAccount(api, { languages: [5] })
    admin = await createAccount(api)
    await api.dispose()
    // Admins are made on the command line, never by sign-up: stop the server (the embedded database
    // takes one process), promote the account, start again on the same data.
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

  async function signedIn(browser: Browser, account: Account, options: BrowserContextOptions = {}) {
    const context = await browser.newContext(options)
    await withoutAdverts(context)
    await useAccount(context, server.url, account)
    return { context, page: await context.newPage() }
  }

  test('a reader suggests a proverb, an admin approves it, it is found in search and the reader is told', async ({ browser, page }) => {
    const reader = await signedIn(browser, suggester)
    await reader.page.goto(`${server.url}/add_proverb`)
    // A signed-in reader's email and name are filled in.
    await expect(reader.page.getByLabel('Email')).toHaveValue(suggester.email)
    await expect(reader.page.getByLabel('Your name')).toHaveValue(`${suggester.firstName} ${suggester.lastName}`)
    await reader.page.getByLabel('Ethnic group').selectOption('Swahili')
    await expect(reader.page.getByLabel('Language')).toHaveValue('Kiswahili')
    await reader.page.getByLabel('The proverb').fill('Mchelea mwana kulia hulia yeye.')
    await reader.page.getByLabel('English transliteration').fill('Whoever fears a child’s crying ends up crying himself.')
    await reader.page.getByLabel('English interpretation').fill('Spare a child all correction and you pay for it later.')
    await reader.page.getByLabel('Category').fill('Patience')
    await reader.page.getByRole('button', { name: 'Send suggestion' }).click()
    await expect(reader.page.getByText(COMMUNITY_TEXTS.suggestionThanks)).toBeVisible()

    const adminSession = await signedIn(browser, admin)
    await adminSession.page.goto(`${server.url}/admin`)
    await expect(adminSession.page).toHaveURL(/\/admin\/suggestions/)
    const card = adminSession.page.getByRole('article', { name: '“Mchelea mwana kulia hulia yeye.”' })
    await expect(card).toBeVisible()
    await card.getByRole('button', { name: 'Approve and publish' }).click()
    await expect(adminSession.page.getByText(ADMIN_TEXTS.published)).toBeVisible()

    // Published: anyone finds it in search.
    await page.goto(`${server.url}/search_result?q=mchelea`)
    await expect(page.getByText('Mchelea mwana kulia hulia yeye.').first()).toBeVisible()

    // The reader is told, in their notifications.
    const messages = await apiAs<NotificationPage['data']>(server, suggester, 'GET', '/user/notification/fetch?page=1&size=7')
    expect(messages.filter((m) => m.kind === 'suggestion')).toHaveLength(1)
    await reader.context.close()
    await adminSession.context.close()
  })

  test('a visitor suggests a proverb, an admin publishes it, and the visitor is told by email with a link to it', async ({
    browser,
    page,
    context,
  }) => {
    const email = uniqueEmail('visitor')
    await context.addCookies([{ name: 'cookieConsent', value: 'true', url: server.url }])
    await page.goto(`${server.url}/add_proverb`)
    await page.getByLabel('Email').fill(email)
    await page.getByLabel('Your name').fill('Zawadi')
    await page.getByLabel('Ethnic group').selectOption('Swahili')
    await page.getByLabel('The proverb').fill('Dalili ya mvua ni mawingu')
    await page.getByLabel('English transliteration').fill('The sign of rain is clouds.')
    await page.getByLabel('English interpretation').fill('What is coming shows itself first.')
    await page.getByLabel('Category').fill('Wisdom')
    await page.getByRole('button', { name: 'Send suggestion' }).click()
    await expect(page.getByText(COMMUNITY_TEXTS.suggestionThanks)).toBeVisible()

    const adminSession = await signedIn(browser, admin)
    await adminSession.page.goto(`${server.url}/admin/suggestions`)
    const card = adminSession.page.getByRole('article', { name: '“Dalili ya mvua ni mawingu”' })
    await expect(card).toContainText('no account')
    // The moderator tidies the text before publishing.
    await card.getByLabel('Proverb', { exact: true }).fill('Dalili ya mvua ni mawingu.')
    await card.getByRole('button', { name: 'Approve and publish' }).click()
    await expect(adminSession.page.getByText(ADMIN_TEXTS.publishedNoAccount)).toBeVisible()
    await adminSession.context.close()

    // The visitor's email links to the published proverb, and carries the unsubscribe link.
    const mail = await waitForMailFile(E2E_MAIL_DIR, email, /Your proverb is published/)
    expect(mail.text).toContain(COMMUNITY_TEXTS.mailFooter)
    await page.goto(linkIn(mail, '/search_result'))
    await expect(page.getByText('Dalili ya mvua ni mawingu.').first()).toBeVisible()
    await expect(page.getByText('The sign of rain is clouds.').first()).toBeVisible()
  })

  test('a visitor on a phone corrects a proverb; an admin sees the difference, accepts it and marks a speaker’s check; the page says so', async ({
    browser,
  }) => {
    const found = (await (await fetch(`${server.url}/api/proverbs/public?q=${encodeURIComponent('labo sinmi oko')}`)).json()) as {
      data: Proverb[]
    }
    const target = found.data.find((p) => p.proverb === 'Ilé làbọ̀ sinmi oko.')!
    const email = uniqueEmail('corrector')
    const visitor = await browser.newContext({ ...PHONE_390, colorScheme: 'dark' })
    await visitor.addCookies([{ name: 'cookieConsent', value: 'true', url: server.url }])
    const page = await visitor.newPage()
    await page.goto(`${server.url}/search_result?proverb=${target.slug}`)
    await expect(page.getByRole('region', { name: 'Recorded in' }).getByRole('link').first()).toBeVisible()
    await page.getByRole('link', { name: 'Suggest a correction' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Suggest a correction' })).toBeVisible()
    await expect(page.getByLabel('The proverb')).toHaveValue(target.proverb)
    await expectNoAxeViolations(page)
    await page.getByLabel('Email').fill(email)
    await page.getByLabel('Your name').fill('Adé')
    await page.getByLabel('English rendering').fill('The home is where one rests on returning from the farm.')
    await page.getByLabel('Source').fill('Yoruba proverbs, Owomoyela https://yoruba.unl.edu/yoruba.php?text=1')
    await page.getByRole('button', { name: 'Send correction' }).click()
    await expect(page.getByText(CORRECTION_TEXTS.thanks)).toBeFocused()

    const adminSession = await signedIn(browser, admin)
    await adminSession.page.goto(`${server.url}/admin/corrections`)
    const card = adminSession.page.getByRole('article', { name: `“${target.proverb}”` })
    await expect(card.getByText('rendering, source')).toBeVisible()
    await expect(card.locator('.admin-diff ins', { hasText: 'returning' })).toBeVisible()
    await card.getByRole('button', { name: 'Accept and publish' }).click()
    await expect(adminSession.page.getByText(ADMIN_TEXTS.correctionAccepted)).toBeVisible()

    // A speaker's check, from the proverb's editor.
    await adminSession.page.goto(`${server.url}/admin/proverbs?q=${encodeURIComponent('labo sinmi oko')}`)
    await adminSession.page.getByRole('button', { name: `Edit “${target.proverb}”` }).click()
    const check = adminSession.page.getByRole('region', { name: 'Checked by a speaker' })
    await check.getByLabel('Speaker’s name').fill('Ìyábọ̀ Adéyẹmí')
    await check.getByRole('button', { name: 'Mark as checked' }).click()
    await expect(check.getByRole('status')).toHaveText(ADMIN_TEXTS.checkedSaved('Ìyábọ̀ Adéyẹmí'))
    await adminSession.context.close()

    // The visitor is told by email, and the page shows the correction, its source, the check and the change.
    const mail = await waitForMailFile(E2E_MAIL_DIR, email, /Your correction is published/)
    await page.goto(linkIn(mail, '/search_result'))
    await expect(page.getByText('The home is where one rests on returning from the farm.')).toBeVisible()
    await expect(
      page.getByRole('region', { name: 'Recorded in' }).getByRole('link', { name: /Yoruba proverbs, Owomoyela/ }),
    ).toHaveAttribute('href', 'https://yoruba.unl.edu/yoruba.php?text=1')
    await expect(page.getByText('Checked by a speaker', { exact: true })).toBeVisible()
    await page.getByText('Changes to this proverb (2)').click()
    await expect(page.getByText(/Corrected from a reader’s suggestion: rendering and source/)).toBeVisible()
    await expectNoAxeViolations(page)
    await visitor.close()
  })

  test('a contact message reaches the admins’ messages', async ({ browser, page, context }) => {
    await context.addCookies([{ name: 'cookieConsent', value: 'true', url: server.url }])
    await page.goto(`${server.url}/contact`)
    await page.getByLabel('Email').fill('ngozi@example.com')
    await page.getByLabel('First name').fill('Ngozi')
    await page.getByLabel('Surname').fill('Adichie')
    await page.getByLabel('Phone number').fill('+2348012345678')
    await page.getByLabel('Message').fill('Please add more Igbo proverbs about patience.')
    await page.getByRole('button', { name: 'Send message' }).click()
    await expect(page.getByText(COMMUNITY_TEXTS.contactThanks)).toBeVisible()

    const adminSession = await signedIn(browser, admin)
    await adminSession.page.goto(`${server.url}/admin/messages`)
    await expect(adminSession.page.getByRole('table')).toContainText('Please add more Igbo proverbs about patience.')
    await expect(adminSession.page.getByRole('table')).toContainText('ngozi@example.com')
    await adminSession.context.close()
  })

  test('every section of the console loads from the server', async ({ browser }) => {
    const adminSession = await signedIn(browser, admin)
    const sections = ADMIN_SECTIONS.map((section) => section.label)
    await adminSession.page.goto(`${server.url}/admin`)
    for (const section of sections) {
      await adminSession.page.getByRole('navigation', { name: 'Admins' }).getByRole('link', { name: section, exact: true }).click()
      const region = adminSession.page.getByRole('region', { name: section === 'Quiz bank' ? /Quiz/ : section })
      await expect(region.getByRole('heading', { level: 2 }).first(), section).toBeVisible()
      // Loaded: no placeholder left, and no error.
      await expect(region.getByRole('status').filter({ hasText: /Loading/ }), section).toHaveCount(0)
      await expect(region.getByRole('alert'), section).toHaveCount(0)
    }
    await adminSession.context.close()
  })

  test('an admin on a phone opens Mail: nothing failed, and the activation mails were sent', async ({ browser }) => {
    const adminSession = await signedIn(browser, admin, { viewport: { width: 390, height: 844 } })
    const { page } = adminSession
    await page.goto(`${server.url}/admin`)
    await page.getByRole('navigation', { name: 'Admins' }).getByRole('link', { name: 'Mail', exact: true }).click()
    const section = page.getByRole('region', { name: 'Mail' })
    await expect(section.getByRole('tab', { name: 'Failed', selected: true })).toBeVisible()
    await expect(section.getByText('No failed mail. Nothing was refused or given up on.')).toBeVisible()

    // Mail goes over SMTP to the suite's local server: the admin's own activation mail was sent.
    await section.getByRole('tab', { name: 'Sent' }).click()
    await expect(page).toHaveURL(/\/admin\/mail\?status=sent$/)
    const table = section.getByRole('table', { name: 'Sent mail, newest first' })
    const own = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: admin.email, exact: true }) })
    await expect(own.getByRole('cell', { name: 'Activate your Òwe account', exact: true })).toBeVisible()
    await expect(own.getByRole('cell', { name: 'Sent', exact: true })).toBeVisible()
    // On a phone the table scrolls inside its frame; the page itself never scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    await adminSession.context.close()
  })

  test('an admin rewrites an answer Òwe ships; readers see it, and it stays after a restart', async ({ browser, page, context }) => {
    const answer =
      'Òwe means “proverb” in Yoruba. It gathers traditional proverbs of eight African peoples, each in its own words, with an English rendering and its meaning.'
    const adminSession = await signedIn(browser, admin)
    await adminSession.page.goto(`${server.url}/admin/faq`)
    const row = adminSession.page.getByRole('row').filter({ has: adminSession.page.getByRole('rowheader', { name: /What is Òwe\?/ }) })
    await expect(row.getByText(ADMIN_TEXTS.builtIn)).toBeVisible()
    await row.getByRole('button', { name: 'Edit “What is Òwe?”' }).click()
    await expect(adminSession.page.getByText(ADMIN_TEXTS.builtInNote).first()).toBeVisible()
    await adminSession.page.getByLabel('Answer').fill(answer)
    await adminSession.page.getByRole('button', { name: 'Save the question' }).click()
    await expect(adminSession.page.getByText(ADMIN_TEXTS.saved)).toBeVisible()
    // Now the admins' own: no longer marked as built in.
    await expect(row.getByText(ADMIN_TEXTS.builtIn)).toHaveCount(0)
    await adminSession.context.close()

    // A restart seeds again from the files, and leaves the admin's answer as it is.
    const port = Number(new URL(server.url).port)
    await server.stop()
    server = await ownServer({ port, dataDir: server.dataDir })
    await context.addCookies([{ name: 'cookieConsent', value: 'true', url: server.url }])
    await page.goto(`${server.url}/pricing`)
    await page.getByText('What is Òwe?', { exact: true }).click()
    await expect(page.getByText(answer)).toBeVisible()
  })

  test('an admin moves an advert down; the new order is kept', async ({ browser }) => {
    const adminSession = await signedIn(browser, admin)
    await adminSession.page.goto(`${server.url}/admin/adverts`)
    const headers = adminSession.page.getByRole('table', { name: 'Adverts, in the order they are shown' }).getByRole('rowheader')
    await expect(headers.nth(1)).toBeVisible()
    const names = async () => (await headers.allTextContents()).map((text) => text.replace(ADMIN_TEXTS.builtIn, '').trim())
    const [first, second] = await names()
    await adminSession.page.getByRole('button', { name: `${ADMIN_TEXTS.moveDown}: ${first}` }).click()
    await expect(adminSession.page.getByText(`“${first}” moved down.`)).toBeVisible()
    await adminSession.page.reload()
    await expect(headers.nth(1)).toContainText(first)
    expect((await names()).slice(0, 2)).toEqual([second, first])
    await adminSession.context.close()
  })

  test('the console is for admins only', async ({ browser }) => {
    const reader = await signedIn(browser, suggester)
    await reader.page.goto(`${server.url}/admin`)
    await expect(reader.page.getByText(ADMIN_TEXTS.adminsOnly)).toBeVisible()
    await reader.context.close()
  })
})
