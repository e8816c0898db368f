// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react'
import { StrictMode } from 'react'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { COMMUNITY_TEXTS } from '@/core/community/texts'
import { json, renderWithApp } from '@/lib/test-render'
import { UnsubscribeRoute } from './unsubscribe'
import { setTestSession } from '@/lib/test-session'

vi.mock('@/lib/session', () => import('@/lib/test-session'))
setTestSession(null)

let posts: unknown[]
let answer: () => Response
beforeEach(() => {
  posts = []
  answer = () => json({ data: { message: COMMUNITY_TEXTS.unsubscribed('ada@example.com'), email: 'ada@example.com' } })
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url !== '/api/unsubscribe' || init?.method !== 'POST') return json({ error: { code: 'not_found', message: url } }, 404)
      posts.push(JSON.parse(String(init.body)))
      return answer()
    }),
  )
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const open = (search: string) =>
  renderWithApp(
    <StrictMode>
      <UnsubscribeRoute />
    </StrictMode>,
    { path: `/unsubscribe${search}` },
  )

test('the link is posted once and the page says what was turned off and how to turn it back on', async () => {
  open('?email=ada%40example.com&token=abc_DEF-123')
  expect(await screen.findByText(COMMUNITY_TEXTS.unsubscribed('ada@example.com'))).toBeTruthy()
  expect(posts).toEqual([{ email: 'ada@example.com', token: 'abc_DEF-123' }])
  expect(screen.getByText(/Changed your mind\?/).textContent).toContain(COMMUNITY_TEXTS.turnBackOn)
  expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/auth/login')
})

test('a refused link says why, without a retry that could not help', async () => {
  answer = () => json({ error: { code: 'bad_request', message: COMMUNITY_TEXTS.unsubscribeInvalid } }, 400)
  open('?email=ada%40example.com&token=tampered')
  const alert = await screen.findByRole('alert')
  expect(alert.textContent).toContain('Nothing was turned off')
  expect(alert.textContent).toContain(COMMUNITY_TEXTS.unsubscribeInvalid)
  expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull()
  expect(posts).toHaveLength(1)
})

test('a link missing its token says so and posts nothing', () => {
  open('?email=ada%40example.com')
  expect(screen.getByRole('alert').textContent).toBe(COMMUNITY_TEXTS.unsubscribeIncomplete)
  expect(posts).toEqual([])
})
