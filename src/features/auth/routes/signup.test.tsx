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
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

test('the sign-up funnel counts each step the first time it is reached, not again on the way back', async () => {
  const worker = await workerStandIn()
  renderWithApp(<SignupRoute />, { path: '/auth/signup' })
  expect(await screen.findByRole('heading', { name: 'Step 1 of 5: About you' })).toBeTruthy()
  fireEvent.change(screen.getByLabelText('First name'), { target: { value: 'Ada' } })
  fireEvent.change(screen.getByLabelText('Last name'), { target: { value: 'Obi' } })
  fireEvent.click(screen.getByRole('button', { name: 'Next' }))
  expect(await screen.findByRole('heading', { name: 'Step 2 of 5: Your account' })).toBeTruthy()
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
