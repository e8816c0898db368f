// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { workerStandIn } from '@/lib/test-analytics'
import { json, renderWithApp } from '@/lib/test-render'
import { setTestSession } from '@/lib/test-session'
import { SignupRoute } from './signup'

vi.mock('@/lib/session', () => import('@/lib/test-session'))
setTestSession(null)

beforeEach(() => {
  localStorage.clear()
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) =>
      url.startsWith('/api/packages/') || url.startsWith('/api/proverbs/ethnic/') ? json({ data: [] }) : json({}, 404),
    ),
  )
})
// The browser's modal dialog (the success message), as far as the page uses it: jsdom has none.
HTMLDialogElement.prototype.showModal = function (this: HTMLDialogElement) {
  this.setAttribute('open', '')
}

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

/** Opens the wizard, fills step 1 and moves on to step 2. */
async function openAtStepTwo() {
  renderWithApp(<SignupRoute />, { path: '/auth/signup' })
  expect(await screen.findByRole('heading', { name: 'Step 1 of 5: About you' })).toBeTruthy()
  fireEvent.change(screen.getByLabelText('First name'), { target: { value: 'Ada' } })
  fireEvent.change(screen.getByLabelText('Last name'), { target: { value: 'Obi' } })
  fireEvent.click(screen.getByRole('button', { name: 'Next' }))
  expect(await screen.findByRole('heading', { name: 'Step 2 of 5: Your account' })).toBeTruthy()
}

test('the sign-up funnel counts each step the first time it is reached, not again on the way back', async () => {
  const worker = await workerStandIn()
  await openAtStepTwo()
  fireEvent.click(screen.getByRole('button', { name: 'Back' }))
  expect(await screen.findByRole('heading', { name: 'Step 1 of 5: About you' })).toBeTruthy()
  fireEvent.click(screen.getByRole('button', { name: 'Next' }))
  expect(await screen.findByRole('heading', { name: 'Step 2 of 5: Your account' })).toBeTruthy()
  const events = await worker.events()
  expect(events.map((event) => [event.type, event.detail])).toEqual([
    ['signup_step', '1'],
    ['signup_step', '2'],
  ])
  worker.remove()
})

/** The server of a sign-up: one free plan, every address free to take, and `register` answering the account. */
function signupServer(register: () => Response) {
  const plan = { id: 1, name: 'Free', amount: 0, noOfEthnics: 1, description: 'One people’s proverbs' }
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    if (url.startsWith('/api/packages/')) return json({ data: [plan] })
    if (url.startsWith('/api/proverbs/ethnic/')) return json({ data: [] })
    if (url.startsWith('/accounts/check/')) return json({ data: { exists: false } })
    if (url === '/accounts/register' && init?.method === 'POST') return register()
    return json({}, 404)
  })
  vi.stubGlobal('fetch', fetch)
  return fetch
}

/** Fills the five steps and stops at the review, where “Create account” sends it. */
async function walkToReview() {
  await openAtStepTwo()
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@example.com' } })
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Kola@nut2026' } })
  fireEvent.change(screen.getByLabelText('Confirm password'), { target: { value: 'Kola@nut2026' } })
  fireEvent.click(screen.getByRole('button', { name: 'Next' }))
  expect(await screen.findByRole('heading', { name: 'Step 3 of 5: Your plan' })).toBeTruthy()
  fireEvent.click(await screen.findByRole('radio', { name: /Free/ }))
  fireEvent.click(screen.getByRole('button', { name: 'Next' }))
  expect(await screen.findByRole('heading', { name: 'Step 4 of 5: Your languages' })).toBeTruthy()
  fireEvent.click(screen.getByRole('button', { name: 'Next' }))
  expect(await screen.findByRole('heading', { name: 'Step 5 of 5: Review' })).toBeTruthy()
}

test('an account made is counted as the funnel’s “submitted” step, once the server has made it', async () => {
  const worker = await workerStandIn()
  const fetch = signupServer(() => json({ data: { message: 'Check your email.', email: 'ada@example.com', paymentToken: null } }, 201))
  await walkToReview()
  expect((await worker.events()).map((event) => event.detail)).toEqual(['1', '2', '3', '4', '5'])
  fireEvent.click(screen.getByRole('button', { name: 'Create account' }))
  await vi.waitFor(() => expect(fetch).toHaveBeenCalledWith('/accounts/register', expect.objectContaining({ method: 'POST' })))
  await vi.waitFor(async () => expect((await worker.events()).map((event) => event.detail)).toEqual(['1', '2', '3', '4', '5', 'submitted']))
  worker.remove()
})

test('an account the server refuses is not counted as submitted', async () => {
  const worker = await workerStandIn()
  const fetch = signupServer(() => json({ error: { message: 'The registration could not be completed.' } }, 400))
  await walkToReview()
  fireEvent.click(screen.getByRole('button', { name: 'Create account' }))
  await vi.waitFor(() => expect(fetch).toHaveBeenCalledWith('/accounts/register', expect.objectContaining({ method: 'POST' })))
  expect(await screen.findByText('The registration could not be completed.')).toBeTruthy()
  expect((await worker.events()).map((event) => event.detail)).toEqual(['1', '2', '3', '4', '5'])
  worker.remove()
})
