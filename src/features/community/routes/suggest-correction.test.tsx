// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { sendsSettled } from '@/lib/test-queues'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import type { Proverb } from '@/core/proverbs/contract'
import { CORRECTION_TEXTS } from '@/core/community/corrections'
import type { Session } from '@/lib/session'
import { proverbQuery } from '@/entities/catalogue/queries'
import { json, renderWithApp, testQueryClient } from '@/lib/test-render'
import { makeProverb, yoruba } from '@/offline/test-fixtures'
import { SuggestCorrectionRoute } from './suggest-correction'
import { setTestSession } from '@/lib/test-session'

vi.mock('@/lib/session', () => import('@/lib/test-session'))

const PROVERB: Proverb = makeProverb(12, yoruba, 'Ilé labọ̀ sinmi oko.', [
  'Home is where one rests from the farm.',
  'Home is where we rest after work.',
])

let sent: { url: string; body: Record<string, string>; authorization: string | null }[]
let answer: () => Response
beforeEach(() => {
  setTestSession(null)
  sent = []
  answer = () => json({ data: { message: CORRECTION_TEXTS.thanks } }, 201)
  sessionStorage.clear()
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      sent.push({
        url,
        body: JSON.parse(String(init?.body)) as Record<string, string>,
        authorization: new Headers(init?.headers).get('Authorization'),
      })
      return answer()
    }),
  )
})
afterEach(async () => {
  cleanup()
  await sendsSettled()
  vi.unstubAllGlobals()
})

/** The correction form, with the proverb already loaded (as from its page). */
function render(slug: string | null = PROVERB.slug) {
  const client = testQueryClient()
  client.setQueryData(proverbQuery(PROVERB.slug).queryKey, PROVERB)
  return renderWithApp(<SuggestCorrectionRoute slug={slug} />, { client })
}
const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } })
const send = () => fireEvent.click(screen.getByRole('button', { name: 'Send correction' }))

test('the form starts from the proverb as it reads now, in its own language, and names it', async () => {
  render()
  expect(await screen.findByRole('heading', { level: 1, name: 'Suggest a correction' })).toBeTruthy()
  expect(screen.getByRole('link', { name: PROVERB.proverb }).getAttribute('href')).toBe(`/search_result?proverb=${PROVERB.slug}`)
  expect(field('The proverb').value).toBe(PROVERB.proverb)
  expect(field('The proverb').getAttribute('lang')).toBe('yo')
  expect(field('English rendering').value).toBe(PROVERB.transliteration)
  expect(field('Meaning').value).toBe(PROVERB.interpretation)
  expect(field('Email').value).toBe('')
})

test('sent without a name or email, it shows the suggestion form’s messages and sends nothing', async () => {
  render()
  await screen.findByLabelText('The proverb')
  send()
  expect(await screen.findByText('Email is Required')).toBeTruthy()
  expect(screen.getByText('Your Name is Required')).toBeTruthy()
  expect(sent).toEqual([])
})

test('a visitor’s correction is sent for that proverb and the thanks is shown', async () => {
  render()
  await screen.findByLabelText('The proverb')
  type('Email', 'ade@example.com')
  type('Your name', 'Adé')
  type('The proverb', 'Ilé làbọ̀ sinmi oko.')
  type('Source', 'Owomoyela, Yoruba Proverbs (2005)')
  send()
  expect(await screen.findByText(CORRECTION_TEXTS.thanks)).toBeTruthy()
  expect(sent).toHaveLength(1)
  expect(sent[0]).toMatchObject({
    url: `/api/proverbs/public/${PROVERB.slug}/corrections`,
    authorization: null,
    body: { email: 'ade@example.com', name: 'Adé', proverb: 'Ilé làbọ̀ sinmi oko.', source: 'Owomoyela, Yoruba Proverbs (2005)', note: '' },
  })
})

test('a signed-in reader’s name and email are filled in, and the server’s refusal shows on the form', async () => {
  setTestSession({
    token: 'token-7',
    user: { id: 7, email: 'ada@example.com', firstName: 'Ada', lastName: 'Obi', admin: false },
    expiresAt: '2030-01-01T00:00:00Z',
  } as Session)
  answer = () =>
    json(
      { error: { code: 'bad_request', message: CORRECTION_TEXTS.nothingChanged, fields: { proverb: CORRECTION_TEXTS.nothingChanged } } },
      400,
    )
  render()
  await screen.findByLabelText('The proverb')
  expect(field('Email').value).toBe('ada@example.com')
  expect(field('Your name').value).toBe('Ada Obi')
  send()
  await waitFor(() => expect(screen.getAllByText(CORRECTION_TEXTS.nothingChanged).length).toBeGreaterThan(0))
  expect(sent[0].authorization).toBe('Bearer token-7')
})

test('without a proverb named, the page says how to find one', () => {
  render(null)
  expect(screen.getByRole('link', { name: 'Find a proverb' }).getAttribute('href')).toBe('/search_result')
})
