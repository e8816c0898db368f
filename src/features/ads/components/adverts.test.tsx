// @vitest-environment jsdom
import { onlineManager } from '@tanstack/react-query'
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { ADS_MIN_INTERVAL_MS, ADS_REQUEST_DELAY_MS } from '@/core/shared/constants'
import { CLOSE_ADS_LABEL } from '@/core/shared/texts'
import { AD_TOGGLE_FETCH_FAILED } from '../queries'
import { lastShownKey } from '../rules'
import { ADVERTS, fakeAdServer, renderWithRouter, stubObjectUrls } from '../test-fixtures'
import Adverts from './adverts'

vi.mock('@/lib/session', () => import('@/lib/test-session'))

/** The subscription's answer, as a value the test sets: true, false, or undefined while not known. */
const activePackage = vi.hoisted(() => ({ has: undefined as boolean | undefined }))
vi.mock('@/entities/subscription/queries', () => ({ useHasActivePackage: () => activePackage.has }))

let urls: ReturnType<typeof stubObjectUrls>
beforeEach(() => {
  urls = stubObjectUrls()
})
afterEach(() => {
  cleanup()
  vi.useRealTimers()
  vi.unstubAllGlobals()
  localStorage.clear()
  onlineManager.setOnline(true)
})

const withPackage = (has: boolean | undefined) => {
  activePackage.has = has
  return <Adverts />
}

const dialog = () => screen.queryByRole('dialog', { name: 'Advertisement' })
const go = (place: string) => fireEvent.click(screen.getByRole('link', { name: `Go to ${place}` }))
const location = () => screen.getByRole('status', { name: 'Location' }).textContent
/** Long enough for a round to end with nothing shown (the list, the 10 ms, the content). */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 60)))

test('without an active package: the first advert opens as a modal dialog named Advertisement, and Close Ads closes it', async () => {
  const server = fakeAdServer()
  renderWithRouter(withPackage(false))
  const overlay = await screen.findByRole('dialog', { name: 'Advertisement' })
  expect(overlay.getAttribute('aria-modal')).toBe('true')
  const image = within(overlay).getByRole('img', { name: ADVERTS[0].alt })
  await waitFor(() => expect(image.getAttribute('src')).toBe('blob:advert-1'))
  expect(urls.created[0].type).toBe('image/webp')
  // The toggle is a subscriber's matter: not asked for here.
  expect(server.requested('/api/toggle')).toEqual([])
  expect(server.contentRequests().map((call) => call.path)).toEqual(['/api/ads/1'])

  fireEvent.click(within(overlay).getByRole('button', { name: CLOSE_ADS_LABEL }))
  expect(dialog()).toBeNull()
  await waitFor(() => expect(urls.revoked).toEqual(['blob:advert-1']))
})

test('with a package and the toggle off: no advert is fetched or shown', async () => {
  const server = fakeAdServer({ toggle: false })
  renderWithRouter(withPackage(true))
  await waitFor(() => expect(server.requested('/api/toggle')).toHaveLength(1))
  await settle()
  expect(server.requested('/api/ads/')).toEqual([])
  expect(dialog()).toBeNull()
})

test('with a package and the toggle on: the advert shows', async () => {
  fakeAdServer({ toggle: true })
  renderWithRouter(withPackage(true))
  expect(await screen.findByRole('dialog', { name: 'Advertisement' })).toBeTruthy()
})

test('an empty advert list: no content is asked for and nothing shows', async () => {
  const server = fakeAdServer({ adverts: [] })
  renderWithRouter(withPackage(false))
  await waitFor(() => expect(server.requested('/api/ads/adverts')).toHaveLength(1))
  await settle()
  expect(server.contentRequests()).toEqual([])
  expect(dialog()).toBeNull()
})

test('while the package is not known yet (or its call failed), nothing is fetched', async () => {
  const server = fakeAdServer()
  renderWithRouter(withPackage(undefined))
  await settle()
  expect(server.state.calls).toEqual([])
  expect(dialog()).toBeNull()
})

