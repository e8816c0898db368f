// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { ADMIN_TEXTS } from '@/core/admin/texts'
import { json } from '@/lib/test-render'
import { fakeApi, renderAdmin } from '../test-fixtures'
import BroadcastSection from './broadcast'

vi.mock('@/lib/session', () => import('@/lib/test-session'))

let api: ReturnType<typeof fakeApi>
let keys: (string | null)[]

beforeEach(() => {
  keys = []
  api = fakeApi((method, path) => (method === 'POST' && path === '/api/admin/broadcasts' ? json({ data: { reached: 1234 } }) : undefined))
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => {
      keys.push(new Headers(init?.headers).get('Idempotency-Key'))
      return api.fetch(url, init)
    }),
  )
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

async function fill() {
  fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'New Igbo proverbs' } })
  fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'Fifty more, read them today.' } })
  fireEvent.change(screen.getByLabelText('Link in the app (optional)'), { target: { value: '/search_result?ethnic=igbo' } })
  await screen.findByRole('option', { name: 'The readers of Igbo' })
  fireEvent.change(screen.getByLabelText('Who gets it'), { target: { value: '2' } })
}

test('a broadcast is confirmed first, then sent once, and the number reached is announced', async () => {
  renderAdmin(<BroadcastSection />, '/admin/broadcast')
  await fill()
  fireEvent.click(screen.getByRole('button', { name: 'Review and send' }))

  const question = await screen.findByText('Send “New Igbo proverbs” to the readers of Igbo? It cannot be taken back.')
  await waitFor(() => expect(document.activeElement).toBe(question))
  expect(api.sent).toHaveLength(0)

  fireEvent.click(screen.getByRole('button', { name: 'Send now' }))
  expect(await screen.findByText(ADMIN_TEXTS.sentTo(1234))).toBeTruthy()
  expect(ADMIN_TEXTS.sentTo(1234)).toBe('Sent to 1,234 readers.')
  expect(api.sent).toEqual([
    {
      method: 'POST',
      path: '/api/admin/broadcasts',
      body: { title: 'New Igbo proverbs', body: 'Fifty more, read them today.', url: '/search_result?ethnic=igbo', ethnicGroupId: 2 },
    },
  ])
  expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/)
  // A fresh, empty form for the next message.
  expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('')
})

test('going back sends nothing, and a link to another site is refused', async () => {
  renderAdmin(<BroadcastSection />, '/admin/broadcast')
  await fill()
  fireEvent.click(screen.getByRole('button', { name: 'Review and send' }))
  fireEvent.click(await screen.findByRole('button', { name: 'Go back' }))
  expect(screen.queryByRole('button', { name: 'Send now' })).toBeNull()

  fireEvent.change(screen.getByLabelText('Link in the app (optional)'), { target: { value: '//evil.example' } })
  fireEvent.click(screen.getByRole('button', { name: 'Review and send' }))
  expect(await screen.findByText(ADMIN_TEXTS.inAppLink)).toBeTruthy()
  expect(screen.queryByRole('button', { name: 'Send now' })).toBeNull()
  expect(api.sent).toHaveLength(0)
})
