import { expect, test, type Page } from './fixtures'
import { SHARE_TARGET_PATH } from '../../src/core/shared/share-target'
import { waitForWorker } from './offline-support'
import { PHONE_390 } from './phone'

test.use(PHONE_390)

const SHARED = { title: 'From a friend', text: 'Àgbà kì í wà lọ́jà, kí orí ọmọ tuntun wọ́', url: 'https://example.org/agba' }

/**
 * What a phone's share sheet does when a reader picks Òwe: a form posted to the manifest's share target, as a
 * navigation (a string: helpers compiled by tsx cannot be evaluated in the page).
 */
async function shareInto(page: Page, shared: Record<string, string>): Promise<void> {
  await page.evaluate(`(() => {
    const form = document.createElement('form')
    form.method = 'post'
    form.action = ${JSON.stringify(SHARE_TARGET_PATH)}
    form.enctype = 'application/x-www-form-urlencoded'
    for (const [name, value] of Object.entries(${JSON.stringify(shared)})) {
      const input = document.createElement('input')
      input.type = 'hidden'
      input.name = name
      input.value = value
      form.append(input)
    }
    document.body.append(form)
    form.submit()
  })()`)
}

const proverbField = (page: Page) => page.getByLabel('The proverb')

test('the manifest puts Òwe in the share sheet: a posted form of title, text and link', async ({ page, request }) => {
  await page.goto('/')
  const href = await page.locator('link[rel="manifest"]').getAttribute('href')
  const manifest = (await (await request.get(href!)).json()) as { share_target: unknown; shortcuts: { url: string }[] }
  expect(manifest.share_target).toEqual({
    action: SHARE_TARGET_PATH,
    method: 'POST',
    enctype: 'application/x-www-form-urlencoded',
    params: { title: 'title', text: 'text', url: 'url' },
  })
  expect(manifest.shortcuts.map((s) => s.url)).toEqual(['/#today-title', '/learn', '/quiz', '/search_result'])
})

test('text shared into the installed app opens "Suggest a proverb" with it, offline too (the worker answers)', async ({
  page,
  context,
}) => {
  await page.goto('/')
  await waitForWorker(page)
  await context.setOffline(true)
  await shareInto(page, SHARED)
  await expect(page).toHaveURL(/\/add_proverb\?shared=/)
  await expect(page.getByRole('heading', { level: 1, name: 'Suggest a proverb' })).toBeVisible()
  await expect(proverbField(page)).toHaveValue(`${SHARED.text}\n${SHARED.url}`)
  await context.setOffline(false)
})

test('with no worker running, the server answers the share the same way', async ({ page, request }) => {
  // The share's post as the browser sends it with no worker in the way: the server sends it on to the form.
  const answer = await request.post(SHARE_TARGET_PATH, { form: { title: 'Only a title' }, maxRedirects: 0 })
  expect(answer.status()).toBe(303)
  const location = answer.headers().location
  expect(location).toBe('/add_proverb?shared=Only+a+title')
  // The page it leads to comes from the server with the shared words already in the field.
  const html = await (await request.get(location)).text()
  expect(html).toContain('>Only a title</textarea>')
  await page.goto(location)
  await expect(proverbField(page)).toHaveValue('Only a title')
})
