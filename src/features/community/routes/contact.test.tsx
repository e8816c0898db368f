// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { COMMUNITY_TEXTS } from '@/core/community'
import type { Session } from '@/lib/session'
import { json, renderWithApp } from '@/lib/testing'
import { ContactRoute } from './contact'

let session: Session | null = null
vi.mock('@/lib/session', () => ({ getToken: () => session?.token, signOut: vi.fn(), useSession: () => session }))

let sent: Record<string, string>[]
let answer: () => Response
beforeEach(() => {
  session = null
  sent = []
  sessionStorage.clear()
  answer = () => json({ data: { message: COMMUNITY_TEXTS.contactThanks } }, 201)
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url !== '/api/contact') return json({ error: { code: 'not_found', message: url } }, 404)
      sent.push(JSON.parse(String(init?.body)) as Record<string, string>)
      return answer()
    }),
  )
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } })
const send = () => fireEvent.click(screen.getByRole('button', { name: 'Send message' }))
const messageOf = (label: string) =>
  (field(label).getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id))
    .find((el) => el?.className === 'field__error')?.textContent

function fillIn() {
  type('Email', 'kofi@example.com')
  type('First name', 'Kofi')
  type('Surname', 'Mensah')
  type('Phone number', '+233201234567')
  type('Message', 'Medaase!\nThe app is good.')
}

test('sending it empty shows the spec’s messages and sends nothing', async () => {
  renderWithApp(<ContactRoute />)
  send()
  await waitFor(() => expect(messageOf('First name')).toBe('Required'))
  expect(messageOf('Surname')).toBe('Required')
  expect(messageOf('Phone number')).toBe('Phone number is required')
  expect(messageOf('Email')).toBe('Required')
  expect(messageOf('Message')).toBe('Required')
  type('Phone number', '12-34')
  await waitFor(() => expect(messageOf('Phone number')).toBe('Size must be at least 10 characters'))
  expect(sent).toEqual([])
})

test('a message is sent, thanked, and the form is cleared', async () => {
  renderWithApp(<ContactRoute />)
  fillIn()
  send()
  expect(await screen.findByText(COMMUNITY_TEXTS.contactThanks)).toBeTruthy()
  expect(sent).toEqual([{ email: 'kofi@example.com', firstName: 'Kofi', surname: 'Mensah', phoneNumber: '+233201234567', message: 'Medaase!\nThe app is good.' }])
  expect(field('Message').value).toBe('')
})

test('a signed-in user has email and names filled in', () => {
  session = { token: 'token-7', user: { id: 7, email: 'kemi@example.com', firstName: 'Kemi', lastName: 'Adé' } }
  renderWithApp(<ContactRoute />)
  expect(field('Email').value).toBe('kemi@example.com')
  expect(field('First name').value).toBe('Kemi')
  expect(field('Surname').value).toBe('Adé')
})

test('a refusal from the server is shown, and what was typed stays', async () => {
  answer = () => json({ error: { code: 'too_many_requests', message: 'Too many attempts. Please wait 59 minutes and try again.' } }, 429)
  renderWithApp(<ContactRoute />)
  fillIn()
  send()
  expect((await screen.findByRole('alert')).textContent).toBe('Too many attempts. Please wait 59 minutes and try again.')
  expect(field('Message').value).toBe('Medaase!\nThe app is good.')
})
