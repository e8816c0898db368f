// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { workerStandIn } from '@/lib/test-analytics'
import { json, renderWithApp } from '@/lib/test-render'
import { iwaLesin } from '@/offline/test-fixtures'
import { SearchRoute } from './search'

/** No proverb matches anything: the server answers empty pages. */
beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url.startsWith('/api/proverbs/ethnic/public')) return json({ data: [] })
      if (url.startsWith('/api/proverbs/category/public')) return json({ data: { content: [] } })
      return json({ data: [], page: 1, size: 20, totalPages: 0, totalElements: 0 })
    }),
  )
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const where = () => screen.getByLabelText('Location').textContent

test('words typed before the app took the page over (no change event reached React) are the ones searched', async () => {
  renderWithApp(<SearchRoute />, { path: '/search_result?q=omi' })
  const field = screen.getByRole('searchbox', { name: 'Words' }) as HTMLInputElement
  expect(field.value).toBe('omi')
  field.value = '  haraka '
  fireEvent.submit(field.form!)
  expect(where()).toBe('/search_result?q=haraka')
  expect(field.value).toBe('  haraka ')
})

test('“Clear search” is a link to every proverb, and the field follows the address', async () => {
  renderWithApp(<SearchRoute />, { path: '/search_result?q=zzqxjv' })
  const clear = await screen.findByRole('link', { name: 'Clear search' })
  expect(clear.getAttribute('href')).toBe('/search_result')
  fireEvent.click(clear)
  expect(where()).toBe('/search_result')
  expect((screen.getByRole('searchbox', { name: 'Words' }) as HTMLInputElement).value).toBe('')
})

test('a search is counted once its results are here, once per words and people: what was searched and how many it found', async () => {
  const worker = await workerStandIn()
  renderWithApp(<SearchRoute />, { path: '/search_result?q=%20zzqxjv%20&ethnic=Yoruba' })
  await screen.findByText('No proverbs match')
  const words = screen.getByRole('searchbox', { name: 'Words' }) as HTMLInputElement
  // Another page of the same search is not another search; new words are.
  words.value = 'omi'
  fireEvent.submit(words.form!)
  await waitFor(() => expect(where()).toBe('/search_result?q=omi&ethnic=Yoruba'))
  await screen.findByText('No proverbs match')
  const events = await worker.events()
  expect(events.map(({ type, q, results, ethnic }) => ({ type, q, results, ethnic }))).toEqual([
    { type: 'search', q: 'zzqxjv', results: 0, ethnic: 'yoruba' },
    { type: 'search', q: 'omi', results: 0, ethnic: 'yoruba' },
  ])
  worker.remove()
})

test('a search answered from this device, one without words and one within a category are not counted', async () => {
  const worker = await workerStandIn()
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url.startsWith('/api/proverbs/ethnic/public')) return json({ data: [] })
      if (url.startsWith('/api/proverbs/category/public')) return json({ data: { content: [] } })
      const device = new URL(url, 'http://localhost').searchParams.get('q') === 'offline' ? { held: 3, total: 57, group: null } : undefined
      return json({ data: [], page: 1, size: 20, totalPages: 0, totalElements: 0, device })
    }),
  )
  for (const path of ['/search_result?q=offline', '/search_result?ethnic=igbo', '/search_result?q=omi&category=wisdom']) {
    const { unmount } = renderWithApp(<SearchRoute />, { path })
    await screen.findByRole('link', { name: 'Clear search' })
    unmount()
  }
  expect(await worker.events()).toEqual([])
  worker.remove()
})

test('a proverb opened is counted once it is shown, by its slug', async () => {
  const worker = await workerStandIn()
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => (url === `/api/proverbs/public/${iwaLesin.slug}` ? json({ data: iwaLesin }) : json({ data: [] }))),
  )
  renderWithApp(<SearchRoute />, { path: `/search_result?proverb=${iwaLesin.slug}` })
  await screen.findByRole('heading', { level: 1, name: iwaLesin.proverb })
  expect(await worker.events()).toMatchObject([{ type: 'proverb_view', slug: iwaLesin.slug }])
  worker.remove()
})
