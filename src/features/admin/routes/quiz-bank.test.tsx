// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { beforeEach, expect, test, vi } from 'vitest'
import type { AdminQuizQuestion, QuizQuestionInput } from '@/core/admin/contract'
import { ADMIN_TEXTS } from '@/core/admin/texts'
import { json } from '@/lib/test-render'
import { expectLoadFailure, fill, pageOf, renderAdmin, serveApi } from '../test-fixtures'
import QuizBankSection from './quiz-bank'

vi.mock('@/lib/session', () => import('@/lib/test-session'))

const GENERAL: AdminQuizQuestion = {
  id: 11,
  ethnicGroupId: null,
  question: 'Which of these is a proverb about patience?',
  options: ['Slowly, slowly', 'Run and fall'],
  correct: 0,
  note: '',
  active: true,
  builtIn: true,
}
const IGBO: AdminQuizQuestion = {
  id: 12,
  ethnicGroupId: 2,
  question: 'What does “Onye aghana nwanne ya” ask?',
  options: ['To hurry', 'To leave no kin behind', 'To sing'],
  correct: 1,
  note: 'Nwanne: kin.',
  active: false,
  builtIn: false,
}

let api: ReturnType<typeof serveApi>

beforeEach(() => {
  api = serveApi((method, path, body, query) => {
    if (method === 'GET' && path === '/api/admin/quiz-questions')
      return json(pageOf(query.get('ethnicGroupId') === 'general' ? [GENERAL] : [GENERAL, IGBO]))
    if (method === 'POST' && path === '/api/admin/quiz-questions')
      return json({ data: { ...(body as QuizQuestionInput), id: 13, active: true, builtIn: false } })
    if (method === 'DELETE' && path === '/api/admin/quiz-questions/11') return json({ data: { id: 11, retired: true } })
  })
})

const row = async (question: string) =>
  within(await screen.findByRole('table', { name: 'Quiz questions' })).getByRole('row', { name: new RegExp(`^${question.slice(0, 20)}`) })

test('questions show their answer, their group (General for all peoples), whether in use, and a built-in badge', async () => {
  renderAdmin(<QuizBankSection />, '/admin/quiz')
  const general = await row(GENERAL.question)
  expect(
    within(general)
      .getAllByRole('cell')
      .map((cell) => cell.textContent),
  ).toEqual(['Slowly, slowly', 'General', 'Yes', expect.stringContaining('Edit')])
  expect(within(general).getByRole('rowheader').textContent).toBe(`${GENERAL.question} ${ADMIN_TEXTS.builtIn}`)

  const igbo = await row(IGBO.question)
  expect(
    within(igbo)
      .getAllByRole('cell')
      .slice(0, 3)
      .map((cell) => cell.textContent),
  ).toEqual(['To leave no kin behind', 'Igbo', 'Retired'])
  expect(within(igbo).queryByText(ADMIN_TEXTS.builtIn)).toBeNull()
  // A retired question cannot be retired again.
  expect(within(igbo).queryByRole('button', { name: /^Retire/ })).toBeNull()
})

test('the group filter offers the general questions, and asks for ethnicGroupId=general', async () => {
  renderAdmin(<QuizBankSection />, '/admin/quiz')
  await row(IGBO.question)
  const search = screen.getByRole('search', { name: 'Find questions' })
  const group = within(search).getByLabelText('Group') as HTMLSelectElement
  expect([...group.options].map((option) => option.text)).toEqual(['All groups', ADMIN_TEXTS.generalQuestions, 'Yoruba', 'Igbo'])
  fireEvent.change(group, { target: { value: 'general' } })
  fireEvent.click(within(search).getByRole('button', { name: 'Find' }))

  await waitFor(() => expect(screen.getByLabelText('Location').textContent).toBe('/admin/quiz?ethnicGroupId=general'))
  await waitFor(() => expect(api.asked).toContain('GET /api/admin/quiz-questions?ethnicGroupId=general&page=1&size=20'))
  await waitFor(() => expect(screen.queryByRole('row', { name: /^What does/ })).toBeNull())
})

test('a group in the address shows in the filter once the groups arrive, and a new Find keeps it', async () => {
  renderAdmin(<QuizBankSection />, '/admin/quiz?ethnicGroupId=2')
  const search = await screen.findByRole('search', { name: 'Find questions' })
  const group = within(search).getByLabelText('Group') as HTMLSelectElement
  await waitFor(() => expect(group.selectedOptions[0]?.text).toBe('Igbo'))
  fireEvent.change(within(search).getByLabelText('Text'), { target: { value: 'kin' } })
  fireEvent.click(within(search).getByRole('button', { name: 'Find' }))
  await waitFor(() => expect(screen.getByLabelText('Location').textContent).toBe('/admin/quiz?ethnicGroupId=2&q=kin'))
  // The same field, still showing the group (it follows the address without being replaced).
  expect(group.isConnected).toBe(true)
  expect(group.value).toBe('2')
})

test('the general filter comes back from the address', async () => {
  renderAdmin(<QuizBankSection />, '/admin/quiz?ethnicGroupId=general')
  await row(GENERAL.question)
  expect(api.asked[0]).toBe('GET /api/admin/quiz-questions?ethnicGroupId=general&page=1&size=20')
  expect((within(screen.getByRole('search')).getByLabelText('Group') as HTMLSelectElement).value).toBe('general')
})

