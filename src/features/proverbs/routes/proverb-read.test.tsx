// @vitest-environment jsdom
import 'fake-indexeddb/auto'
import { cleanup, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { API } from '@/core/http/api-paths'
import { localDayOf } from '@/core/learning/days'
import { json, renderWithApp } from '@/lib/test-render'
import { ADA, setTestSession } from '@/lib/test-session'
import { offlineDb } from '@/offline/schema'
import { iwaLesin } from '@/offline/test-fixtures'
import { SearchRoute } from './search'

// A proverb's own page is a proverb read towards the reader's streak (docs/requirements.md#r18-learning).
vi.mock('@/lib/session', () => import('@/lib/test-session'))

beforeEach(async () => {
  await (await offlineDb()).clear('learning')
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url === `/api/proverbs/public/${iwaLesin.slug}`) return json({ data: iwaLesin })
      if (url === API.marks) return json({ data: { favourites: [], likes: [] } })
      return json({ data: [] })
    }),
  )
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const reads = async () => (await (await offlineDb()).getAll('learning')).filter((e) => e.kind === 'read')

test('a signed-in reader seeing a proverb’s page has read it today, once however often it is opened', async () => {
  setTestSession(ADA)
  renderWithApp(<SearchRoute />, { path: `/search_result?proverb=${iwaLesin.slug}` })
  await screen.findByRole('heading', { level: 1, name: iwaLesin.proverb })
  await waitFor(async () => expect(await reads()).toMatchObject([{ userId: 7, proverbId: iwaLesin.id, day: localDayOf(new Date()).day }]))
  cleanup()
  renderWithApp(<SearchRoute />, { path: `/search_result?proverb=${iwaLesin.slug}` })
  await screen.findByRole('heading', { level: 1, name: iwaLesin.proverb })
  await new Promise((resolve) => setTimeout(resolve, 50))
  expect(await reads()).toHaveLength(1)
})

test('a visitor’s reading is not recorded', async () => {
  setTestSession(null)
  renderWithApp(<SearchRoute />, { path: `/search_result?proverb=${iwaLesin.slug}` })
  await screen.findByRole('heading', { level: 1, name: iwaLesin.proverb })
  await new Promise((resolve) => setTimeout(resolve, 50))
  expect(await reads()).toEqual([])
})
