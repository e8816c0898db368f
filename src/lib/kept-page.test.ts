// @vitest-environment jsdom
/** A page the worker answered with its kept copy: read again online, marked as saved offline. */
import { dehydrate, QueryClient, QueryObserver } from '@tanstack/react-query'
import { afterEach, expect, test, vi } from 'vitest'
import { KEPT_AT_ATTRIBUTE, PAGE_DATA_ID } from '@/core/shared/constants'

const KEPT_AT = Date.parse('2026-12-07T09:00:00Z')

async function keptPage(online: boolean) {
  vi.resetModules()
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online)
  const server = new QueryClient()
  server.setQueryData(['proverbs', 'today', '2026-12-07'], { data: ['ọmọ'] })
  const element = document.createElement('script')
  element.type = 'application/json'
  element.id = PAGE_DATA_ID
  element.setAttribute(KEPT_AT_ATTRIBUTE, String(KEPT_AT))
  element.textContent = JSON.stringify({ state: dehydrate(server), date: '2026-12-07' })
  document.body.append(element)
  const { refreshKeptPage, renderedPage, takePageData } = await import('./server-render')
  const { oldestSavedCopyOnScreen } = await import('./saved-copies')
  const client = new QueryClient()
  const queryFn = vi.fn(async () => ({ data: ['from the server'] }))
  takePageData(client, renderedPage()!)
  // The page shows the query: it has an observer.
  const observer = new QueryObserver(client, { queryKey: ['proverbs', 'today', '2026-12-07'], queryFn, staleTime: Infinity })
  const stop = observer.subscribe(() => {})
  return { client, queryFn, refreshKeptPage, oldestSavedCopyOnScreen, stop, keptAt: renderedPage()!.keptAt }
}

afterEach(() => {
  document.getElementById(PAGE_DATA_ID)?.remove()
  vi.restoreAllMocks()
})

test('online, a kept page’s data is read again once the app has taken it over, and nothing says it is a saved copy', async () => {
  const { client, queryFn, refreshKeptPage, oldestSavedCopyOnScreen, stop, keptAt } = await keptPage(true)
  expect(keptAt).toBe(KEPT_AT)
  refreshKeptPage(client)
  await vi.waitFor(() => expect(queryFn).toHaveBeenCalledTimes(1))
  expect(oldestSavedCopyOnScreen(client)).toBeNull()
  stop()
})

test('offline, a kept page’s data is not asked for again and shows as saved when the page was kept', async () => {
  const { client, queryFn, refreshKeptPage, oldestSavedCopyOnScreen, stop } = await keptPage(false)
  expect(oldestSavedCopyOnScreen(client)).toBeNull()
  refreshKeptPage(client)
  expect(queryFn).not.toHaveBeenCalled()
  expect(oldestSavedCopyOnScreen(client)).toBe(KEPT_AT)
  stop()
})
