import AxeBuilder from '@axe-core/playwright'
import { expect, type Locator, type Page } from './fixtures'

/** The phones most readers use (touch on): `test.use(PHONE_390)` or `browser.newContext(PHONE_360)`. */
export const PHONE_390 = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 3 } as const
export const PHONE_360 = { viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true, deviceScaleFactor: 3 } as const
export const PHONES = [
  ['390 px', PHONE_390],
  ['360 px', PHONE_360],
] as const

/** Axe finds no violations of WCAG 2.1 A/AA on the page as it is now (optionally within one part of it). */
export async function expectNoAxeViolations(page: Page, options: { include?: string; exclude?: string[] } = {}): Promise<void> {
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
  if (options.include) builder = builder.include(options.include)
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector)
  const { violations } = await builder.analyze()
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
}

/** The element lies wholly inside the viewport (menus, popovers, dialogs). */
export async function expectInsideViewport(page: Page, locator: Locator): Promise<void> {
  const box = await locator.boundingBox()
  const viewport = page.viewportSize()
  expect(box, 'the element is rendered').not.toBeNull()
  expect(viewport).not.toBeNull()
  expect(box!.x).toBeGreaterThanOrEqual(0)
  expect(box!.y).toBeGreaterThanOrEqual(0)
  expect(box!.x + box!.width).toBeLessThanOrEqual(viewport!.width + 0.5)
  expect(box!.y + box!.height).toBeLessThanOrEqual(viewport!.height + 0.5)
}

/**
 * The element spans most of the screen (at least `share` of its width) or is as wide as it was designed to be
 * (`designed`, in CSS pixels): a panel squeezed into a strip shows one word a line.
 */
export async function expectWideEnough(page: Page, locator: Locator, designed = Infinity, share = 0.9): Promise<void> {
  const box = await locator.boundingBox()
  const screen = await page.evaluate(() => document.documentElement.clientWidth)
  expect(box, 'the element is rendered').not.toBeNull()
  expect(box!.width, `${Math.round(box!.width)} px wide on a ${screen} px screen`).toBeGreaterThanOrEqual(
    Math.min(designed, screen * share) - 0.5,
  )
}

/**
 * The page does not scroll sideways. With `isMobile`, a page wider than the screen widens the layout viewport itself
 * (`innerWidth` grows to fit it), so the screen's width is the one the page was given, not `clientWidth`.
 */
export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const screen = page.viewportSize()!.width
  const widths = await page.evaluate(() => ({
    scroll: document.scrollingElement!.scrollWidth,
    layout: document.documentElement.clientWidth,
  }))
  expect(widths, `the page is ${widths.scroll} px wide on a ${screen} px screen`).toEqual({ scroll: screen, layout: screen })
}
