import { expect, test } from './fixtures'

test('pricing lists the plans and switches between dollars and naira', async ({ page, context }) => {
  await context.addCookies([{ name: 'cookieConsent', value: 'true', url: 'http://localhost' }])
  await page.goto('/pricing')
  await expect(page.getByRole('heading', { level: 1, name: 'Pricing' })).toBeVisible()
  await expect(page.locator('.plan-card')).toHaveCount(5)
  const dollars = page.getByRole('button', { name: '$ USD' })
  const naira = page.getByRole('button', { name: '₦ NGN' })
  await expect(dollars).toHaveAttribute('aria-pressed', 'true')
  await expect(page.getByTestId('price-Bronze')).toHaveText('$9.99')
  await expect(page.getByTestId('price-Platinum')).toHaveText('$49.99')
  await expect(page.locator('.plan-card', { hasText: 'Gold' })).toContainText('Four peoples')

  await naira.click()
  await expect(naira).toHaveAttribute('aria-pressed', 'true')
  await expect(dollars).toHaveAttribute('aria-pressed', 'false')
  await expect(page.getByTestId('price-Bronze')).toHaveText('₦9,990')
  await expect(page.getByTestId('price-Platinum')).toHaveText('₦49,990')

  await dollars.click()
  await expect(page.getByTestId('price-Silver')).toHaveText('$17.99')
  await expect(page.locator('.faq details')).not.toHaveCount(0)
})
