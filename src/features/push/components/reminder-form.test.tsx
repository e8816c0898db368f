// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import type { DailyReminder } from '@/core/notifications/contract'
import { REMINDER_TIME_MESSAGE } from '../reminder'
import { json, renderWithApp } from '../test-fixtures'
import { ReminderForm } from './reminder-form'

vi.mock('@/lib/session', () => import('@/lib/test-session'))
vi.mock('@/lib/platform', () => import('@/lib/test-platform'))

let stored: DailyReminder
let puts: unknown[]
let putAnswer: (() => Response) | undefined
let getFails: boolean

beforeEach(() => {
  stored = { time: '07:30', timeZone: 'Africa/Lagos' }
  puts = []
  putAnswer = undefined
  getFails = false
  const resolved = Intl.DateTimeFormat().resolvedOptions()
  vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockReturnValue({ ...resolved, timeZone: 'Africa/Lagos' })
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url !== '/user/notification/reminder') return json({ error: { code: 'not_found', message: url } }, 404)
      if (init?.method === 'PUT') {
        const body = JSON.parse(String(init.body)) as DailyReminder
        puts.push(body)
        if (putAnswer) return putAnswer()
        stored = body
        return json({ data: body })
      }
      return getFails ? json({ error: { code: 'unavailable', message: 'The server is resting.' } }, 503) : json({ data: stored })
    }),
  )
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

const onBox = () => screen.getByRole('checkbox', { name: /Send me a proverb every day/ }) as HTMLInputElement
const timeField = () => screen.getByLabelText('Time') as HTMLInputElement
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save reminder' }))

test('the saved reminder is shown with the time zone this browser is in', async () => {
  renderWithApp(<ReminderForm userId={7} />)
  await screen.findByRole('form', { name: 'Daily proverb' })
  expect(onBox().checked).toBe(true)
  expect(timeField().value).toBe('07:30')
  expect(timeField().type).toBe('time')
  const hint = document.getElementById(timeField().getAttribute('aria-describedby')!)
  expect(hint?.textContent).toBe('Times are in Africa/Lagos.')
})

test('a new time is saved with the detected zone, and the form says so', async () => {
  renderWithApp(<ReminderForm userId={7} />)
  await screen.findByRole('form', { name: 'Daily proverb' })
  fireEvent.change(timeField(), { target: { value: '06:15' } })
  save()
  expect(await screen.findByText('Saved. Your daily proverb comes at 06:15 (Africa/Lagos).')).toBeTruthy()
  expect(puts).toEqual([{ time: '06:15', timeZone: 'Africa/Lagos' }])
})

test('an empty time is caught before sending: the message sits under the field, which gets focus', async () => {
  renderWithApp(<ReminderForm userId={7} />)
  await screen.findByRole('form', { name: 'Daily proverb' })
  fireEvent.change(timeField(), { target: { value: '' } })
  save()
  const field = timeField()
  expect(field.getAttribute('aria-invalid')).toBe('true')
  expect(
    field
      .getAttribute('aria-describedby')!
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent),
  ).toContain(REMINDER_TIME_MESSAGE)
  expect(document.activeElement).toBe(field)
  expect(puts).toEqual([])

  fireEvent.change(field, { target: { value: '21:00' } })
  expect(field.getAttribute('aria-invalid')).toBeNull()
})

test('turning the reminder off saves no time', async () => {
  renderWithApp(<ReminderForm userId={7} />)
  await screen.findByRole('form', { name: 'Daily proverb' })
  fireEvent.click(onBox())
  expect(timeField().disabled).toBe(true)
  save()
  expect(await screen.findByText('Saved. Daily proverb reminders are off.')).toBeTruthy()
  expect(puts).toEqual([{ time: null, timeZone: 'Africa/Lagos' }])
})

test('a reminder set in another zone says saving here moves it', async () => {
  stored = { time: '08:00', timeZone: 'Europe/London' }
  renderWithApp(<ReminderForm userId={7} />)
  expect(await screen.findByText(/Your reminder was set in Europe\/London; saving here moves it to Africa\/Lagos\./)).toBeTruthy()
})

test('the server’s answers are shown: a field message under the time, anything else above the button', async () => {
  putAnswer = () =>
    json(
      { error: { code: 'bad_request', message: 'Check the time.', fields: { time: 'Enter the time as HH:MM, from 00:00 to 23:59.' } } },
      400,
    )
  renderWithApp(<ReminderForm userId={7} />)
  await screen.findByRole('form', { name: 'Daily proverb' })
  save()
  await waitFor(() => expect(timeField().getAttribute('aria-invalid')).toBe('true'))
  expect(screen.getByText('Enter the time as HH:MM, from 00:00 to 23:59.')).toBeTruthy()

  putAnswer = () => json({ error: { code: 'unavailable', message: 'The server is resting.' } }, 503)
  save()
  expect((await screen.findByRole('alert')).textContent).toBe('The server is resting.')
})

test('while saving the button says so and cannot be pressed twice', async () => {
  let release: () => void = () => undefined
  putAnswer = () => json({ data: stored })
  const fetch = vi.mocked(globalThis.fetch)
  const original = fetch.getMockImplementation()!
  fetch.mockImplementation(async (url, init) => {
    if (init?.method === 'PUT') await new Promise<void>((resolve) => (release = resolve))
    return original(url, init)
  })
  renderWithApp(<ReminderForm userId={7} />)
  await screen.findByRole('form', { name: 'Daily proverb' })
  save()
  const busy = await screen.findByRole('button', { name: 'Saving…' })
  expect((busy as HTMLButtonElement).disabled).toBe(true)
  release()
  expect(await screen.findByRole('button', { name: 'Save reminder' })).toBeTruthy()
})

test('a reminder that cannot be loaded says so and offers to try again', async () => {
  getFails = true
  renderWithApp(<ReminderForm userId={7} />)
  expect((await screen.findByRole('alert')).textContent).toContain('Could not load your reminder')
  getFails = false
  fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
  expect(await screen.findByRole('form', { name: 'Daily proverb' })).toBeTruthy()
})
