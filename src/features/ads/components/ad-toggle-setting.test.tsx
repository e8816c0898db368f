// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, expect, test, vi } from 'vitest'
import { renderWithApp } from '@/lib/test-render'
import { AD_TOGGLE_FETCH_FAILED } from '../queries'
import { fakeAdServer } from '../test-fixtures'
import { AD_TOGGLE_HINT, AD_TOGGLE_LABEL, AD_TOGGLE_LOAD_FAILED, AD_TOGGLE_SAVE_FAILED, AdToggleSetting } from './ad-toggle-setting'

vi.mock('@/lib/session', () => import('@/lib/test-session'))

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const theSwitch = () => screen.getByRole('switch', { name: AD_TOGGLE_LABEL }) as HTMLInputElement
const hint = () => document.getElementById(theSwitch().getAttribute('aria-describedby')!)!

test('shows the saved choice and explains it in one line', async () => {
  fakeAdServer({ toggle: true })
  renderWithApp(<AdToggleSetting userId={7} />)
  await waitFor(() => expect(theSwitch().checked).toBe(true))
  expect(theSwitch().getAttribute('aria-checked')).toBe('true')
  expect(hint().textContent).toBe(AD_TOGGLE_HINT)
})

test('turning it on saves at once: a saving state, then on', async () => {
  const server = fakeAdServer({ toggle: false })
  let answer: (response: Response) => void = () => undefined
  const real = server.fetch.getMockImplementation()!
  renderWithApp(<AdToggleSetting userId={7} />)
  await waitFor(() => expect(theSwitch().disabled).toBe(false))
  expect(theSwitch().checked).toBe(false)

  server.fetch.mockImplementationOnce((input, init) => new Promise((resolve) => (answer = (r) => resolve(r))).then(() => real(input, init)))
  fireEvent.click(theSwitch())
  await waitFor(() => expect(hint().textContent).toBe('Saving…'))
  expect(theSwitch().disabled).toBe(true)
  expect(theSwitch().getAttribute('aria-busy')).toBe('true')
  expect(theSwitch().checked).toBe(true)

  await act(async () => answer(new Response()))
  await waitFor(() => expect(hint().textContent).toBe(AD_TOGGLE_HINT))
  expect(theSwitch().checked).toBe(true)
  expect(theSwitch().disabled).toBe(false)
  expect(server.state.calls.filter((call) => call.method === 'POST')).toEqual([
    expect.objectContaining({ path: '/api/toggle', body: { toggle: true } }),
  ])
  expect(server.state.toggle).toBe(true)
})

test('a failed save says so and leaves the switch as it was', async () => {
  const server = fakeAdServer({ toggle: false })
  renderWithApp(<AdToggleSetting userId={7} />)
  await waitFor(() => expect(theSwitch().disabled).toBe(false))
  server.state.fail = '/api/toggle'
  fireEvent.click(theSwitch())
  await waitFor(() => expect(hint().textContent).toBe(AD_TOGGLE_SAVE_FAILED))
  expect(hint().className).toBe('field__error')
  expect(theSwitch().checked).toBe(false)
})

test('a setting that cannot be loaded is logged and says so; the switch waits', async () => {
  const logged = vi.mocked(console.error).mockImplementation(() => undefined)
  fakeAdServer({ toggle: 503 })
  renderWithApp(<AdToggleSetting userId={7} />)
  await waitFor(() => expect(hint().textContent).toBe(AD_TOGGLE_LOAD_FAILED))
  expect(logged).toHaveBeenCalledWith(AD_TOGGLE_FETCH_FAILED, expect.anything())
  logged.mockReset()
  expect(theSwitch().disabled).toBe(true)
})

test('the switch shows the flip as soon as it is clicked, before the save is under way', async () => {
  fakeAdServer({ toggle: false })
  renderWithApp(<AdToggleSetting userId={7} />)
  await waitFor(() => expect(theSwitch().disabled).toBe(false))
  fireEvent.click(theSwitch())
  // No waiting: in the very render that answers the click.
  expect(theSwitch().checked).toBe(true)
  expect(theSwitch().getAttribute('aria-busy')).toBe('true')
  await waitFor(() => expect(hint().textContent).toBe(AD_TOGGLE_HINT))
  expect(theSwitch().checked).toBe(true)
})
