// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import type { AdminSuggestion, ApproveSuggestionInput } from '@/core/admin/contract'
import { ADMIN_TEXTS } from '@/core/admin/texts'
import { json } from '@/lib/test-render'
import { fakeApi, renderAdmin } from '../test-fixtures'
import SuggestionsSection from './suggestions'

vi.mock('@/lib/session', () => import('@/lib/test-session'))

const SUGGESTION: AdminSuggestion = {
  id: 41,
  email: 'ada@example.com',
  name: 'Ada',
  ethnic: 'Yoruba',
  language: 'Yoruba',
  suggestedCategory: 'Wisdom',
  suggestedProverb: 'Àgbà kì í wà lọ́jà kí orí ọmọ títun wọ́',
  suggestedEnglishTransliteration: 'An elder is not in the market while the child’s head goes crooked',
  suggestedEnglishInterpretation: 'Elders keep the young right.',
  status: 'pending',
  duplicateOf: { id: 9, slug: 'agba-ki-i-wa-loja', proverb: 'Àgbà kì í wà lọ́jà' },
  rejectReason: null,
  proverbId: null,
  fromUser: true,
  createdAt: '2026-05-02T10:00:00.000Z',
  reviewedAt: null,
}
const CATEGORIES = [
  { id: 3, name: 'Wisdom', slug: 'wisdom', proverbCount: 10 },
  { id: 4, name: 'Family', slug: 'family', proverbCount: 8 },
]
const page = (data: AdminSuggestion[]) => ({ data, page: 1, size: 20, totalPages: data.length ? 1 : 0, totalElements: data.length })

let pending: AdminSuggestion[]
let api: ReturnType<typeof fakeApi>

beforeEach(() => {
  pending = [SUGGESTION]
  api = fakeApi((method, path) => {
    if (path === '/api/admin/suggestions') return json(page(pending))
    if (path === '/api/admin/categories') return json({ data: CATEGORIES })
    if (method === 'POST' && path === '/api/admin/suggestions/41/approve') {
      pending = []
      return json({ data: { ...SUGGESTION, status: 'approved', proverbId: 300 } })
    }
    if (method === 'POST' && path === '/api/admin/suggestions/41/reject') {
      pending = []
      return json({ data: { ...SUGGESTION, status: 'rejected' } })
    }
  })
  vi.stubGlobal('fetch', vi.fn(api.fetch))
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

// The browser's modal dialog, as far as the section uses it (jsdom has none).
HTMLDialogElement.prototype.showModal = function (this: HTMLDialogElement) {
  this.setAttribute('open', '')
}
HTMLDialogElement.prototype.close = function (this: HTMLDialogElement) {
  this.removeAttribute('open')
  this.dispatchEvent(new Event('close'))
}

/** The form, once the groups and categories have chosen the suggester's group and category. */
async function openForm() {
  const card = await screen.findByRole('article', { name: `“${SUGGESTION.suggestedProverb}”` })
  await waitFor(() => expect((within(card).getByRole('checkbox', { name: 'Wisdom' }) as HTMLInputElement).checked).toBe(true))
  await waitFor(() => expect((within(card).getByLabelText('Group') as HTMLSelectElement).value).toBe('1'))
  return card
}

test('a pending suggestion shows the possible duplicate, linked to the proverb already published', async () => {
  renderAdmin(<SuggestionsSection />, '/admin/suggestions')
  const card = await openForm()
  expect(
    within(card)
      .getByRole('link', { name: `“${SUGGESTION.duplicateOf!.proverb}”` })
      .getAttribute('href'),
  ).toBe('/search_result?proverb=agba-ki-i-wa-loja')
  expect(card.querySelector('.admin-duplicate')?.textContent).toBe(ADMIN_TEXTS.possibleDuplicate(SUGGESTION.duplicateOf!.proverb))
})

test('a published proverb that ends with a full stop is quoted once, with nothing after the quote', async () => {
  pending = [{ ...SUGGESTION, duplicateOf: { ...SUGGESTION.duplicateOf!, proverb: 'Àgbà kì í wà lọ́jà.' } }]
  renderAdmin(<SuggestionsSection />, '/admin/suggestions')
  const card = await screen.findByRole('article')
  expect(card.querySelector('.admin-duplicate')?.textContent).toBe('Possible duplicate of “Àgbà kì í wà lọ́jà.”')
})

test('approving a possible duplicate asks first: Cancel publishes nothing and returns to the button', async () => {
  renderAdmin(<SuggestionsSection />, '/admin/suggestions')
  const card = await openForm()
  const approve = within(card).getByRole('button', { name: 'Approve and publish' })
  fireEvent.click(approve)
  const dialog = await screen.findByRole('dialog', { name: ADMIN_TEXTS.duplicateTitle })
  expect(dialog.textContent).toBe(
    `${ADMIN_TEXTS.duplicateTitle}${ADMIN_TEXTS.duplicateIntro}“${SUGGESTION.duplicateOf!.proverb}”${ADMIN_TEXTS.duplicateAsk}${ADMIN_TEXTS.approveAnyway}${ADMIN_TEXTS.cancel}`,
  )
  expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: ADMIN_TEXTS.cancel }))
  fireEvent.click(within(dialog).getByRole('button', { name: ADMIN_TEXTS.cancel }))
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  await waitFor(() => expect(document.activeElement).toBe(within(card).getByRole('button', { name: 'Approve and publish' })))
  expect(api.sent.some((call) => call.path.endsWith('/approve'))).toBe(false)
})

