// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { beforeEach, expect, test, vi } from 'vitest'
import type { AdminCorrection } from '@/core/admin/contract'
import { ADMIN_TEXTS } from '@/core/admin/texts'
import { json } from '@/lib/test-render'
import { fakeApi, renderAdmin } from '../test-fixtures'
import CorrectionsSection from './corrections'

vi.mock('@/lib/session', () => import('@/lib/test-session'))

const BEFORE = {
  proverb: 'Ilé labọ̀ sinmi oko.',
  transliteration: 'Home is where one rests from the farm.',
  interpretation: 'Home is the place of rest.',
}
const CORRECTION: AdminCorrection = {
  id: 5,
  status: 'pending',
  proverbId: 12,
  proverbSlug: 'yoruba-ile-labo-sinmi-oko-abc123',
  ethnicName: 'Yoruba',
  name: 'Adé',
  email: 'ade@example.com',
  fromUser: false,
  before: BEFORE,
  current: BEFORE,
  proposed: { ...BEFORE, proverb: 'Ilé làbọ̀ sinmi oko.', source: 'Owomoyela, Yoruba Proverbs (2005)' },
  changes: ['tone marks', 'source'],
  note: 'The low tone on làbọ̀.',
  declineReason: null,
  createdAt: '2026-11-24T10:00:00.000Z',
  reviewedAt: null,
}
const page = (data: AdminCorrection[]) => ({ data, page: 1, size: 20, totalPages: data.length ? 1 : 0, totalElements: data.length })

let pending: AdminCorrection[]
let api: ReturnType<typeof fakeApi>
beforeEach(() => {
  pending = [CORRECTION]
  api = fakeApi((method, path, _body, query) => {
    if (path === '/api/admin/corrections')
      return json(
        page(query.get('status') === 'declined' ? [{ ...CORRECTION, status: 'declined', declineReason: 'Not attested.' }] : pending),
      )
    if (method === 'POST' && path === '/api/admin/corrections/5/accept') {
      pending = []
      return json({ data: { ...CORRECTION, status: 'accepted' } })
    }
    if (method === 'POST' && path === '/api/admin/corrections/5/decline') {
      pending = []
      return json({ data: { ...CORRECTION, status: 'declined' } })
    }
  })
  vi.stubGlobal('fetch', vi.fn(api.fetch))
})

const card = () => screen.findByRole('article', { name: `“${BEFORE.proverb}”` })

test('a pending correction shows what it changes, word by word, with the sender, the source and the reason', async () => {
  renderAdmin(<CorrectionsSection />, '/admin/corrections')
  const found = await card()
  expect(
    within(found)
      .getByRole('link', { name: `“${BEFORE.proverb}”` })
      .getAttribute('href'),
  ).toBe(`/search_result?proverb=${CORRECTION.proverbSlug}`)
  expect(within(found).getByText('Adé (ade@example.com), no account')).toBeTruthy()
  expect(within(found).getByText('tone marks, source')).toBeTruthy()
  const diff = found.querySelector('.admin-diff__text')!
  expect(diff.querySelector('del')?.textContent).toBe('removed: labọ̀')
  expect(diff.querySelector('ins')?.textContent).toBe('added: làbọ̀')
  expect(within(found).getByText('Owomoyela, Yoruba Proverbs (2005)')).toBeTruthy()
  expect(within(found).getByText('The low tone on làbọ̀.')).toBeTruthy()
  expect(within(found).queryByText(ADMIN_TEXTS.changedSince)).toBeNull()
})

test('accepting sends the texts as the admin tidied them, says so, and the list empties', async () => {
  renderAdmin(<CorrectionsSection />, '/admin/corrections')
  const found = await card()
  fireEvent.change(within(found).getByLabelText('Meaning'), { target: { value: 'Home is where we rest after the farm’s work.' } })
  fireEvent.click(within(found).getByRole('button', { name: 'Accept and publish' }))
  expect(await screen.findByText(ADMIN_TEXTS.correctionAccepted)).toBeTruthy()
  expect(api.sent.find((call) => call.path === '/api/admin/corrections/5/accept')?.body).toEqual({
    proverb: 'Ilé làbọ̀ sinmi oko.',
    transliteration: BEFORE.transliteration,
    interpretation: 'Home is where we rest after the farm’s work.',
    source: 'Owomoyela, Yoruba Proverbs (2005)',
  })
  expect(await screen.findByText('No corrections are waiting')).toBeTruthy()
})

test('declining needs a reason, then declines', async () => {
  renderAdmin(<CorrectionsSection />, '/admin/corrections')
  const found = await card()
  fireEvent.click(within(found).getByRole('button', { name: 'Decline' }))
  const reason = within(found).getByLabelText('Why it is declined')
  await waitFor(() => expect(document.activeElement).toBe(reason))
  fireEvent.click(within(found).getByRole('button', { name: 'Decline correction' }))
  expect(await within(found).findByText('Required')).toBeTruthy()
  expect(api.sent.some((call) => call.path.endsWith('/decline'))).toBe(false)
  fireEvent.change(reason, { target: { value: 'Owomoyela writes labọ̀.' } })
  fireEvent.click(within(found).getByRole('button', { name: 'Decline correction' }))
  expect(await screen.findByText(ADMIN_TEXTS.correctionDeclined)).toBeTruthy()
  expect(api.sent.find((call) => call.path === '/api/admin/corrections/5/decline')?.body).toEqual({ reason: 'Owomoyela writes labọ̀.' })
})

test('a proverb changed since the correction was sent is flagged with what it reads now; a deleted one can only be declined', async () => {
  pending = [
    { ...CORRECTION, current: { ...BEFORE, interpretation: 'Home is where rest is.' } },
    { ...CORRECTION, id: 6, proverbSlug: null, current: null, before: { ...BEFORE, proverb: 'Gone.' } },
  ]
  renderAdmin(<CorrectionsSection />, '/admin/corrections')
  const changed = await card()
  expect(within(changed).getByText(ADMIN_TEXTS.changedSince)).toBeTruthy()
  expect(within(changed).getByText('Meaning now')).toBeTruthy()
  const gone = await screen.findByRole('article', { name: '“Gone.”' })
  expect(within(gone).getByText(ADMIN_TEXTS.proverbGone)).toBeTruthy()
  expect(within(gone).queryByRole('button', { name: 'Accept and publish' })).toBeNull()
  expect(within(gone).getByRole('button', { name: 'Decline correction' })).toBeTruthy()
})

test('the declined tab lists what was declined and why', async () => {
  renderAdmin(<CorrectionsSection />, '/admin/corrections?status=declined')
  expect(await screen.findByRole('table', { name: 'Declined corrections' })).toBeTruthy()
  expect(screen.getByText('Not attested.')).toBeTruthy()
})
