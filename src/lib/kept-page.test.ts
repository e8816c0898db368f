// @vitest-environment jsdom
/** A page the worker answered with its kept copy: its data read again, kept when the read fails. */
import { dehydrate, QueryClient, QueryObserver } from '@tanstack/react-query'
import { afterEach, expect, test, vi } from 'vitest'
import { KEPT_AT_ATTRIBUTE, PAGE_DATA_ID } from '@/core/shared/constants'

const KEPT_AT = Date.parse('2026-12-07T09:00:00Z')

const KEY = ['proverbs', 'today', '2026-12-07']

async function keptPage(answer: () => Promise<unknown>) {
  vi.resetModules()
  const server = new QueryClient()
  server.setQueryData(['proverbs', 'today', '2026-12-07'], { data: ['ọmọ'] })
  const element = document.createElement('script')
  element.type = 'application/json'
  element.id = PAGE_DATA_ID
  element.setAttribute(KEPT_AT_ATTRIBUTE, String(KEPT_AT))
  element.textContent = JSON.stringify({ state: dehydrate(server), date: '2026-12-07' })
  document.body.append(element)
  const { renderedPage, takePageData } = await import('./server-render')
  const { refreshKeptPage } = await import('./kept-page')
  const { oldestSavedCopyOnScreen } = await import('./saved-copies')
  const client = new QueryClient()
  const queryFn = vi.fn(answer)
  takePageData(client, renderedPage()!)
  // The page shows the query: it has an observer.
  const observer = new QueryObserver(client, { queryKey: KEY, queryFn, staleTime: Infinity, retry: false })
  const stop = observer.subscribe(() => {})
  return { client, queryFn, refreshKeptPage, oldestSavedCopyOnScreen, stop, keptAt: renderedPage()!.keptAt }
}

afterEach(() => {
  document.getElementById(PAGE_DATA_ID)?.remove()
  vi.restoreAllMocks()
})

test('a kept page’s data is read again once the app has taken it over: the answer replaces it, and nothing says it is saved', async () => {
  const { client, queryFn, refreshKeptPage, oldestSavedCopyOnScreen, stop, keptAt } = await keptPage(async () => ({
    data: ['from the server'],
  }))
  expect(keptAt).toBe(KEPT_AT)
  refreshKeptPage(client)
  await vi.waitFor(() => expect(client.getQueryData(KEY)).toEqual({ data: ['from the server'] }))
  expect(queryFn).toHaveBeenCalledTimes(1)
  expect(oldestSavedCopyOnScreen(client)).toBeNull()
  stop()
})

test('a read that fails keeps the kept data on screen, shown as saved when the page was kept, not as an error', async () => {
  const { client, refreshKeptPage, oldestSavedCopyOnScreen, stop } = await keptPage(async () => {
    throw new Error('Failed to fetch')
  })
  refreshKeptPage(client)
  await vi.waitFor(() => expect(oldestSavedCopyOnScreen(client)).toBe(KEPT_AT))
  expect(client.getQueryData(KEY)).toEqual({ data: ['ọmọ'] })
  expect(client.getQueryState(KEY)?.status).toBe('success')
  stop()
})
