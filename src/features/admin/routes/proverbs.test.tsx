// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { beforeEach, expect, test, vi } from 'vitest'
import type { AdminProverb, ProverbInput } from '@/core/admin/contract'
import { ADMIN_TEXTS } from '@/core/admin/texts'
import { json } from '@/lib/test-render'
import { expectLoadFailure, fill, pageOf, renderAdmin, serveApi } from '../test-fixtures'
import ProverbsSection from './proverbs'

vi.mock('@/lib/session', () => import('@/lib/test-session'))

const SEEDED: AdminProverb = {
  id: 5,
  slug: 'agba-ki-i-wa-loja',
  proverb: 'Àgbà kì í wà lọ́jà',
  transliteration: 'An elder is not in the market',
  interpretation: 'Elders keep the young right.',
  ethnicGroupId: 1,
  categoryIds: [3],
  source: 'seed',
  sources: [],
  checkedBy: null,
}
const OURS: AdminProverb = {
  id: 6,
  slug: 'onye-aghana-nwanne-ya',
  proverb: 'Onye aghana nwanne ya',
  transliteration: 'Let no one leave their kin behind',
  interpretation: 'Look after your own.',
  ethnicGroupId: 2,
  categoryIds: [4],
  source: 'admin',
  sources: [],
  checkedBy: null,
}
const CATEGORIES = [
  { id: 3, name: 'Wisdom', slug: 'wisdom', proverbCount: 10, builtIn: true },
  { id: 4, name: 'Family', slug: 'family', proverbCount: 8, builtIn: false },
]

let rows: AdminProverb[]
let api: ReturnType<typeof serveApi>

beforeEach(() => {
  rows = [SEEDED, OURS]
  api = serveApi((method, path, body) => {
    if (path === '/api/admin/categories') return json({ data: CATEGORIES })
    if (method === 'GET' && path === '/api/admin/proverbs') return json(pageOf(rows))
    if (method === 'POST' && path === '/api/admin/proverbs')
      return json({ data: { ...OURS, ...(body as ProverbInput), id: 7, slug: 'new', source: 'admin' } }, 201)
    if (method === 'PUT' && path === '/api/admin/proverbs/5')
      return json({ data: { ...SEEDED, ...(body as ProverbInput), source: 'admin' } })
    if (method === 'DELETE' && path === '/api/admin/proverbs/5') {
      rows = [OURS]
      return json({ data: { id: 5, deleted: true } })
    }
  })
})

const table = () => screen.findByRole('table', { name: 'Proverbs' })
const row = async (name: string) => within(await table()).getByRole('row', { name: new RegExp(`^${name}`) })

test('the proverbs are listed with their group, and a seeded one is marked built in', async () => {
  renderAdmin(<ProverbsSection />, '/admin/proverbs')
  expect(screen.getByRole('heading', { level: 2, name: 'Proverbs' })).toBeTruthy()
  const seeded = await row(SEEDED.proverb)
  expect(within(seeded).getByRole('cell', { name: 'Yoruba' })).toBeTruthy()
  expect(within(seeded).getByText(ADMIN_TEXTS.builtIn).closest('[title]')?.getAttribute('title')).toBe(ADMIN_TEXTS.builtInNote)
  const ours = await row(OURS.proverb)
  expect(within(ours).getByRole('cell', { name: 'Igbo' })).toBeTruthy()
  expect(within(ours).getByRole('cell', { name: 'admin' })).toBeTruthy()
  expect(within(ours).queryByText(ADMIN_TEXTS.builtIn)).toBeNull()
  expect(api.asked).toContain('GET /api/admin/proverbs?page=1&size=20')
})

test('finding by text and group asks the server and keeps the filters in the address', async () => {
  renderAdmin(<ProverbsSection />, '/admin/proverbs?page=2')
  const search = screen.getByRole('search', { name: 'Find proverbs' })
  await within(search).findByRole('option', { name: 'Igbo' })
  fill(search, { Text: ' kin ', Group: 'igbo' })
  fireEvent.click(within(search).getByRole('button', { name: 'Find' }))

  await waitFor(() => expect(screen.getByLabelText('Location').textContent).toBe('/admin/proverbs?q=kin&ethnic=igbo'))
  await waitFor(() => expect(api.asked).toContain('GET /api/admin/proverbs?q=kin&ethnic=igbo&page=1&size=20'))
  expect(await screen.findByRole('table', { name: 'Proverbs matching “kin”' })).toBeTruthy()
})

test('an empty corpus says so', async () => {
  rows = []
  renderAdmin(<ProverbsSection />, '/admin/proverbs')
  expect(await screen.findByText('No proverbs yet')).toBeTruthy()
})

test('a failed load shows the server’s message', async () => {
  await expectLoadFailure(<ProverbsSection />, '/admin/proverbs', 'proverbs')
})

