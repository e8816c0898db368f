import { expect, expectProblems, test } from './fixtures'

test.beforeEach(async ({ context }) => {
  // A choice already made keeps the banner out of these journeys (it has its own spec).
  await context.addCookies([{ name: 'cookieConsent', value: 'true', url: 'http://localhost' }])
})

test('a visitor sees today’s proverbs, trending, the eight peoples and the categories on the home page', async ({ page }) => {
  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1, name: 'Proverbs of eight African peoples' })).toBeVisible()
  const today = page.locator('.today-card')
  await expect(today).toHaveCount(8)
  await expect(page.locator('.group-card')).toHaveCount(8)
  for (const name of ['Yoruba', 'Igbo', 'Hausa', 'Akan', 'Swahili', 'Zulu', 'Amhara', 'Oromo']) {
    await expect(page.locator('.group-card__name', { hasText: new RegExp(`^${name}$`) })).toBeVisible()
  }
  await expect(page.locator('.group-card img').first()).toHaveAttribute('src', '/img/yoruba-scroll.jpeg')
  await expect(page.getByRole('heading', { name: 'Trending' })).toBeVisible()
  await expect(page.locator('.card-grid .proverb-card')).toHaveCount(6)
  expect(await page.locator('.chip-list .chip').count()).toBeGreaterThanOrEqual(12)
})

test('a visitor browses a group, then a category, page by page', async ({ page }) => {
  await page.goto('/')
  await page.getByRole('link', { name: /^Hausa\s+Hausa/ }).click()
  await expect(page).toHaveURL(/\/search_result\?ethnic=hausa$/)
  await expect(page.getByLabel('People')).toHaveValue('hausa')
  await expect(page.getByRole('status').filter({ hasText: /\d+ proverbs/ })).toBeVisible()
  const cards = page.locator('.result-list .proverb-card')
  await expect(cards).toHaveCount(20)
  for (const tag of await cards.locator('.tag:not(.tag--muted):not(.tag--accent)').allTextContents()) expect(tag).toBe('Hausa')

  const firstOnPageOne = await cards.first().locator('h3').textContent()
  await page.getByRole('button', { name: 'Next' }).click()
  await expect(page).toHaveURL(/page=2/)
  await expect(page.getByText(/Page 2 of \d+/)).toBeVisible()
  await expect(cards.first().locator('h3')).not.toHaveText(firstOnPageOne!)

  await page.getByLabel('Category').selectOption({ label: 'Patience' })
  await expect(page).toHaveURL(/category=patience/)
  await expect(page).not.toHaveURL(/page=2/)
  await expect(cards.first()).toContainText('Patience')
})

test('a visitor searches without tone marks, finds the proverb and opens it', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await page.goto('/')
  await page.getByRole('searchbox', { name: 'Search proverbs' }).fill('omo')
  await page.getByRole('button', { name: 'Search' }).click()
  await expect(page).toHaveURL(/\/search_result\?q=omo$/)
  const match = page.locator('.result-list .proverb-card', { hasText: 'ọmọ' }).first()
  await expect(match).toBeVisible()
  const text = (await match.locator('h3').textContent())!
  await expect(match.locator('h3')).toHaveAttribute('lang', /^(yo|ig)$/)

  await match.getByRole('link').click()
  await expect(page).toHaveURL(/\/search_result\?proverb=/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text)
  await expect(page.getByText('In English')).toBeVisible()
  await expect(page.getByText('Meaning', { exact: true })).toBeVisible()
  await expect(page.locator('.proverb-scroll img')).toHaveAttribute('src', /\/img\/(yoruba|igbo)-scroll\.jpeg/)
  await expect(page).toHaveTitle(`${text} — Òwe`)

  // Headless Chromium has no share sheet: the link is copied instead.
  await page.getByRole('button', { name: 'Share link' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Link copied to your clipboard.' })).toBeVisible()
  const copied = await page.evaluate(() => navigator.clipboard.readText())
  expect(copied).toBe(page.url())
})

test('a search with no results says so and offers to clear it', async ({ page }) => {
  await page.goto('/search_result?q=zzqxjv')
  await expect(page.getByText('No proverbs match')).toBeVisible()
  await page.getByRole('link', { name: 'Clear search' }).click()
  await expect(page).toHaveURL(/\/search_result$/)
  await expect(page.locator('.result-list .proverb-card')).toHaveCount(20)
})

test('an Amharic proverb shows in Ethiopic script', async ({ page }) => {
  await page.goto('/search_result?ethnic=amharic')
  const first = page.locator('.result-list .proverb-card h3').first()
  await expect(first).toHaveAttribute('lang', 'am')
  expect(await first.textContent()).toMatch(/[\u1200-\u137F]/u)
})

test('an unknown proverb says so', async ({ page }) => {
  expectProblems(/^answer: 404 GET \S+\/api\/proverbs\/public\/not-a-real-proverb$/)
  await page.goto('/search_result?proverb=not-a-real-proverb')
  await expect(page.getByRole('alert')).toContainText('No proverb has that id or slug.')
  await page.goto('/404')
  await expect(page.getByRole('heading', { name: 'This page is not here' })).toBeVisible()
})

test('about, terms and privacy have real content', async ({ page }) => {
  for (const [path, title] of [
    ['/about', 'About Òwe'],
    ['/terms', /Terms/],
    ['/privacy_policy', /Privacy/],
  ] as const) {
    await page.goto(path)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title)
    expect(await page.locator('article h2').count(), path).toBeGreaterThanOrEqual(5)
  }
})

test('the keyboard reaches the content first through the skip link', async ({ page }) => {
  await page.goto('/')
  await page.keyboard.press('Tab')
  const skip = page.getByRole('link', { name: 'Skip to content' })
  await expect(skip).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page.locator('main')).toBeFocused()
})

test('after moving to another page, focus is on its content and the tab names it', async ({ page }) => {
  await page.goto('/')
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Pricing' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Pricing' })).toBeVisible()
  await expect(page.locator('main')).toBeFocused()
  await expect(page).toHaveTitle('Pricing — Òwe')
  await page.goto('/search_result?ethnic=zulu')
  await page.locator('.result-list .proverb-card h3 a').first().click()
  await expect(page.locator('main')).toBeFocused()
  await page.goBack()
  await expect(page).toHaveTitle('Zulu proverbs — Òwe')
})
