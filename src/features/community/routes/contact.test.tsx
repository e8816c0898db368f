// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { COMMUNITY_TEXTS } from '@/core/community/texts'
import type { FullProfile } from '@/core/account/contract'
import { json, renderWithApp } from '@/lib/test-render'
import { ContactRoute } from './contact'
import { setTestSession } from '@/lib/test-session'

vi.mock('@/lib/session', () => import('@/lib/test-session'))

/** The signed-in reader's profile as the server gives it (none: the server cannot answer with it). */
let profile: FullProfile | null = null

let sent: Record<string, string>[]
let answer: () => Response
beforeEach(() => {
  setTestSession(null)
  profile = null
  sent = []
  sessionStorage.clear()
  answer = () => json({ data: { message: COMMUNITY_TEXTS.contactThanks } }, 201)
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url === '/api/user/profile/full')
        return profile ? json({ data: profile }) : json({ error: { code: 'internal', message: 'Something went wrong on our side.' } }, 500)
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
  expect(sent).toEqual([
    {
      email: 'kofi@example.com',
      firstName: 'Kofi',
      surname: 'Mensah',
      phoneNumber: '+233201234567',
      message: 'Medaase!\nThe app is good.',
    },
  ])
  expect(field('Message').value).toBe('')
})

test('a signed-in user whose profile cannot be had has email and names filled in from the session', async () => {
  setTestSession({ token: 'token-7', user: { id: 7, email: 'kemi@example.com', firstName: 'Kemi', lastName: 'Adé', admin: false } })
  renderWithApp(<ContactRoute />)
  await waitFor(() => expect(field('Email').value).toBe('kemi@example.com'))
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

test('a signed-in reader has what their profile knows filled in, phone number too', async () => {
  setTestSession({ token: 'token-7', user: { id: 7, email: 'kemi@example.com', firstName: 'Kemi', lastName: 'Adé', admin: false } })
  profile = {
    id: 7,
    email: 'kemi@example.com',
    firstName: 'Kẹ́mi',
    lastName: 'Adéwálé',
    phoneNumber: '+2348012345678',
    createdAt: '2026-01-01T00:00:00Z',
    package: null,
    hasActivePackage: false,
    address: null,
    hasPicture: false,
    languages: [],
  }
  renderWithApp(<ContactRoute />)
  await waitFor(() => expect(field('Phone number').value).toBe('+2348012345678'))
  expect(field('Email').value).toBe('kemi@example.com')
  expect(field('First name').value).toBe('Kẹ́mi')
  expect(field('Surname').value).toBe('Adéwálé')
})

test('a refused send focuses the first field with a message; a sent one focuses the thanks', async () => {
  renderWithApp(<ContactRoute />)
  type('Email', 'kofi@example.com')
  send()
  await waitFor(() => expect(document.activeElement).toBe(field('First name')))
  expect(messageOf('First name')).toBe('Required')
  fillIn()
  send()
  const thanks = await screen.findByText(COMMUNITY_TEXTS.contactThanks)
  await waitFor(() => expect(document.activeElement).toBe(thanks))
})
