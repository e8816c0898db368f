// @vitest-environment jsdom
import 'fake-indexeddb/auto'
import { onlineManager } from '@tanstack/react-query'
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { sendsSettled } from '@/lib/test-queues'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { COMMUNITY_TEXTS } from '@/core/community/texts'
import type { Category, EthnicGroup } from '@/core/proverbs/contract'
import { categoriesQuery, groupsQuery } from '@/entities/catalogue/queries'
import { json, renderWithApp, testQueryClient } from '@/lib/test-render'
import { startQueues } from '@/lib/queues'
import { AddProverbRoute } from './add-proverb'
import { setTestSession } from '@/lib/test-session'

vi.mock('@/lib/session', () => import('@/lib/test-session'))

const GROUPS: EthnicGroup[] = [
  { id: 1, name: 'Yoruba', slug: 'yoruba', language: 'Yorùbá', image: null, proverbCount: 40 },
  { id: 2, name: 'Amhara', slug: 'amharic', language: 'Amharic', image: null, proverbCount: 30 },
]
const CATEGORIES: Category[] = [
  { id: 1, name: 'Wisdom', slug: 'wisdom', proverbCount: 10 },
  { id: 2, name: 'Patience', slug: 'patience', proverbCount: 5 },
]

let sent: { body: Record<string, string>; authorization: string | null; key: string | null }[]
let duplicate: boolean
/** The network: up, or down (fetch fails as it does with no connection). */
let networkUp: boolean
beforeEach(() => {
  setTestSession(null)
  sent = []
  duplicate = false
  networkUp = true
  sessionStorage.clear()
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (!networkUp) throw new TypeError('Failed to fetch')
      if (url !== '/api/suggest-proverb') return json({ error: { code: 'not_found', message: url } }, 404)
      sent.push({
        body: JSON.parse(String(init?.body)) as Record<string, string>,
        authorization: new Headers(init?.headers).get('Authorization'),
        key: new Headers(init?.headers).get('Idempotency-Key'),
      })
      return json({ data: { message: COMMUNITY_TEXTS.suggestionThanks, duplicate } }, 201)
    }),
  )
})
afterEach(async () => {
  cleanup()
  await sendsSettled()
  onlineManager.setOnline(true)
  Reflect.deleteProperty(navigator, 'onLine')
  vi.unstubAllGlobals()
})

/** The form, with the groups and categories already loaded (as the public pages leave them). */
function render() {
  const client = testQueryClient()
  client.setQueryData(groupsQuery().queryKey, GROUPS)
  client.setQueryData(categoriesQuery().queryKey, {
    content: CATEGORIES,
    page: 1,
    size: CATEGORIES.length,
    totalPages: 1,
    totalElements: 2,
  })
  return renderWithApp(<AddProverbRoute />, { client })
}
const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } })
const send = () => fireEvent.click(screen.getByRole('button', { name: 'Send suggestion' }))
const messageOf = (label: string) =>
  (field(label).getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id))
    .find((el) => el?.className === 'field__error')?.textContent

async function fillIn() {
  await screen.findByRole('option', { name: 'Yoruba' })
  type('Email', 'ada@example.com')
  type('Your name', 'Ada Obi')
  fireEvent.change(field('Ethnic group'), { target: { value: 'Yoruba' } })
  type('Category', 'Wisdom')
  type('The proverb', 'Ìwà l’ẹ̀sìn')
  type('English transliteration', 'Character is religion')
  type('English interpretation', 'Good character is what faith asks of us.')
}

test('sending it empty shows the spec’s message under each field, and sends nothing', async () => {
  render()
  send()
  await waitFor(() => expect(messageOf('Email')).toBe('Email is Required'))
  expect(messageOf('Your name')).toBe('Your Name is Required')
  expect(messageOf('Ethnic group')).toBe('Ethnic is Required')
  expect(messageOf('Language')).toBe('Langauge is Required')
  expect(messageOf('Category')).toBe('Category is Required')
  expect(messageOf('The proverb')).toBe('Required')
  expect(messageOf('English transliteration')).toBe('Required')
  expect(messageOf('English interpretation')).toBe('Required')
  expect(sent).toEqual([])
})

test('choosing a group fills in its language, which stays editable, and marks the proverb’s language', async () => {
  render()
  await screen.findByRole('option', { name: 'Amhara' })
  fireEvent.change(field('Ethnic group'), { target: { value: 'Amhara' } })
  expect(field('Language').value).toBe('Amharic')
  expect(field('The proverb').getAttribute('lang')).toBe('am')
  type('Language', 'Amharic (Gojjam)')
  expect(field('Language').value).toBe('Amharic (Gojjam)')
  const list = document.getElementById(field('Category').getAttribute('list')!)!
  await waitFor(() => expect([...list.querySelectorAll('option')].map((o) => o.value)).toEqual(['Wisdom', 'Patience']))
})