test('the advert is asked for 10 ms after the file list loads, not before', async () => {
  vi.useFakeTimers()
  let release: () => void = () => undefined
  const server = fakeAdServer({ holdList: new Promise<void>((resolve) => (release = resolve)) })
  renderWithRouter(withPackage(false))
  await act(() => vi.advanceTimersByTimeAsync(1000))
  expect(server.requested('/api/ads/adverts')).toHaveLength(1)
  expect(server.contentRequests()).toEqual([])

  await act(async () => release())
  await act(() => vi.advanceTimersByTimeAsync(ADS_REQUEST_DELAY_MS - 1))
  expect(server.state.listLoadedAt).toBeGreaterThan(0)
  expect(server.contentRequests()).toEqual([])
  await act(() => vi.advanceTimersByTimeAsync(1))
  const [content] = server.contentRequests()
  expect(content.path).toBe('/api/ads/1')
  expect(content.at - server.state.listLoadedAt).toBe(ADS_REQUEST_DELAY_MS)
})

test('focus moves to Close Ads, stays inside on Tab, and returns where it was; Escape closes', async () => {
  fakeAdServer()
  renderWithRouter(withPackage(false))
  const before = screen.getByRole('link', { name: 'Go to /about' })
  before.focus()
  const overlay = await screen.findByRole('dialog', { name: 'Advertisement' })
  const close = within(overlay).getByRole('button', { name: CLOSE_ADS_LABEL })
  const follow = within(overlay).getByRole('link', { name: 'See the plans' })
  expect(document.activeElement).toBe(close)

  // The last stop wraps to the first, and back.
  fireEvent.keyDown(document.activeElement!, { key: 'Tab' })
  expect(document.activeElement).toBe(follow)
  fireEvent.keyDown(document.activeElement!, { key: 'Tab', shiftKey: true })
  expect(document.activeElement).toBe(close)
  // Focus that left (a click on the backdrop) is brought back in.
  before.focus()
  fireEvent.keyDown(document.activeElement!, { key: 'Tab' })
  expect(document.activeElement).toBe(follow)

  fireEvent.keyDown(document.activeElement!, { key: 'Escape' })
  expect(dialog()).toBeNull()
  expect(document.activeElement).toBe(before)
})

test("the advert's link goes there in the app and closes the overlay", async () => {
  fakeAdServer()
  renderWithRouter(withPackage(false), { path: '/about' })
  const overlay = await screen.findByRole('dialog', { name: 'Advertisement' })
  fireEvent.click(within(overlay).getByRole('link', { name: 'See the plans' }))
  expect(location()).toBe('/pricing')
  expect(dialog()).toBeNull()
})

test('never over a quiz being played, sign-in, the plans or a payment page; the quiz list and result are fine', async () => {
  const server = fakeAdServer()
  for (const path of ['/quiz/12', '/quiz/12/', '/auth/login', '/pricing', '/payment_success', '/register_payment_success']) {
    renderWithRouter(withPackage(false), { path })
    await settle()
    expect(dialog(), path).toBeNull()
    expect(server.state.calls, path).toEqual([])
    cleanup()
  }
  for (const path of ['/quiz', '/quiz/12/submit']) {
    localStorage.clear()
    renderWithRouter(withPackage(false), { path })
    expect(await screen.findByRole('dialog', { name: 'Advertisement' }), path).toBeTruthy()
    cleanup()
  }
})

test('leaving a quiz in progress for another page may show one', async () => {
  fakeAdServer()
  renderWithRouter(withPackage(false), { path: '/quiz/12' })
  await settle()
  expect(dialog()).toBeNull()
  go('/quiz/12/submit')
  expect(await screen.findByRole('dialog', { name: 'Advertisement' })).toBeTruthy()
})