test('a new question is sent with its options as a list and the right one counted from 0', async () => {
  renderAdmin(<QuizBankSection />, '/admin/quiz')
  const form = await screen.findByRole('form', { name: 'Add a question' })
  await within(form).findByRole('option', { name: 'Yoruba' })
  fill(form, { Question: 'Who is “Àgbà”?', Options: 'A child\n\n  An elder \nA market', 'Number of the correct option': '2', Group: '1' })
  fireEvent.click(within(form).getByRole('button', { name: 'Add the question' }))

  expect(await screen.findByText(ADMIN_TEXTS.saved)).toBeTruthy()
  const expected: QuizQuestionInput = {
    ethnicGroupId: 1,
    question: 'Who is “Àgbà”?',
    options: ['A child', 'An elder', 'A market'],
    correct: 1,
    note: '',
    active: true,
  }
  expect(api.sent.find((call) => call.method === 'POST')).toEqual({ method: 'POST', path: '/api/admin/quiz-questions', body: expected })
})

test('options and the right one are checked as the server checks them', async () => {
  renderAdmin(<QuizBankSection />, '/admin/quiz')
  const form = await screen.findByRole('form', { name: 'Add a question' })
  // Left empty: the same sentence, not a library's.
  fill(form, { Question: 'Which?', 'Number of the correct option': '1' })
  fireEvent.click(within(form).getByRole('button', { name: 'Add the question' }))
  expect(await within(form).findByText(ADMIN_TEXTS.options)).toBeTruthy()

  fill(form, { Question: 'Which?', Options: 'Only one', 'Number of the correct option': '1' })
  fireEvent.click(within(form).getByRole('button', { name: 'Add the question' }))
  expect(await within(form).findByText(ADMIN_TEXTS.options)).toBeTruthy()

  fireEvent.change(within(form).getByLabelText('Options'), { target: { value: 'Yes\nyes' } })
  expect(await within(form).findByText(ADMIN_TEXTS.optionsDistinct)).toBeTruthy()

  fill(form, { Options: 'Yes\nNo', 'Number of the correct option': '3' })
  expect(await within(form).findByText(ADMIN_TEXTS.correct)).toBeTruthy()
  expect(api.sent.some((call) => call.method === 'POST')).toBe(false)
})

test('editing a built-in question says it becomes ours; saving sends it back with PUT', async () => {
  api = serveApi((method, path, body) => {
    if (method === 'GET') return json(pageOf([GENERAL]))
    if (method === 'PUT' && path === '/api/admin/quiz-questions/11')
      return json({ data: { ...GENERAL, ...(body as QuizQuestionInput), builtIn: false } })
  })
  renderAdmin(<QuizBankSection />, '/admin/quiz')
  fireEvent.click(within(await row(GENERAL.question)).getByRole('button', { name: `Edit “${GENERAL.question}”` }))
  const form = screen.getByRole('form', { name: 'Edit the question' })
  expect(screen.getByText(ADMIN_TEXTS.builtInNote)).toBeTruthy()
  expect((within(form).getByLabelText('Options') as HTMLTextAreaElement).value).toBe('Slowly, slowly\nRun and fall')
  fireEvent.change(within(form).getByLabelText('In use'), { target: { value: 'false' } })
  fireEvent.click(within(form).getByRole('button', { name: 'Save the question' }))

  expect(await screen.findByText(ADMIN_TEXTS.saved)).toBeTruthy()
  const expected: QuizQuestionInput = {
    ethnicGroupId: null,
    question: GENERAL.question,
    options: GENERAL.options,
    correct: 0,
    note: '',
    active: false,
  }
  expect(api.sent.find((call) => call.method === 'PUT')).toEqual({ method: 'PUT', path: '/api/admin/quiz-questions/11', body: expected })
})

test('retiring asks first (a built-in question becomes ours), then retires', async () => {
  renderAdmin(<QuizBankSection />, '/admin/quiz')
  const general = await row(GENERAL.question)
  fireEvent.click(within(general).getByRole('button', { name: `Retire “${GENERAL.question}”` }))
  const question = within(general).getByRole('group')
  expect(question.textContent).toContain(`New quizzes will not ask it; past ones keep it. ${ADMIN_TEXTS.builtInNote}`)
  expect(api.sent.some((call) => call.method === 'DELETE')).toBe(false)

  fireEvent.click(within(question).getByRole('button', { name: 'Retire' }))
  expect(await screen.findByText('Retired.')).toBeTruthy()
  expect(api.sent.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual(['/api/admin/quiz-questions/11'])
})

test('an empty bank says so, and a filtered one that finds nothing too', async () => {
  serveApi(() => json(pageOf([])))
  renderAdmin(<QuizBankSection />, '/admin/quiz')
  expect(await screen.findByText('No questions yet')).toBeTruthy()
  cleanup()
  renderAdmin(<QuizBankSection />, '/admin/quiz?ethnicGroupId=general')
  expect(await screen.findByText('No question matches')).toBeTruthy()
})

test('a failed load shows the server’s message', async () => {
  await expectLoadFailure(<QuizBankSection />, '/admin/quiz', 'questions')
})
