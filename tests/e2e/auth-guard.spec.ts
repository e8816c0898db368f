import { refusedNotice } from '../../src/core/shared/delivery'
import { expect, expectProblems, refuseHearts, test, whenInteractive, type Page, type Route } from './fixtures'
import { PUBLIC_ROUTES } from '../../src/core/shared/constants'
import { createAccount, useAccount, withoutAdverts } from './accounts'
import { E2E_MAIL_DIR } from '../support/e2e-env'
import { linkIn, waitForMailFile } from '../support/mail-catcher'

test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([{ name: 'cookieConsent', value: 'true', url: baseURL! }])
  await withoutAdverts(context)
})

async function signInHere(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Sign in' }).click()
}

// docs/requirements.md#r3-accounts-and-sign-in
test('a visitor opening a private or unknown route lands on /auth/login', async ({ page }) => {
  for (const path of ['/profile', '/favourites', '/quiz', '/learn', '/learn/progress', '/leaderboard', '/somewhere/else']) {
    await page.goto(path)
    await expect(page).toHaveURL(/\/auth\/login$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible()
    await expect(page.getByText('Please sign in to continue.')).toBeVisible()
  }
})

// docs/requirements.md#r3-accounts-and-sign-in
test('the public routes open without a session', async ({ page }) => {
  for (const path of PUBLIC_ROUTES) {
    await page.goto(path)
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible()
    const landed = new URL(page.url()).pathname
    if (path === '/auth/login') expect(landed).toBe('/auth/login')
    else expect(landed, `${path} must not ask to sign in`).not.toBe('/auth/login')
  }
})

test('after signing in the user lands where they were going', async ({ page, request }) => {
  const account = await createAccount(request)
  await page.goto('/favourites?page=1')
  await expect(page).toHaveURL(/\/auth\/login$/)
  await signInHere(page, account.email, account.password)
  await expect(page).toHaveURL(/\/favourites\?page=1$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Your favourites' })).toBeVisible()
  await expect(page.getByText('No favourites yet')).toBeVisible()
  // A signed-in user who mistypes an address sees the 404 page.
  await page.goto('/somewhere/else')
  await expect(page).toHaveURL(/\/404$/)
})

test('the sign-in form shows the spec’s messages verbatim and refuses a wrong password', async ({ page, request }) => {
  expectProblems(/^answer: 401 POST \S+\/accounts\/login$/)
  const account = await createAccount(request)
  await page.goto('/auth/login')
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByText('Required', { exact: true })).toBeVisible()
  await expect(page.getByText('Password is required')).toBeVisible()
  await page.getByLabel('Email').fill('someone@')
  await page.getByLabel('Password').fill('abc')
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByText('Invalid email')).toBeVisible()
  await expect(page.getByText('Password should be of minimum 8 characters length')).toBeVisible()
  await page.getByLabel('Password').fill('abcdefgh!')
  await expect(page.getByText('Password must include at least one capital letter')).toBeVisible()
  await page.getByLabel('Password').fill('Abcdefghi')
  await expect(page.getByText('Password must include at least one special character')).toBeVisible()
  await signInHere(page, account.email, 'Wrong#password1')
  await expect(page.getByRole('alert')).toHaveText('Incorrect email or password.')
  await expect(page).toHaveURL(/\/auth\/login$/)
})

test('a forgotten password is reset from the emailed link, once', async ({ page, request }) => {
  // The link is used a second time on purpose.
  expectProblems(/^answer: 400 POST \S+\/accounts\/verify-password-token-web$/)
  const account = await createAccount(request)
  await page.goto('/auth/login')
  await page.getByRole('link', { name: 'Forgot your password?' }).click()
  await expect(page).toHaveURL(/\/auth\/forget_password$/)
  await page.getByRole('button', { name: 'Send the link' }).click()
  await expect(page.getByText('Required', { exact: true })).toBeVisible()
  await page.getByLabel('Email').fill('nobody')
  await expect(page.getByText('Invalid email')).toBeVisible()
  await page.getByLabel('Email').fill(account.email)
  await page.getByRole('button', { name: 'Send the link' }).click()
  const answer = 'If an account exists for that email, a link to reset its password is on its way. Check your email.'
  await expect(page.getByRole('status').filter({ hasText: answer })).toBeVisible()

  const link = linkIn(await waitForMailFile(E2E_MAIL_DIR, account.email, /Reset/), '/auth/reset_password')
  await page.goto(link)
  await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible()
  await page.getByRole('button', { name: 'Save the new password' }).click()
  await expect(page.getByText('Password is required')).toBeVisible()
  await page.getByLabel('New password', { exact: true }).fill('Kola#nut22')
  await page.getByLabel('Confirm the new password').fill('Kola#nut23')
  await page.getByRole('button', { name: 'Save the new password' }).click()
  await expect(page.getByText('Passwords must match')).toBeVisible()
  await page.getByLabel('Confirm the new password').fill('Kola#nut22')
  await page.getByRole('button', { name: 'Save the new password' }).click()
  await expect(page.getByText('Your password has been changed. Sign in with your new password.')).toBeVisible()

  await page.goto(link)
  await expect(page.getByRole('alert')).toHaveText('This password reset link has already been used. Ask for a new one.')
  await expect(page.getByRole('link', { name: 'Ask for a new link' })).toBeVisible()

  await page.goto('/auth/login')
  await signInHere(page, account.email, 'Kola#nut22')
  await expect(page.getByRole('button', { name: /^Account:/ })).toBeVisible()
})

