import { expect, expectProblems, test, type APIRequestContext, type Page } from './fixtures'
import { randomInt } from 'node:crypto'
import type { Paginated } from '../../src/core/http/contract'
import type { Proverb } from '../../src/core/proverbs/contract'
import { refusedNotice } from '../../src/core/shared/delivery'
import { createAccount, useAccount } from './accounts'
import { expectNoAxeViolations, PHONES } from './phone'

/** A proverb of the group that other journeys are unlikely to like at the same time. */
async function someProverb(request: APIRequestContext, group: string): Promise<Proverb> {
  const res = await request.get(`/api/proverbs/public?ethnic=${group}&page=1&size=50`)
  expect(res.ok()).toBe(true)
  const { data } = (await res.json()) as Paginated<Proverb>
  return data[randomInt(data.length)]
}

const likeButton = (page: Page) => page.getByRole('button', { name: /^Liked? \d+ likes?$/ })
const countOf = (n: number) => `${n} ${n === 1 ? 'like' : 'likes'}`

for (const [name, phone] of PHONES) {
  test.describe(`on a ${name} phone`, () => {
    test.use(phone)

    test('liking a proverb moves its count at once, and the count stays when the reader comes back to it', async ({
      page,
      context,
      request,
      baseURL,
    }) => {
      const proverb = await someProverb(request, 'hausa')
      await useAccount(context, baseURL!, await createAccount(request))
      await page.goto(`/search_result?proverb=${encodeURIComponent(proverb.slug)}`)
      const button = likeButton(page)
      await expect(button).toHaveAccessibleName(`Like ${countOf(proverb.likes)}`)
      await expect(button).toHaveAttribute('aria-pressed', 'false')

      await button.click()
      await expect(button).toHaveAccessibleName(`Liked ${countOf(proverb.likes + 1)}`)
      await expect(button).toHaveAttribute('aria-pressed', 'true')
      // Kept on the device first, then sent (by the worker once it controls the page): the server counts it.
      await expect
        .poll(async () => ((await (await request.get(`/api/proverbs/public/${proverb.id}`)).json()) as { data: Proverb }).data.likes)
        .toBe(proverb.likes + 1)

      // Away to the group's list and back to the proverb: the count is the one after the like, no reload needed.
      await page.getByRole('link', { name: `More ${proverb.ethnic.name} proverbs` }).click()
      await expect(page).toHaveURL(/ethnic=hausa/)
      await page.goBack()
      await expect(likeButton(page)).toHaveAccessibleName(`Liked ${countOf(proverb.likes + 1)}`)
      await expectNoAxeViolations(page)
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme })
        await likeButton(page).scrollIntoViewIfNeeded()
        await page.screenshot({ path: `/tmp/owe-liked-${scheme}.png` })
      }
      await page.emulateMedia({ colorScheme: 'light' })
      // A reload asks the server again (whose public answers are reused for a while): the like is counted there too.
      await page.reload()
      await expect(likeButton(page)).toHaveAccessibleName(`Liked ${countOf(proverb.likes + 1)}`)

      // Unliking takes it back down, at once.
      await likeButton(page).click()
      await expect(likeButton(page)).toHaveAccessibleName(`Like ${countOf(proverb.likes)}`)
    })

    test('a like the server refuses puts the count back and says why', async ({ page, context, request, baseURL }) => {
      expectProblems(/^answer: 404 PUT \S+\/api\/proverbs\/likes\//)
      const proverb = await someProverb(request, 'akan')
      await useAccount(context, baseURL!, await createAccount(request))
      // The like is sent from the device's queue (the worker's requests too): the server's answer is held back until
      // the count has moved, then it is a refusal.
      let answer: () => void = () => {}
      const answered = new Promise<void>((resolve) => (answer = resolve))
      await context.route('**/api/proverbs/likes/*', async (route) => {
        await answered
        await route.fulfill({
          status: 404,
          contentType: 'application/json',
          body: JSON.stringify({ error: { code: 'not_found', message: 'No proverb has that id.' } }),
        })
      })
      await page.goto(`/search_result?proverb=${encodeURIComponent(proverb.slug)}`)
      const button = likeButton(page)
      await expect(button).toHaveAccessibleName(`Like ${countOf(proverb.likes)}`)
      await button.click()
      await expect(button).toHaveAccessibleName(`Liked ${countOf(proverb.likes + 1)}`)
      answer()
      await expect(page.getByText(refusedNotice('marks', 'No proverb has that id.'))).toBeVisible()
      await expect(button).toHaveAttribute('aria-pressed', 'false')
    })
  })
}
