// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react'
import { afterEach, expect, test, vi } from 'vitest'
import { workerStandIn } from '@/lib/test-analytics'
import { json, renderWithApp } from '@/lib/test-render'
import ActivateRoute from './activate'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

test('an account activated from its link is the sign-up funnel’s last step; a link already used is not', async () => {
  const worker = await workerStandIn()
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit) =>
      (JSON.parse(String(init.body)) as { token: string }).token === 'used'
        ? json({ error: { code: 'token_used', message: 'This link has already been used.' } }, 409)
        : json({ data: { message: 'Your account is active. You can sign in now.' } }),
    ),
  )
  const used = renderWithApp(<ActivateRoute />, { path: '/auth/activate?token=used' })
  expect(await screen.findByText('This link has already been used.')).toBeTruthy()
  used.unmount()
  renderWithApp(<ActivateRoute />, { path: '/auth/activate?token=fresh' })
  expect(await screen.findByText('Your account is active. You can sign in now.')).toBeTruthy()
  expect((await worker.events()).map((event) => [event.type, event.detail])).toEqual([['signup_step', 'activated']])
  worker.remove()
})
