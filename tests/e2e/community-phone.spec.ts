import { expect, test, type Page } from './fixtures'
import { randomInt } from 'node:crypto'
import { COMMUNITY_TEXTS } from '../../src/core/community/texts'
import { COMMUNITY_MESSAGES } from '../../src/core/community/validation'
import { MESSAGES } from '../../src/core/shared/validation'
import { createAccount, useAccount } from './accounts'
import { expectInsideViewport, expectNoAxeViolations, PHONE_390 } from './phone'

test.use(PHONE_390)

/** The message tied to a field (its aria-describedby), as a screen reader hears it. */
const messageOf = (page: Page, label: string) =>
  page
    .locator('.field')
    .filter({ has: page.getByLabel(label, { exact: true }) })
    .locator('.field__error')

async function lookAt(page: Page, name: string) {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme })
    await page.screenshot({ path: `/tmp/owe-community-${name}-${scheme}.png`, fullPage: false })
  }
  await page.emulateMedia({ colorScheme: 'light' })
}

test('a suggestion refused for a field brings that field into view and focuses it; a sent one, the thanks', async ({
  page,
  context,
  baseURL,
}) => {
  await context.addCookies([{ name: 'cookieConsent', value: 'true', url: baseURL! }])
  await page.goto('/add_proverb')
  await expect(page.getByRole('heading', { level: 1, name: 'Suggest a proverb' })).toBeVisible()
  await page.getByLabel('Your name').fill('Zawadi')
  await page.getByLabel('Ethnic group').selectOption('Swahili')
  // Not yet in Òwe (a proverb it holds would be thanked with a note about the likely duplicate).
  await page.getByLabel('The proverb').fill(`Mvua ya ${randomInt(1e9)} haiji bila mawingu.`)
  await page.getByLabel('English transliteration').fill('Little by little fills the measure.')
  await page.getByLabel('English interpretation').fill('Small efforts, kept up, add up to much.')
  await page.getByLabel('Category').fill('Patience')
  // Email, at the top, is left empty: the send button is far below it on a phone.
  await page.getByRole('button', { name: 'Send suggestion' }).click()
  const email = page.getByLabel('Email', { exact: true })
  await expect(email).toBeFocused()
  await expect(messageOf(page, 'Email')).toHaveText(COMMUNITY_MESSAGES.emailRequired)
  await expectInsideViewport(page, email)
  await lookAt(page, 'add-proverb-refused')
  await expectNoAxeViolations(page)

  await email.fill(`zawadi-${randomInt(1e9)}@example.com`)
  await page.getByLabel('Language').fill('')
  await page.getByRole('button', { name: 'Send suggestion' }).click()
  await expect(page.getByLabel('Language')).toBeFocused()
  await expect(messageOf(page, 'Language')).toHaveText(COMMUNITY_MESSAGES.languageRequired)

  await page.getByLabel('Language').fill('Kiswahili')
  await page.getByRole('button', { name: 'Send suggestion' }).click()
  const thanks = page.getByRole('status').filter({ hasText: COMMUNITY_TEXTS.suggestionThanks })
  await expect(thanks).toHaveText(COMMUNITY_TEXTS.suggestionThanks)
  await expect(thanks).toBeFocused()
  await expectInsideViewport(page, thanks)
  await lookAt(page, 'add-proverb-sent')
  await expectNoAxeViolations(page)
})

test('contact fills in what the profile knows; a refused send focuses the field, a sent one the thanks', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  const account = await createAccount(request)
  const phone = `+23480${randomInt(10_000_000, 99_999_999)}`
  const saved = await request.post('/api/user/profile/personalInfo', {
    headers: { authorization: `Bearer ${account.token}` },
    data: { firstName: 'Chidi', lastName: 'Nwosu', phoneNumber: phone },
  })
  expect(saved.ok()).toBe(true)
  await useAccount(context, baseURL!, account)
  await page.goto('/contact')
  await expect(page.getByRole('heading', { level: 1, name: 'Contact us' })).toBeVisible()
  await expect(page.getByLabel('Phone number')).toHaveValue(phone)
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(account.email)
  await expect(page.getByLabel('First name')).toHaveValue('Chidi')
  await expect(page.getByLabel('Surname')).toHaveValue('Nwosu')

  await page.getByRole('button', { name: 'Send message' }).click()
  const message = page.getByLabel('Message')
  await expect(message).toBeFocused()
  await expect(messageOf(page, 'Message')).toHaveText(MESSAGES.required)
  await expectInsideViewport(page, message)
  await lookAt(page, 'contact-refused')
  await expectNoAxeViolations(page)

  await message.fill('The Igbo proverbs are lovely. Thank you.')
  await page.getByRole('button', { name: 'Send message' }).click()
  const thanks = page.getByRole('status').filter({ hasText: COMMUNITY_TEXTS.contactThanks })
  await expect(thanks).toHaveText(COMMUNITY_TEXTS.contactThanks)
  await expect(thanks).toBeFocused()
  await expectInsideViewport(page, thanks)
  // Sent: the message is cleared, what the profile knows stays for the next one.
  await expect(message).toHaveValue('')
  await expect(page.getByLabel('Phone number')).toHaveValue(phone)
  await lookAt(page, 'contact-sent')
  await expectNoAxeViolations(page)
})

test('a visitor’s contact message refused for its phone number focuses that field with the spec’s message', async ({
  page,
  context,
  baseURL,
}) => {
  await context.addCookies([{ name: 'cookieConsent', value: 'true', url: baseURL! }])
  await page.goto('/contact')
  await page.getByLabel('Email', { exact: true }).fill('ngozi@example.com')
  await page.getByLabel('First name').fill('Ngozi')
  await page.getByLabel('Surname').fill('Okafor')
  await page.getByLabel('Message').fill('Hello.')
  await page.getByRole('button', { name: 'Send message' }).click()
  await expect(page.getByLabel('Phone number')).toBeFocused()
  await expect(messageOf(page, 'Phone number')).toHaveText(COMMUNITY_MESSAGES.phoneRequired)
})