test('a suggestion that repeats nothing is published without a question', async () => {
  pending = [{ ...SUGGESTION, duplicateOf: null }]
  renderAdmin(<SuggestionsSection />, '/admin/suggestions')
  const card = await openForm()
  fireEvent.click(within(card).getByRole('button', { name: 'Approve and publish' }))
  expect(await screen.findByText(ADMIN_TEXTS.published)).toBeTruthy()
  expect(screen.queryByRole('dialog')).toBeNull()
})

test('approving publishes the edited proverb, once the admin says so, and the list refreshes', async () => {
  renderAdmin(<SuggestionsSection />, '/admin/suggestions')
  const card = await openForm()
  fireEvent.change(within(card).getByLabelText('English rendering'), {
    target: { value: 'An elder in the market keeps the child’s head straight' },
  })
  fireEvent.click(within(card).getByRole('checkbox', { name: 'Family' }))
  fireEvent.click(within(card).getByRole('button', { name: 'Approve and publish' }))
  const dialog = await screen.findByRole('dialog', { name: ADMIN_TEXTS.duplicateTitle })
  expect(api.sent.some((call) => call.path.endsWith('/approve'))).toBe(false)
  fireEvent.click(within(dialog).getByRole('button', { name: ADMIN_TEXTS.approveAnyway }))

  expect(await screen.findByText(ADMIN_TEXTS.published)).toBeTruthy()
  const approve = api.sent.find((call) => call.path === '/api/admin/suggestions/41/approve')
  const expected: ApproveSuggestionInput = {
    proverb: SUGGESTION.suggestedProverb,
    transliteration: 'An elder in the market keeps the child’s head straight',
    interpretation: SUGGESTION.suggestedEnglishInterpretation,
    ethnicGroupId: 1,
    categoryIds: [3, 4],
  }
  expect(approve?.body).toEqual(expected)
  expect(await screen.findByText('No suggestions are waiting')).toBeTruthy()
  expect(screen.queryByRole('article')).toBeNull()
})

test('rejecting needs a reason, and then rejects', async () => {
  renderAdmin(<SuggestionsSection />, '/admin/suggestions')
  const card = await openForm()
  fireEvent.click(within(card).getByRole('button', { name: 'Reject' }))
  const reason = within(card).getByLabelText('Why it is rejected')
  await waitFor(() => expect(document.activeElement).toBe(reason))
  fireEvent.click(within(card).getByRole('button', { name: 'Reject suggestion' }))
  expect(await within(card).findByText(ADMIN_TEXTS.required)).toBeTruthy()
  expect(api.sent.some((call) => call.path.endsWith('/reject'))).toBe(false)

  fireEvent.change(reason, { target: { value: 'Already published with other tone marks.' } })
  fireEvent.click(within(card).getByRole('button', { name: 'Reject suggestion' }))
  expect(await screen.findByText(ADMIN_TEXTS.rejected)).toBeTruthy()
  expect(api.sent.find((call) => call.path === '/api/admin/suggestions/41/reject')?.body).toEqual({
    reason: 'Already published with other tone marks.',
  })
  expect(await screen.findByText('No suggestions are waiting')).toBeTruthy()
})

test('the publishing form waits for the groups and categories it starts from, so nothing typed into it is lost when they arrive', async () => {
  let releaseCategories: () => void = () => undefined
  const categoriesArrive = new Promise<void>((resolve) => (releaseCategories = resolve))
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (new URL(url, 'http://localhost').pathname === '/api/admin/categories') await categoriesArrive
      return api.fetch(url, init)
    }),
  )
  renderAdmin(<SuggestionsSection />, '/admin/suggestions')
  const card = await screen.findByRole('article', { name: `“${SUGGESTION.suggestedProverb}”` })
  expect(within(card).getByRole('status').textContent).toBe('Loading the publishing form…')
  expect(within(card).queryByLabelText('Proverb', { exact: true })).toBeNull()
  releaseCategories()
  const proverb = await within(card).findByLabelText('Proverb', { exact: true })
  fireEvent.change(proverb, { target: { value: 'Àgbà kì í wà lọ́jà.' } })
  // The category the suggester named is chosen, and the edit stays.
  await waitFor(() => expect(within(card).getByRole('checkbox', { name: 'Wisdom' })).toHaveProperty('checked', true))
  expect((within(card).getByLabelText('Proverb', { exact: true }) as HTMLTextAreaElement).value).toBe('Àgbà kì í wà lọ́jà.')
})
