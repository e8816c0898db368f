// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { json, renderWithApp } from '@/lib/test-render'
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
