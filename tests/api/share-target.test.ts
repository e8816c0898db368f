import { afterAll, beforeAll, expect, test } from 'vitest'
import { createTestApp } from '../support/test-app'

// Web Share Target when no worker answers: the share is posted as a form and lands on "Suggest a proverb".

let ctx: Awaited<ReturnType<typeof createTestApp>>
beforeAll(async () => {
  ctx = await createTestApp()
})
afterAll(() => ctx.close())

const share = (body: string, contentType = 'application/x-www-form-urlencoded') =>
  ctx.app.inject({ method: 'POST', url: '/share-target', payload: body, headers: { 'content-type': contentType } })

test('shared text is sent on (303) to the suggestion form, in the proverb’s field', async () => {
  const res = await share(new URLSearchParams({ title: 'A saying', text: 'Àgbà kì í wà lọ́jà', url: 'https://example.org/agba' }).toString())
  expect(res.statusCode).toBe(303)
  const to = new URL(res.headers.location as string, 'http://owe.local')
  expect(to.pathname).toBe('/add_proverb')
  expect(to.searchParams.get('shared')).toBe('Àgbà kì í wà lọ́jà\nhttps://example.org/agba')
})

test('an empty share opens the empty form; a body that is not a form is refused as the API refuses one', async () => {
  const empty = await share('')
  expect(empty.statusCode).toBe(303)
  expect(empty.headers.location).toBe('/add_proverb')
  expect((await share('<x/>', 'application/xml')).statusCode).toBe(415)
})