test('editing a built-in proverb says it becomes ours, and saves the whole proverb with PUT', async () => {
  renderAdmin(<ProverbsSection />, '/admin/proverbs')
  fireEvent.click(within(await row(SEEDED.proverb)).getByRole('button', { name: `Edit “${SEEDED.proverb}”` }))

  const form = screen.getByRole('form', { name: 'Edit the proverb' })
  expect(screen.getByRole('heading', { level: 3, name: `Edit “${SEEDED.proverb}”` })).toBeTruthy()
  expect(screen.getByText(ADMIN_TEXTS.builtInNote)).toBeTruthy()
  await waitFor(() => expect(document.activeElement).toBe(within(form).getByLabelText('Proverb')))
  await waitFor(() => expect((within(form).getByRole('checkbox', { name: 'Wisdom' }) as HTMLInputElement).checked).toBe(true))

  fireEvent.change(within(form).getByLabelText('Meaning'), { target: { value: '  The old keep the young on the right path. ' } })
  fireEvent.click(within(form).getByRole('checkbox', { name: 'Family' }))
  fireEvent.click(within(form).getByRole('button', { name: 'Save the proverb' }))

  expect(await screen.findByText(ADMIN_TEXTS.saved)).toBeTruthy()
  const expected: ProverbInput = {
    proverb: SEEDED.proverb,
    transliteration: SEEDED.transliteration,
    interpretation: 'The old keep the young on the right path.',
    ethnicGroupId: 1,
    categoryIds: [3, 4],
  }
  expect(api.sent.find((call) => call.method === 'PUT')).toEqual({ method: 'PUT', path: '/api/admin/proverbs/5', body: expected })
  // Back to adding.
  expect(screen.getByRole('form', { name: 'Add a proverb' })).toBeTruthy()
  expect(screen.queryByText(ADMIN_TEXTS.builtInNote)).toBeNull()
})

test('a new proverb needs its group and categories, with the server’s messages', async () => {
  renderAdmin(<ProverbsSection />, '/admin/proverbs')
  const form = await screen.findByRole('form', { name: 'Add a proverb' })
  fireEvent.change(within(form).getByLabelText('Proverb'), { target: { value: 'Ọ̀rọ̀ pọ̀ ninu ìwé kọ́bọ̀' } })
  fireEvent.click(within(form).getByRole('button', { name: 'Add the proverb' }))
  expect(await within(form).findByText(ADMIN_TEXTS.ethnicGroupId)).toBeTruthy()
  expect(within(form).getByText(ADMIN_TEXTS.categoryIds)).toBeTruthy()
  expect(within(form).getAllByText(ADMIN_TEXTS.required)).toHaveLength(2)
  expect(api.sent.some((call) => call.method === 'POST')).toBe(false)
})

test('?add= opens the add form with the words as the proverb, and lets go of them once it is added', async () => {
  renderAdmin(<ProverbsSection />, `/admin/proverbs?${new URLSearchParams({ add: 'Ìwà l’ẹwà' })}`)
  const form = await screen.findByRole('form', { name: 'Add a proverb' })
  const proverb = within(form).getByLabelText('Proverb') as HTMLTextAreaElement
  expect(proverb.value).toBe('Ìwà l’ẹwà')
  await waitFor(() => expect(document.activeElement).toBe(proverb))

  fill(form, { 'English rendering': 'Character is beauty', Meaning: 'Good conduct is what makes a person beautiful.', Group: '1' })
  fireEvent.click(await within(form).findByRole('checkbox', { name: 'Wisdom' }))
  fireEvent.click(within(form).getByRole('button', { name: 'Add the proverb' }))

  expect(await screen.findByText(ADMIN_TEXTS.saved)).toBeTruthy()
  expect(api.sent.find((call) => call.method === 'POST')?.body).toEqual({
    proverb: 'Ìwà l’ẹwà',
    transliteration: 'Character is beauty',
    interpretation: 'Good conduct is what makes a person beautiful.',
    ethnicGroupId: 1,
    categoryIds: [3],
  })
  await waitFor(() => expect(screen.getByLabelText('Location').textContent).toBe('/admin/proverbs'))
  await waitFor(() => expect((within(form).getByLabelText('Proverb') as HTMLTextAreaElement).value).toBe(''))
})

test('deleting asks first, telling that a built-in proverb will not come back, then deletes', async () => {
  renderAdmin(<ProverbsSection />, '/admin/proverbs')
  const seeded = await row(SEEDED.proverb)
  fireEvent.click(within(seeded).getByRole('button', { name: `Delete “${SEEDED.proverb}”` }))
  const question = within(seeded).getByRole('group', { name: /^Delete “Àgbà kì í wà lọ́jà”\?/ })
  expect(question.textContent).toContain(`Readers' favourites and likes of it go too. ${ADMIN_TEXTS.builtInNote}`)
  expect(api.sent.some((call) => call.method === 'DELETE')).toBe(false)

  fireEvent.click(within(question).getByRole('button', { name: 'Delete' }))
  expect(await screen.findByText(ADMIN_TEXTS.deleted)).toBeTruthy()
  expect(api.sent.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual(['/api/admin/proverbs/5'])
  await waitFor(() => expect(screen.queryByRole('row', { name: new RegExp(`^${SEEDED.proverb}`) })).toBeNull())
})