test('a visitor’s suggestion is sent without a session, thanked, and the form is cleared', async () => {
  render()
  await fillIn()
  send()
  expect(await screen.findByText(COMMUNITY_TEXTS.suggestionThanks)).toBeTruthy()
  expect(sent).toEqual([
    {
      authorization: null,
      key: expect.stringMatching(/^[0-9a-f-]{36}$/),
      body: {
        email: 'ada@example.com',
        name: 'Ada Obi',
        ethnic: 'Yoruba',
        language: 'Yorùbá',
        suggestedCategory: 'Wisdom',
        suggestedProverb: 'Ìwà l’ẹ̀sìn',
        suggestedEnglishTransliteration: 'Character is religion',
        suggestedEnglishInterpretation: 'Good character is what faith asks of us.',
      },
    },
  ])
  expect(field('The proverb').value).toBe('')
  expect(field('Email').value).toBe('')
})

test('a signed-in user has email and name filled in, is named to the server, and hears of a likely duplicate', async () => {
  setTestSession({ token: 'token-7', user: { id: 7, email: 'kemi@example.com', firstName: 'Kemi', lastName: 'Adé', admin: false } })
  duplicate = true
  render()
  expect(field('Email').value).toBe('kemi@example.com')
  expect(field('Your name').value).toBe('Kemi Adé')
  await fillIn()
  type('Email', 'kemi@example.com')
  type('Your name', 'Kemi Adé')
  send()
  expect(await screen.findByText(`${COMMUNITY_TEXTS.suggestionThanks} ${COMMUNITY_TEXTS.suggestionDuplicate}`)).toBeTruthy()
  expect(sent[0].authorization).toBe('Bearer token-7')
  // Cleared back to the signed-in user's details.
  expect(field('Email').value).toBe('kemi@example.com')
  expect(field('The proverb').value).toBe('')
})

test('offline, the suggestion is saved on this device and sent, under its key, once the connection is back', async () => {
  onlineManager.setOnline(false)
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false })
  networkUp = false
  render()
  expect(screen.getByText("You're offline. Send it anyway: it is kept on this device and sent when you're back online.")).toBeTruthy()
  await fillIn()
  send()
  expect(await screen.findByText('Saved — will send when online.')).toBeTruthy()
  expect(screen.getByText(COMMUNITY_TEXTS.keptOffline)).toBeTruthy()
  expect(field('The proverb').value).toBe('')
  expect(sent).toEqual([])

  // Back online: what waits is sent (the app asks on `online`), and the page says so.
  onlineManager.setOnline(true)
  Reflect.deleteProperty(navigator, 'onLine')
  networkUp = true
  startQueues()
  dispatchEvent(new Event('online'))
  expect(await screen.findByText(COMMUNITY_TEXTS.suggestionThanks, { exact: false })).toBeTruthy()
  expect(screen.getByText('Sent.')).toBeTruthy()
  expect(sent).toEqual([
    expect.objectContaining({ authorization: null, body: expect.objectContaining({ suggestedProverb: 'Ìwà l’ẹ̀sìn' }) }),
  ])
})

test('a send that gets no answer is kept under the same key and sent once from the device', async () => {
  render()
  await fillIn()
  // The request leaves, but no answer comes back (the bus went into a cutting).
  const lost = vi.fn(async () => {
    throw new TypeError('Failed to fetch')
  })
  const network = globalThis.fetch
  vi.stubGlobal('fetch', lost)
  send()
  expect(await screen.findByText('Saved — will send when online.')).toBeTruthy()
  const firstTry = new Headers((lost.mock.calls[0] as unknown as [string, RequestInit])[1].headers).get('Idempotency-Key')
  vi.stubGlobal('fetch', network)
  const { requestSend } = await import('@/lib/queues')
  requestSend('forms', { retryNow: true })
  await waitFor(() => expect(sent.map((s) => s.key)).toEqual([firstTry]))
  expect(await screen.findByText('Sent.')).toBeTruthy()
})

test('a kept suggestion the server refuses says what it said, and goes again or is let go as the reader chooses', async () => {
  onlineManager.setOnline(false)
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false })
  networkUp = false
  render()
  await fillIn()
  send()
  expect(await screen.findByText('Saved — will send when online.')).toBeTruthy()

  // Back online, the server refuses it (a rule it holds that the form could not check).
  onlineManager.setOnline(true)
  Reflect.deleteProperty(navigator, 'onLine')
  networkUp = true
  let refuse = true
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init?: RequestInit) => {
      if (refuse) return json({ error: { code: 'bad_request', message: 'That proverb is too long.' } }, 400)
      sent.push({
        body: JSON.parse(String(init?.body)) as Record<string, string>,
        authorization: null,
        key: new Headers(init?.headers).get('Idempotency-Key'),
      })
      return json({ data: { message: COMMUNITY_TEXTS.suggestionThanks, duplicate: false } }, 201)
    }),
  )
  const { requestSend } = await import('@/lib/queues')
  requestSend('forms', { retryNow: true })
  expect(await screen.findByText('Could not send: That proverb is too long.')).toBeTruthy()

  // Sent again (the rule has changed meanwhile): taken.
  refuse = false
  fireEvent.click(screen.getByRole('button', { name: COMMUNITY_TEXTS.sendAgain }))
  expect(await screen.findByText('Sent.')).toBeTruthy()
  expect(sent).toHaveLength(1)
})
