import { expect, expectProblems, test, type APIRequestContext, type Page } from './fixtures'
import { randomInt } from 'node:crypto'
import type { Paginated } from '../../src/core/http/contract'
import type { Proverb } from '../../src/core/proverbs/contract'
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

      const liked = page.waitForResponse(
        (res) => res.url().includes(`/api/proverbs/likes/${proverb.id}`) && res.request().method() === 'PUT',
      )
      await button.click()
      await expect(button).toHaveAccessibleName(`Liked ${countOf(proverb.likes + 1)}`)
      await expect(button).toHaveAttribute('aria-pressed', 'true')
      expect((await liked).ok()).toBe(true)

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
      expectProblems(/^answer: 503 PUT \S+\/api\/proverbs\/likes\//)
      const proverb = await someProverb(request, 'akan')
      await useAccount(context, baseURL!, await createAccount(request))
      // The server's answer is held back until the count has moved, then it is a refusal.
      let answer: () => void = () => {}
      const answered = new Promise<void>((resolve) => (answer = resolve))
      await page.route('**/api/proverbs/likes/*', async (route) => {
        await answered
        await route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: JSON.stringify({ error: { code: 'unavailable', message: 'The service is busy.' } }),
        })
      })
      await page.goto(`/search_result?proverb=${encodeURIComponent(proverb.slug)}`)
      const button = likeButton(page)
      await expect(button).toHaveAccessibleName(`Like ${countOf(proverb.likes)}`)
      await button.click()
      await expect(button).toHaveAccessibleName(`Liked ${countOf(proverb.likes + 1)}`)
      answer()
      await expect(page.getByText('Could not like this proverb. The service is busy.')).toBeVisible()
      await expect(button).toHaveAccessibleName(`Like ${countOf(proverb.likes)}`)
      await expect(button).toHaveAttribute('aria-pressed', 'false')
    })
  })
}