test('at most one advert every 5 minutes per user, taking turns through the list; the video plays muted inline with a caption', async () => {
  vi.useFakeTimers({ shouldAdvanceTime: true })
  const server = fakeAdServer()
  renderWithRouter(withPackage(false))
  let overlay = await screen.findByRole('dialog', { name: 'Advertisement' })
  expect(within(overlay).getByRole('img', { name: ADVERTS[0].alt })).toBeTruthy()
  const stored = JSON.parse(localStorage.getItem(lastShownKey(7))!)
  expect(stored).toEqual({ at: expect.any(Number), advertId: 1 })
  expect(Date.now() - stored.at).toBeLessThan(1000)
  fireEvent.click(within(overlay).getByRole('button', { name: CLOSE_ADS_LABEL }))

  // Other pages within the 5 minutes: nothing.
  go('/about')
  await settle()
  await act(() => vi.advanceTimersByTimeAsync(ADS_MIN_INTERVAL_MS - 1000))
  go('/favourites')
  await settle()
  expect(dialog()).toBeNull()
  expect(server.contentRequests()).toHaveLength(1)

  // Once they have passed, the next page brings the next advert: the video.
  await act(() => vi.advanceTimersByTimeAsync(1000))
  go('/about')
  overlay = await screen.findByRole('dialog', { name: 'Advertisement' })
  await waitFor(() => expect(overlay.querySelector('video')?.getAttribute('src')).toBeTruthy())
  const video = overlay.querySelector('video')!
  expect(video.muted).toBe(true)
  expect(video.autoplay).toBe(true)
  expect(video.controls).toBe(true)
  expect(video.hasAttribute('playsinline')).toBe(true)
  expect(document.getElementById(video.getAttribute('aria-describedby')!)?.textContent).toBe(ADVERTS[1].alt)
  expect(within(overlay).getByRole('link', { name: 'Play the quiz' }).getAttribute('href')).toBe('/quiz')
  fireEvent.click(within(overlay).getByRole('button', { name: CLOSE_ADS_LABEL }))

  // The third has no link: only Close Ads. Then round again to the first.
  await act(() => vi.advanceTimersByTimeAsync(ADS_MIN_INTERVAL_MS))
  go('/favourites')
  overlay = await screen.findByRole('dialog', { name: 'Advertisement' })
  expect(within(overlay).getByRole('img', { name: ADVERTS[2].alt })).toBeTruthy()
  expect(
    within(overlay)
      .getAllByRole('button')
      .map((b) => b.textContent),
  ).toEqual([CLOSE_ADS_LABEL])
  expect(within(overlay).queryByRole('link')).toBeNull()
  fireEvent.click(within(overlay).getByRole('button', { name: CLOSE_ADS_LABEL }))
  await act(() => vi.advanceTimersByTimeAsync(ADS_MIN_INTERVAL_MS))
  go('/about')
  overlay = await screen.findByRole('dialog', { name: 'Advertisement' })
  expect(within(overlay).getByRole('img', { name: ADVERTS[0].alt })).toBeTruthy()
  expect(server.contentRequests().map((call) => call.path)).toEqual(['/api/ads/1', '/api/ads/2', '/api/ads/3', '/api/ads/1'])
})

test("the spacing is per user: another user's recent advert does not hold this one's back", async () => {
  localStorage.setItem(lastShownKey(8), JSON.stringify({ at: Date.now(), advertId: 1 }))
  fakeAdServer()
  renderWithRouter(withPackage(false))
  expect(await screen.findByRole('dialog', { name: 'Advertisement' })).toBeTruthy()
})

test('a failed toggle fetch logs an error message and shows nothing', async () => {
  const logged = vi.mocked(console.error).mockImplementation(() => undefined)
  const server = fakeAdServer({ toggle: 500 })
  renderWithRouter(withPackage(true))
  await waitFor(() => expect(logged).toHaveBeenCalledWith(AD_TOGGLE_FETCH_FAILED, expect.objectContaining({ status: 500 })))
  expect(logged).toHaveBeenCalledTimes(1)
  logged.mockReset()
  await settle()
  expect(server.requested('/api/ads/')).toEqual([])
  expect(dialog()).toBeNull()
})

test('a failed list or content fetch shows nothing, and says nothing on screen', async () => {
  for (const fail of ['/api/ads/adverts', '/api/ads/1']) {
    const server = fakeAdServer({ fail })
    const { container } = renderWithRouter(withPackage(false))
    await waitFor(() => expect(server.requested(fail)).toHaveLength(1))
    await settle()
    expect(dialog(), fail).toBeNull()
    expect(container.querySelector('[role="alert"]'), fail).toBeNull()
    // Nothing was shown, so nothing holds the next page back.
    expect(localStorage.getItem(lastShownKey(7)), fail).toBeNull()
    cleanup()
  }
})

test('after a failure, the next page asks again', async () => {
  const server = fakeAdServer({ fail: '/api/ads/adverts' })
  renderWithRouter(withPackage(false))
  await waitFor(() => expect(server.requested('/api/ads/adverts')).toHaveLength(1))
  await settle()
  server.state.fail = undefined
  go('/about')
  expect(await screen.findByRole('dialog', { name: 'Advertisement' })).toBeTruthy()
  expect(server.requested('/api/ads/adverts')).toHaveLength(2)
})

test('offline: nothing is asked for, and nothing shows', async () => {
  onlineManager.setOnline(false)
  const server = fakeAdServer()
  renderWithRouter(withPackage(false))
  await settle()
  expect(server.state.calls).toEqual([])
  expect(dialog()).toBeNull()
})
