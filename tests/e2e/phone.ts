import AxeBuilder from '@axe-core/playwright'
import { expect, type BrowserContext, type Locator, type Page } from './fixtures'

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

/** The browser offers to install the app (Chromium's beforeinstallprompt, whose prompt the reader then dismisses). */
export async function offerInstall(page: Page): Promise<void> {
  await page.evaluate(() =>
    window.dispatchEvent(
      Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
        prompt: async () => undefined,
        userChoice: Promise.resolve({ outcome: 'dismissed' }),
      }),
    ),
  )
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

/** What a reader can tap or type into. */
const CONTROLS = 'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="radio"], [role="tab"]'

/**
 * The controls outside `overlay` (within `scope`, the whole page unless told) that it lies over where they are now on
 * screen: each control's centre is looked up with `elementFromPoint`. A string, so the page runs it as written.
 */
const COVERED_BY = `({ overlay, scope, controls }) => {
  const over = document.querySelector(overlay)
  if (!over) return ['the overlay ' + overlay + ' is not on the page']
  const width = document.documentElement.clientWidth
  const height = window.innerHeight
  const covered = []
  for (const root of document.querySelectorAll(scope)) {
    for (const control of root.querySelectorAll(controls)) {
      if (over.contains(control)) continue
      const box = control.getBoundingClientRect()
      if (box.width < 2 || box.height < 2 || getComputedStyle(control).visibility !== 'visible') continue
      const x = box.left + box.width / 2
      const y = box.top + box.height / 2
      if (x < 0 || y < 0 || x >= width || y >= height) continue
      const hit = document.elementFromPoint(x, y)
      if (hit && over.contains(hit)) covered.push((control.getAttribute('aria-label') || control.textContent || control.tagName).trim().slice(0, 40))
    }
  }
  return covered
}`

/** The overlay (a CSS selector) lies over none of the controls in `scope` on screen as the page is now scrolled. */
export async function expectCoversNoControl(page: Page, overlay: string, scope = 'body'): Promise<void> {
  const covered = await page.evaluate(`(${COVERED_BY})(${JSON.stringify({ overlay, scope, controls: CONTROLS })})`)
  expect(covered, `${overlay} lies over these controls`).toEqual([])
}

/**
 * The overlay covers none of the page's controls wherever the page is scrolled: from the top to the end, a screen at a
 * time, then back to the top.
 */
export async function expectCoversNoControlWhileScrolling(page: Page, overlay: string): Promise<void> {
  const { height, end } = await page.evaluate(() => ({
    height: window.innerHeight,
    end: document.scrollingElement!.scrollHeight - window.innerHeight,
  }))
  for (let y = 0; ; y = Math.min(end, y + height / 2)) {
    await page.evaluate((top) => window.scrollTo(0, top), y)
    await expectCoversNoControl(page, overlay)
    if (y >= end) break
  }
  await page.evaluate(() => window.scrollTo(0, 0))
}

/**
 * What ends past the screen's right edge, or past the edge of a parent that hides or scrolls its overflow (so it is cut
 * off or must be scrolled to): elements and text. Inside `scrollers` (carousels and table frames that scroll sideways
 * on purpose) nothing is looked at. A string, so the page runs it as written.
 */
const PAST_RIGHT_EDGE = `({ screen, scrollers }) => {
  const found = []
  const name = (element) => {
    const cls = typeof element.className === 'string' && element.className.trim() ? '.' + element.className.trim().split(/\\s+/).join('.') : ''
    return element.tagName.toLowerCase() + cls
  }
  const limitOf = (first) => {
    let limit = screen
    let clip = null
    for (let parent = first; parent && parent !== document.documentElement; parent = parent.parentElement) {
      if (getComputedStyle(parent).overflowX === 'visible') continue
      // Words for screen readers only (a 1 px box that hides the rest) are not on screen at all.
      if (parent.clientWidth <= 1 || parent.clientHeight <= 1) return null
      const right = parent.getBoundingClientRect().left + parent.clientLeft + parent.clientWidth
      if (right < limit) {
        limit = right
        clip = parent
      }
    }
    return { limit, clip }
  }
  const reported = []
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT)
  const range = document.createRange()
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const element = node.nodeType === Node.TEXT_NODE ? node.parentElement : node
    if (!element || (scrollers && element.closest(scrollers))) continue
    // What lies inside something already found is explained by it: the first (outermost) is named.
    if (reported.some((outer) => outer.contains(node))) continue
    if (node.nodeType === Node.TEXT_NODE && !node.textContent.trim()) continue
    const style = getComputedStyle(element)
    if (style.visibility !== 'visible' || style.display === 'none') continue
    let box
    if (node.nodeType === Node.TEXT_NODE) {
      // Text an ellipsis ends on purpose is not lost.
      if (style.textOverflow === 'ellipsis') continue
      range.selectNodeContents(node)
      box = range.getBoundingClientRect()
    } else box = node.getBoundingClientRect()
    if (box.width <= 1 || box.height <= 1) continue
    const edge = limitOf(node.nodeType === Node.TEXT_NODE ? element : node.parentElement)
    if (!edge) continue
    const { limit, clip } = edge
    if (box.right > limit + 1) {
      const what = node.nodeType === Node.TEXT_NODE ? '"' + node.textContent.trim().slice(0, 30) + '" in ' + name(element) : name(node)
      found.push(what + ' ends at ' + Math.round(box.right) + (clip ? ', past ' + name(clip) + ' at ' + Math.round(limit) : ''))
      if (node.nodeType === Node.ELEMENT_NODE) reported.push(node)
    }
  }
  return [...new Set(found)]
}`

/** Nothing on the page ends past the screen's right edge, scrolled or clipped, outside the carousels named. */
export async function expectNothingPastRightEdge(page: Page, scrollers: string[] = []): Promise<void> {
  const screen = page.viewportSize()!.width
  const found = await page.evaluate(`(${PAST_RIGHT_EDGE})(${JSON.stringify({ screen, scrollers: scrollers.join(', ') })})`)
  expect(found, `past the right edge of a ${screen} px screen at ${page.url()}`).toEqual([])
}

/** The reader's text size at 200 % (their browser's setting), on every page of the context. */
export async function largeText(context: BrowserContext): Promise<void> {
  // The script runs before the document has its root element: set it as soon as there is one.
  await context.addInitScript(`{
    const large = () => document.documentElement && (document.documentElement.style.fontSize = '200%')
    if (!large()) new MutationObserver((_, watcher) => large() && watcher.disconnect()).observe(document, { childList: true })
  }`)
}