test('a session that ends mid-edit keeps what was typed: sign in again and it is still there', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  expectProblems(/^answer: 401 (GET|POST) \S+\/api\//)
  const account = await createAccount(request)
  await useAccount(context, baseURL!, account)
  // The bell asks every 5 s and would notice the ended session first on a slow machine; here it is the
  // save that finds out, so its polls are held until the reader is on the sign-in page.
  const heldPolls: Route[] = []
  await page.route('**/user/notification/**', (route) => void heldPolls.push(route))
  // The profile's last request (the last package, asked once the active one is known to be none) must
  // have its answer before the session ends, or a slow machine lets it find out before the save.
  const profileSettled = page.waitForResponse((res) => res.url().includes('/api/userPackage/last_active_UserPackage'))
  await page.goto('/profile')
  const address = page.getByRole('form', { name: 'Address' })
  await address.getByLabel('Country').fill('Ghana')
  await address.getByLabel('City or town').fill('Kumasi')

  // The session ends elsewhere (here: logged out through the API with the same token).
  await profileSettled
  const ended = await request.post('/accounts/logout', { headers: { Authorization: `Bearer ${account.token}` } })
  expect(ended.ok()).toBe(true)

  await address.getByLabel('State or region').fill('Ashanti')
  await address.getByLabel('Street').fill('Prempeh II Street')
  await address.getByLabel('House number').fill('7')
  await address.getByLabel('Postal code').fill('AK-039')
  await address.getByRole('button', { name: 'Save address' }).click()
  await expect(page).toHaveURL(/\/auth\/login$/)
  await expect(page.getByText('Your session has ended. Please sign in again to carry on where you were.')).toBeVisible()
  expect((await context.cookies()).find((c) => c.name === 'userToken')).toBeUndefined()
  await page.unroute('**/user/notification/**')
  await Promise.all(heldPolls.map((route) => route.continue().catch(() => undefined)))

  await signInHere(page, account.email, account.password)
  await expect(page).toHaveURL(/\/profile$/)
  const again = page.getByRole('form', { name: 'Address' })
  await expect(again.getByText('Your unsaved changes are back, as you left them.')).toBeVisible()
  await expect(again.getByLabel('Country')).toHaveValue('Ghana')
  await expect(again.getByLabel('City or town')).toHaveValue('Kumasi')
  await expect(again.getByLabel('Postal code')).toHaveValue('AK-039')
  await again.getByRole('button', { name: 'Save address' }).click()
  await expect(again.getByText('Your address has been saved.')).toBeVisible()
})

test('a visitor tapping a heart is asked to sign in and comes back to the proverb, its heart added', async ({ page, request }) => {
  const account = await createAccount(request)
  await page.goto('/search_result?ethnic=hausa')
  const heart = page
    .locator('.result-list .proverb-card')
    .first()
    .getByRole('button', { name: /^Sign in to add/ })
  // The page is the server's until the app takes over; a heart pressed before then does nothing.
  await whenInteractive(heart)
  await heart.click()
  await expect(page).toHaveURL(/\/auth\/login$/)
  await signInHere(page, account.email, account.password)
  await expect(page).toHaveURL(/\/search_result\?ethnic=hausa$/)
  const added = page
    .locator('.result-list .proverb-card')
    .first()
    .getByRole('button', { name: /^Favourite:/ })
  await expect(added).toHaveAttribute('aria-pressed', 'true')
})

test('a favourite the server refuses is rolled back, and the reader told what it said and where it waits', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  const account = await createAccount(request)
  await useAccount(context, baseURL!, account)
  await refuseHearts(context, 'No proverb has that id.')
  await page.goto('/search_result?ethnic=zulu')
  const heart = page
    .locator('.result-list .proverb-card')
    .first()
    .getByRole('button', { name: /^Favourite:/ })
  await expect(heart).toHaveAttribute('aria-pressed', 'false')
  await heart.click()
  await expect(page.getByText(refusedNotice('marks', 'No proverb has that id.'))).toBeVisible()
  await expect(heart).toHaveAttribute('aria-pressed', 'false')
})
