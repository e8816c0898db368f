// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { beforeEach, expect, test, vi } from 'vitest'
import type { AdminFaq } from '@/core/admin/contract'
import { ADMIN_TEXTS } from '@/core/admin/texts'
import { json } from '@/lib/test-render'
import { expectLoadFailure, fill, renderAdmin, serveApi } from '../test-fixtures'
import FaqSection from './faq'

vi.mock('@/lib/session', () => import('@/lib/test-session'))

const PRICE: AdminFaq = { id: 1, question: 'What does a plan cost?', answer: 'See the plans above.', position: 0, builtIn: true }
const CANCEL: AdminFaq = { id: 2, question: 'Can I stop renewing?', answer: 'Yes, in your account.', position: 1, builtIn: false }

let api: ReturnType<typeof serveApi>

beforeEach(() => {
  api = serveApi((method, path, body) => {
    if (method === 'GET' && path === '/api/admin/faqs')
      return json({ data: [PRICE, CANCEL], page: 1, size: 100, totalPages: 1, totalElements: 2 })
    if (method === 'POST' && path === '/api/admin/faqs') return json({ data: { id: 3, position: 2, builtIn: false, ...(body as object) } })
    if (method === 'PUT' && path === '/api/admin/faqs/1') return json({ data: { ...PRICE, ...(body as object), builtIn: false } })
    if (method === 'DELETE' && path === '/api/admin/faqs/1') return json({ data: { id: 1, deleted: true } })
  })
})

const table = () => screen.findByRole('table', { name: 'Questions, in the order readers see them' })
const row = async (question: string) => within(await table()).getByRole('row', { name: new RegExp(question.replace('?', '\\?')) })

test('the questions are listed in order, each named by its question, a built-in one marked', async () => {
  renderAdmin(<FaqSection />, '/admin/faq')
  const rows = within(await table())
    .getAllByRole('row')
    .slice(1)
  expect(rows.map((tr) => within(tr).getByRole('rowheader').textContent)).toEqual([
    `${PRICE.question} ${ADMIN_TEXTS.builtIn}`,
    CANCEL.question,
  ])
  expect(within(rows[0]).getAllByRole('cell')[0].textContent).toBe('0')
  expect(within(rows[1]).getAllByRole('cell')[1].textContent).toBe(CANCEL.answer)
})

test('a new question without a position is sent without one (it goes last); with one, as a number', async () => {
  renderAdmin(<FaqSection />, '/admin/faq')
  const form = await screen.findByRole('form', { name: 'Add a question' })
  fill(form, { Question: 'Is there a free plan?', Answer: 'Reading is free; quizzes need a plan.' })
  fireEvent.click(within(form).getByRole('button', { name: 'Add the question' }))
  expect(await screen.findByText(ADMIN_TEXTS.saved)).toBeTruthy()
  expect(api.sent.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
    { question: 'Is there a free plan?', answer: 'Reading is free; quizzes need a plan.' },
  ])

  const again = screen.getByRole('form', { name: 'Add a question' })
  await waitFor(() => expect((within(again).getByLabelText('Question') as HTMLInputElement).value).toBe(''))
  fill(again, { Question: 'Who writes the proverbs?', Answer: 'Readers suggest them.', 'Position (optional)': '1' })
  fireEvent.click(within(again).getByRole('button', { name: 'Add the question' }))
  await waitFor(() => expect(api.sent.filter((call) => call.method === 'POST')).toHaveLength(2))
  expect(api.sent.filter((call) => call.method === 'POST')[1].body).toEqual({
    question: 'Who writes the proverbs?',
    answer: 'Readers suggest them.',
    position: 1,
  })
})

test('a position that is not a whole number from 0 to 10000 is refused with the server’s message', async () => {
  renderAdmin(<FaqSection />, '/admin/faq')
  const form = await screen.findByRole('form', { name: 'Add a question' })
  fill(form, { Question: 'Why?', Answer: 'Because.', 'Position (optional)': 'first' })
  fireEvent.click(within(form).getByRole('button', { name: 'Add the question' }))
  expect(await within(form).findByText(ADMIN_TEXTS.faqPosition)).toBeTruthy()
  fireEvent.change(within(form).getByLabelText('Position (optional)'), { target: { value: '10001' } })
  expect(await within(form).findByText(ADMIN_TEXTS.faqPosition)).toBeTruthy()
  expect(api.sent.some((call) => call.method === 'POST')).toBe(false)
})

test('editing a built-in question says it becomes ours, then PUTs question, answer and position', async () => {
  renderAdmin(<FaqSection />, '/admin/faq')
  fireEvent.click(within(await row(PRICE.question)).getByRole('button', { name: `Edit “${PRICE.question}”` }))
  const form = screen.getByRole('form', { name: 'Edit the question' })
  expect(screen.getByText(ADMIN_TEXTS.builtInNote)).toBeTruthy()
  expect((within(form).getByLabelText('Position (optional)') as HTMLInputElement).value).toBe('0')
  fireEvent.change(within(form).getByLabelText('Answer'), { target: { value: 'From 2 dollars a month.' } })
  fireEvent.click(within(form).getByRole('button', { name: 'Save the question' }))
  expect(await screen.findByText(ADMIN_TEXTS.saved)).toBeTruthy()
  expect(api.sent.find((call) => call.method === 'PUT')).toEqual({
    method: 'PUT',
    path: '/api/admin/faqs/1',
    body: { question: PRICE.question, answer: 'From 2 dollars a month.', position: 0 },
  })
})

test('deleting asks first, then deletes', async () => {
  renderAdmin(<FaqSection />, '/admin/faq')
  const price = await row(PRICE.question)
  fireEvent.click(within(price).getByRole('button', { name: `Delete “${PRICE.question}”` }))
  const question = within(price).getByRole('group')
  expect(question.textContent).toContain(`Delete “${PRICE.question}”? ${ADMIN_TEXTS.builtInNote}`)
  expect(api.sent.some((call) => call.method === 'DELETE')).toBe(false)
  fireEvent.click(within(question).getByRole('button', { name: 'Delete' }))
  expect(await screen.findByText(ADMIN_TEXTS.deleted)).toBeTruthy()
  expect(api.sent.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual(['/api/admin/faqs/1'])
})

test('no questions says so', async () => {
  serveApi(() => json({ data: [] }))
  renderAdmin(<FaqSection />, '/admin/faq')
  expect(await screen.findByText('No questions yet')).toBeTruthy()
})

test('a failed load shows the server’s message', async () => {
  await expectLoadFailure(<FaqSection />, '/admin/faq', 'questions')
})
