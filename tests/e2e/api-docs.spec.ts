import { expect, test } from './fixtures'

/**
 * The API's description (docs/decisions/014-openapi.md): the browsable page is the server's own, served
 * with the app's security policy, and lists the public calls from the OpenAPI document.
 */
test('the API description opens as a browsable page and lists the public calls', async ({ page }) => {
  const response = await page.goto('/api/docs')
  expect(response?.status()).toBe(200)
  await expect(page.getByRole('heading', { level: 1, name: /Òwe API/ })).toBeVisible()
  // The calls are grouped by area, folded: open the public corpus.
  await page.getByRole('heading', { level: 3, name: /^Proverbs / }).click()
  await expect(page.locator('[data-path="/api/proverbs/ethnic/public"]').first()).toBeVisible()
  const document = await page.request.get('/api/docs/openapi.json')
  expect(document.status()).toBe(200)
  expect((await document.json()).openapi).toMatch(/^3\.1\./)
})
