import { expect, test } from 'vitest'
import { PUBLIC_ROUTES } from '@/core/shared/constants'
import { routePattern } from '@/lib/analytics'
import router from './router.tsx?raw'

test('analytics count every page of the router by its own pattern, never by its address', () => {
  const patterns = [...router.matchAll(/path="([^"]+)"/g)].map((match) => match[1]).filter((path) => path !== '*')
  expect(patterns).toEqual(expect.arrayContaining(['/', '/search_result', '/quiz/:batchId', '/quiz/:batchId/submit', '/admin/*']))
  for (const pattern of patterns) {
    const address = pattern.replace(/:\w+/g, '4711').replace('/*', '/insights')
    // The console's pages are one: the collector takes patterns without a wildcard.
    const counted = pattern.replace('/*', '')
    expect(routePattern(address), address).toBe(counted)
    expect(routePattern(`${address}/`), `${address}/`).toBe(counted)
  }
  for (const path of PUBLIC_ROUTES) expect(routePattern(path)).toBe(path)
})
