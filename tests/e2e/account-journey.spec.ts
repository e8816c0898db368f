import { expect, SIGNING_OUT, expectProblems, test, type Page } from './fixtures'
import { PNG } from 'pngjs'
import { activationLink, PASSWORD, uniqueEmail, withoutAdverts } from './accounts'

test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([{ name: 'cookieConsent', value: 'true', url: baseURL! }])
  await withoutAdverts(context)
})

const field = (page: Page, label: string | RegExp) => page.getByLabel(label, { exact: typeof label === 'string' })
const next = (page: Page) => page.getByRole('button', { name: 'Next' }).click()
const stepHeading = (page: Page, text: string) => expect(page.getByRole('heading', { level: 2, name: text })).toBeVisible()

/** A real 64×64 PNG, drawn here. */
function pngPicture(): Buffer {
  const png = new PNG({ width: 64, height: 64 })
  for (let i = 0; i < png.data.length; i += 4) png.data.set([224, 165, 38, 255], i)
  return PNG.sync.write(png)
}

test('a reader signs up, activates from the email, fills in the profile, keeps a favourite, changes password and logs out', async ({
  page,
  browser,
  baseURL,
}) => {
  // A used activation link, wrong and unactivated sign-ins are tried on purpose; a password change and a
  // sign-out end sessions while the reader's data may still be asked for.
  expectProblems(SIGNING_OUT, /^answer: 400 POST \S+\/accounts\/activate$/, /^answer: 40[13] POST \S+\/accounts\/login$/)
  test.setTimeout(120_000)
  const email = uniqueEmail('journey')

  // Step 1 — the wizard starts at step 1 and shows the spec's messages verbatim.
  await page.goto('/auth/signup')
  await stepHeading(page, 'Step 1 of 5: About you')
  await next(page)
  await expect(page.getByText('Please enter your First name')).toBeVisible()
  await expect(page.getByText('Please enter your Last name')).toBeVisible()
  await field(page, 'First name').fill('Ada2')
  await field(page, 'Last name').fill('Eze9')
  await field(page, 'Phone number (optional)').fill('12345')
  await next(page)
  await expect(page.getByText('First name cannot contain numbers')).toHaveCount(2)
  await expect(page.getByText('Size must be at least 10 characters')).toBeVisible()
  await field(page, 'Phone number (optional)').fill('0801-234-5678')
  await expect(page.getByText('Invalid phone number')).toBeVisible()
  await field(page, 'Phone number (optional)').fill('0801234567890123')
  await expect(page.getByText('Phone number must be at most 15 characters')).toBeVisible()
  await field(page, 'First name').fill('Adaeze')
  await field(page, 'Last name').fill('Okafor')
  await field(page, 'Phone number (optional)').fill('')
  await next(page)

  // Step 2 — email and password rules.
  await stepHeading(page, 'Step 2 of 5: Your account')
  await next(page)
  await expect(page.getByText('Required', { exact: true })).toBeVisible()
  await expect(page.getByText('Password is required')).toBeVisible()
  await field(page, 'Email').fill('not-an-email')
  await field(page, 'Password').fill('short')
  await next(page)
  await expect(page.getByText('Invalid email')).toBeVisible()
  await expect(page.getByText('Password should be of minimum 8 characters length')).toBeVisible()
  await field(page, 'Password').fill('longenough#')
  await expect(page.getByText('Password must include at least one capital letter')).toBeVisible()
  await field(page, 'Password').fill('Longenough1')
  await expect(page.getByText('Password must include at least one special character')).toBeVisible()
  await field(page, 'Email').fill(email)
  await expect(page.getByText('No account uses this email yet.')).toBeVisible()
  await field(page, 'Password').fill(PASSWORD)
  await field(page, 'Confirm password').fill('Proverb#2')
  await next(page)
  await expect(page.getByText('Passwords must match')).toBeVisible()
  await field(page, 'Confirm password').fill(PASSWORD)
  await next(page)

  // Step 3 — the plan.
  await stepHeading(page, 'Step 3 of 5: Your plan')
  await next(page)
  await expect(page.getByText('Please select a subscription plan')).toBeVisible()
  await page.getByRole('radio', { name: /^Silver/ }).check()
  await next(page)

  // Step 4 — no more languages than the plan's noOfEthnics.
  await stepHeading(page, 'Step 4 of 5: Your languages')
  await page.getByRole('checkbox', { name: /^Yoruba/ }).check()
  await page.getByRole('checkbox', { name: /^Igbo/ }).check()
  await expect(page.getByText(/2 of 2 chosen/)).toBeVisible()
  await expect(page.getByRole('checkbox', { name: /^Hausa/ })).toBeDisabled()
  await next(page)

  // Step 5 — review, a promo code checked live, and the success modal.
  await stepHeading(page, 'Step 5 of 5: Review')
  await expect(page.getByText('Yoruba, Igbo')).toBeVisible()
  await field(page, 'Promo code (optional)').fill('welcome10')
  await expect(page.getByText('WELCOME10: 10% off your first payment.')).toBeVisible()
  await page.getByRole('button', { name: 'Create account' }).click()
  const modal = page.getByRole('dialog', { name: 'Check your email' })
  await expect(modal).toBeVisible()
  await expect(modal).toContainText(email)
  const link = await activationLink(email)
  await modal.getByRole('button', { name: 'Done' }).click()
  await expect(page).toHaveURL(/\/register_payment_success$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Check your email' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Resend the email' })).toBeVisible()

  // Not yet activated: signing in says so and offers a new link.
  await page.goto('/auth/login')
  await field(page, 'Email').fill(email)
  await field(page, 'Password').fill(PASSWORD)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByRole('alert')).toHaveText(
    'Your account is not activated yet. Check your email for the activation link, or send a new one.',
  )
  await expect(page.getByRole('button', { name: 'Send a new activation link' })).toBeVisible()

  // The emailed link activates once; opened again it says so.
  expect(new URL(link).pathname).toBe('/auth/activate')
  await page.goto(link)
  await expect(page.getByRole('status').filter({ hasText: 'Your account is active. You can sign in now.' })).toBeVisible()
  await page.goto(link)
  await expect(page.getByRole('alert')).toContainText('This activation link has already been used.')

  // Sign in: token in the userToken cookie, flag and user in local storage; the header shows the initials.
  await page.goto('/auth/login')
  await field(page, 'Email').fill(email)
  await field(page, 'Password').fill(PASSWORD)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page).toHaveURL(`${baseURL}/`)
  const cookies = await page.context().cookies()
  expect(cookies.find((c) => c.name === 'userToken')?.value).toMatch(/^[A-Za-z0-9_-]{43}$/)
  expect(await page.evaluate(() => localStorage.getItem('isAuthenticated'))).toBe('true')
  const stored = JSON.parse((await page.evaluate(() => localStorage.getItem('user')))!)
  expect(stored).toMatchObject({ id: expect.any(Number), email, firstName: 'Adaeze', lastName: 'Okafor' })
  await expect(page.getByRole('button', { name: /^Account:/ }).getByTestId('avatar-initials')).toHaveText('AO')
  // Without an active package, the first language chosen is the one to read (ethnic/logged,
  // docs/requirements.md#r1-proverbs-and-peoples).
  const yours = page.getByRole('region', { name: 'Your languages' })
  await expect(yours.locator('.group-card')).toHaveCount(1)
  await expect(yours.locator('.group-card__name')).toHaveText('Yoruba')

  // Personal info and address, with the spec's messages.
  await page.getByRole('button', { name: /^Account:/ }).click()
  await page.getByRole('link', { name: 'Profile' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Your profile' })).toBeVisible()
  const personal = page.getByRole('form', { name: 'Personal info' })
  await personal.getByLabel('First name').fill('')
  await personal.getByRole('button', { name: 'Save personal info' }).click()
  await expect(personal.getByText('Please enter your First name')).toBeVisible()
  await personal.getByLabel('First name').fill('Ifeoma')
  await personal.getByLabel('Last name').fill('Okafor')
  await personal.getByRole('button', { name: 'Save personal info' }).click()
  await expect(personal.getByText('Your personal info has been saved.')).toBeVisible()
  await expect(page.getByRole('button', { name: /^Account:/ }).getByTestId('avatar-initials')).toHaveText('IO')

  const address = page.getByRole('form', { name: 'Address' })
  await address.getByRole('button', { name: 'Save address' }).click()
  await expect(address.getByText('Required', { exact: true })).toHaveCount(6)
  await address.getByLabel('Country').fill('Nigeria')
  await address.getByLabel('State or region').fill('Enugu')
  await address.getByLabel('City or town').fill('Nsukka')
  await address.getByLabel('Street').fill('University Road')
  await address.getByLabel('House number').fill('12')
  await address.getByLabel('Postal code').fill('410001')
  await address.getByRole('button', { name: 'Save address' }).click()
  await expect(address.getByText('Your address has been saved.')).toBeVisible()

  // A picture, previewed, uploaded, then shown in the header instead of the initials.
  const picture = page.getByRole('form', { name: 'Profile picture' })
  await picture.getByLabel('Choose a picture').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: pngPicture() })
  await expect(picture.getByRole('img', { name: 'Preview of the new picture' })).toBeVisible()
  await picture.getByRole('button', { name: 'Upload picture' }).click()
  await expect(picture.getByText('Your picture has been saved.')).toBeVisible()
  await expect(page.locator('.account-menu__toggle img')).toBeVisible()

  await page.reload()
  await expect(page.getByRole('form', { name: 'Address' }).getByLabel('City or town')).toHaveValue('Nsukka')
  await expect(page.getByText('Your unsaved changes are back, as you left them.')).toHaveCount(0)
  await expect(page.getByRole('form', { name: 'Personal info' }).getByLabel('First name')).toHaveValue('Ifeoma')

  // A favourite: the heart changes at once, and the proverb is on the favourites page.
  await page.goto('/search_result?ethnic=igbo')
  const card = page.locator('.result-list .proverb-card').first()
  const proverbText = (await card.locator('h3').textContent())!.trim()
  const heart = card.getByRole('button', { name: /^Favourite:/ })
  await expect(heart).toHaveAttribute('aria-pressed', 'false')
  await heart.click()
  await expect(heart).toHaveAttribute('aria-pressed', 'true')
  await page.goto('/favourites')
  await expect(page.getByRole('heading', { level: 1, name: 'Your favourites' })).toBeVisible()
  await expect(page.locator('.proverb-card h3')).toHaveText([proverbText])

  // A second session of the same user, in another browser.
  const other = await browser.newContext({ baseURL })
  await other.addCookies([{ name: 'cookieConsent', value: 'true', url: baseURL! }])
  const otherPage = await other.newPage()
  await otherPage.goto('/auth/login')
  await otherPage.getByLabel('Email').fill(email)
  await otherPage.getByLabel('Password').fill(PASSWORD)
  await otherPage.getByRole('button', { name: 'Sign in' }).click()
  await expect(otherPage).toHaveURL(`${baseURL}/`)
  await otherPage.goto('/favourites')
  await expect(otherPage.locator('.proverb-card h3')).toHaveText([proverbText])

  // Change password: its own messages, then success; the other session dies.
  await page.goto('/profile#password')
  const passwordForm = page.getByRole('form', { name: 'Change password' })
  await passwordForm.getByRole('button', { name: 'Change password' }).click()
  await expect(passwordForm.getByText('Old password is required')).toBeVisible()
  await expect(passwordForm.getByText('New password is required')).toBeVisible()
  await passwordForm.getByLabel('Old password').fill(PASSWORD)
  await passwordForm.getByLabel('New password', { exact: true }).fill('Proverb#2')
  await passwordForm.getByLabel('Confirm new password').fill('Proverb#3')
  await passwordForm.getByRole('button', { name: 'Change password' }).click()
  await expect(passwordForm.getByText('Must match new password')).toBeVisible()
  await passwordForm.getByLabel('Confirm new password').fill('Proverb#2')
  await passwordForm.getByRole('button', { name: 'Change password' }).click()
  await expect(passwordForm.getByText('Your password has been changed. Your other sessions have been signed out.')).toBeVisible()

  await otherPage.reload()
  await expect(otherPage).toHaveURL(/\/auth\/login$/)
  await expect(otherPage.getByText('Your session has ended. Please sign in again to carry on where you were.')).toBeVisible()
  expect((await other.cookies()).find((c) => c.name === 'userToken')).toBeUndefined()
  await other.close()

  // This session still works; logging out clears the cookie and local storage and goes to /auth/login.
  await page.goto('/favourites')
  await expect(page.locator('.proverb-card h3')).toHaveText([proverbText])
  await page.getByRole('button', { name: /^Account:/ }).click()
  expectProblems(SIGNING_OUT)
  await page.getByRole('button', { name: 'Log out' }).click()
  await expect(page).toHaveURL(/\/auth\/login$/)
  await expect(page.getByText('You have signed out.')).toBeVisible()
  expect((await page.context().cookies()).find((c) => c.name === 'userToken')).toBeUndefined()
  expect(await page.evaluate(() => [localStorage.getItem('isAuthenticated'), localStorage.getItem('user')])).toEqual([null, null])
  await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible()

  // The old password no longer opens the account; the new one does.
  await field(page, 'Email').fill(email)
  await field(page, 'Password').fill(PASSWORD)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByRole('alert')).toHaveText('Incorrect email or password.')
  await field(page, 'Password').fill('Proverb#2')
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page).toHaveURL(`${baseURL}/`)
})
