import { expect, test } from './fixtures'
import { COOKIE_BANNER_TEXT } from '../../src/core/shared/texts'
import { createAccount, useAccount } from './accounts'
import { expectCoversNoControlWhileScrolling, PHONES } from './phone'

const banner = (page: import('@playwright/test').Page) => page.getByRole('region', { name: 'Cookie consent' })

test('the cookie banner shows the spec’s text, buttons and privacy link on every page until a choice', async ({ page }) => {
  for (const path of ['/', '/pricing', '/about']) {
    await page.goto(path)
    await expect(banner(page)).toBeVisible()
    await expect(banner(page).locator('p')).toHaveText(COOKIE_BANNER_TEXT)
    await expect(banner(page).getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy_policy')
    await expect(banner(page).getByRole('button', { name: 'Allow cookies' })).toBeVisible()
    await expect(banner(page).getByRole('button', { name: 'Decline' })).toBeVisible()
  }
  await banner(page).getByRole('link', { name: 'Privacy Policy' }).click()
  await expect(page).toHaveURL(/\/privacy_policy$/)
})

test('Allow cookies sets cookieConsent=true for 30 days and the banner stays away', async ({ page, context }) => {
  await page.goto('/')
  await banner(page).getByRole('button', { name: 'Allow cookies' }).click()
  await expect(banner(page)).toBeHidden()
  const cookie = (await context.cookies()).find((c) => c.name === 'cookieConsent')
  expect(cookie?.value).toBe('true')
  const days = (cookie!.expires * 1000 - Date.now()) / 86_400_000
  expect(days).toBeGreaterThan(29.9)
  expect(days).toBeLessThanOrEqual(30)
  await page.reload()
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(banner(page)).toBeHidden()
})

test('Allow pressed before the app’s code has arrived is done once it has: a slow phone’s first tap is not lost', async ({
  page,
  context,
}) => {
  // The app's code is held back, as on a slow connection; the server's page with its banner is already on screen.
  let release!: () => void
  const released = new Promise<void>((resolve) => (release = resolve))
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await released
    await route.fallback()
  })
  await page.goto('/', { waitUntil: 'commit' })
  await banner(page).getByRole('button', { name: 'Allow cookies' }).click()
  expect((await context.cookies()).find((c) => c.name === 'cookieConsent')).toBeUndefined()
  release()
  await expect(banner(page)).toBeHidden()
  await expect.poll(async () => (await context.cookies()).find((c) => c.name === 'cookieConsent')?.value).toBe('true')
})

test('Decline hides the banner for the session only and sets no cookie', async ({ page, context, browser, baseURL }) => {
  await page.goto('/')
  await banner(page).getByRole('button', { name: 'Decline' }).click()
  await expect(banner(page)).toBeHidden()
  expect((await context.cookies()).find((c) => c.name === 'cookieConsent')).toBeUndefined()
  await page.reload()
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(banner(page)).toBeHidden()

  const nextSession = await browser.newContext({ baseURL })
  const later = await nextSession.newPage()
  await later.goto('/')
  await expect(banner(later)).toBeVisible()
  await nextSession.close()
})

for (const [name, phone] of PHONES) {
  test.describe(`on a ${name} phone`, () => {
    test.use(phone)

    test('the banner lies over none of a quiz’s controls, its result or a checkout’s return page, and Decline still lasts the session', async ({
      page,
      context,
      request,
      baseURL,
    }) => {
      test.setTimeout(90_000)
      await useAccount(context, baseURL!, await createAccount(request))
      await context.clearCookies({ name: 'cookieConsent' })
      await page.goto('/quiz')
      await page.getByRole('link', { name: /Start/ }).first().click()
      await expect(page.getByText(/^Question 1 of \d+$/)).toBeVisible()
      await expect(banner(page).locator('p')).toHaveText(COOKIE_BANNER_TEXT)
      const total = Number((await page.getByText(/^Question 1 of \d+$/).innerText()).split(' of ')[1])
      await expectCoversNoControlWhileScrolling(page, '.cookie-banner')
      for (let i = 1; i <= total; i++) {
        await page.getByRole('radio').first().check()
        await expect(page.locator('.quiz-answer-status')).toHaveText('Sent')
        if (i < total) await page.getByRole('button', { name: /Next/ }).click()
      }
      await expectCoversNoControlWhileScrolling(page, '.cookie-banner')
      await page.getByRole('button', { name: 'Submit answers' }).click()
      await expect(page.getByRole('heading', { level: 1, name: /: result$/ })).toBeVisible()
      await expect(banner(page)).toBeVisible()
      await expectCoversNoControlWhileScrolling(page, '.cookie-banner')

      await page.goto('/pricing')
      await page.getByRole('button', { name: 'Choose Silver' }).click()
      await page.getByRole('button', { name: /^Pay / }).click()
      await expect(page).toHaveURL(/\/api\/payments\/test-checkout\//)
      await page.getByRole('button', { name: /^Pay/ }).first().click()
      await expect(page).toHaveURL(/\/payment_success\?reference=/)
      await expect(page.getByRole('heading', { level: 1, name: 'Payment received' })).toBeVisible()
      await expect(banner(page)).toBeVisible()
      await expectCoversNoControlWhileScrolling(page, '.cookie-banner')

      // Declined, it stays away for the rest of the session.
      await banner(page).getByRole('button', { name: 'Decline' }).click()
      await expect(banner(page)).toBeHidden()
      await page.goto('/quiz')
      await expect(page.getByRole('heading', { level: 1, name: 'Quizzes' })).toBeVisible()
      await expect(banner(page)).toBeHidden()
    })
  })
}
