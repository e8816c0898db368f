import { expect, test, type BrowserContext, type Page } from './fixtures'
import { INSTALL_GUIDE_TEXTS } from '../../src/core/notifications/texts'
import { IPHONE_SAFARI } from '../../src/core/shared/platform-fixtures'
import { createAccount, useAccount } from './accounts'
import { expectInsideViewport, expectNoAxeViolations, PHONES } from './phone'

/**
 * Safari on an iPhone, as far as Chromium can play it: Safari's user agent, and no Push API (Safari has none outside a
 * Home Screen app). `standalone`: opened from the Home Screen (Safari's navigator.standalone).
 */
async function asIphoneSafari(context: BrowserContext, standalone = false): Promise<void> {
  await context.addInitScript(`(() => {
    delete window.PushManager
    Object.defineProperty(navigator, 'vendor', { get: () => 'Apple Computer, Inc.' })
    if (${standalone}) Object.defineProperty(navigator, 'standalone', { get: () => true })
  })()`)
}

const theSwitch = (page: Page) => page.getByRole('switch', { name: 'Notifications on this device' })
const guide = (page: Page) => page.getByRole('dialog', { name: INSTALL_GUIDE_TEXTS.title })

for (const [width, phone] of PHONES) {
  test(`at ${width}, Safari on an iPhone shows the Home Screen guide once when notifications are turned on`, async ({
    browser,
    request,
    baseURL,
  }) => {
    const context = await browser.newContext({ ...phone, baseURL, userAgent: IPHONE_SAFARI.userAgent })
    await asIphoneSafari(context)
    await useAccount(context, baseURL!, await createAccount(request))
    const page = await context.newPage()
    await page.goto('/profile')
    await expect(theSwitch(page)).toBeEnabled()
    await theSwitch(page).click()
    await expect(guide(page)).toBeVisible()
    await expect(guide(page).locator('svg.install-guide__icon')).toHaveCount(2)
    await expectInsideViewport(page, guide(page))
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme })
      await page.screenshot({ path: `/tmp/owe-ios-guide-${width.replace(' ', '')}-${scheme}.png` })
    }
    await page.emulateMedia({ colorScheme: 'light' })
    await expectNoAxeViolations(page, { include: '.install-guide' })

    await page.getByRole('button', { name: INSTALL_GUIDE_TEXTS.close }).click()
    await expect(guide(page)).toBeHidden()
    // Once: turning it on again (or the reminder) leaves the guide closed.
    await theSwitch(page).click()
    await page.getByRole('checkbox', { name: /Send me a proverb every day/ }).check()
    await expect(guide(page)).toBeHidden()
    await context.close()
  })
}

test('in the Home Screen app the guide never shows', async ({ browser, request, baseURL }) => {
  const context = await browser.newContext({ ...PHONES[0][1], baseURL, userAgent: IPHONE_SAFARI.userAgent })
  await asIphoneSafari(context, true)
  await useAccount(context, baseURL!, await createAccount(request))
  const page = await context.newPage()
  await page.goto('/profile')
  const reminder = page.getByRole('checkbox', { name: /Send me a proverb every day/ })
  await reminder.check()
  await expect(reminder).toBeChecked()
  await expect(guide(page)).toBeHidden()
  await context.close()
})
