import { dehydrate, QueryClient } from '@tanstack/react-query'
import { expect, test } from 'vitest'
import { takePageData, type PageData } from './server-render'

const pageWith = (data: unknown, updatedAt: number): PageData => {
  const server = new QueryClient()
  server.setQueryData(['packages'], data, { updatedAt })
  return { state: dehydrate(server), date: '2026-11-26' }
}

test('the page’s data replaces the device’s saved copy of the same query, even a newer one', () => {
  const client = new QueryClient()
  client.setQueryData(['packages'], ['saved on the device'], { updatedAt: 2_000 })
  client.setQueryData(['profile'], { name: 'Adé' }, { updatedAt: 2_000 })
  takePageData(client, pageWith(['rendered by the server'], 1_000))
  expect(client.getQueryData(['packages'])).toEqual(['rendered by the server'])
  expect(client.getQueryState(['packages'])?.dataUpdatedAt).toBe(1_000)
  // What the page did not bring stays as the device had it.
  expect(client.getQueryData(['profile'])).toEqual({ name: 'Adé' })
})

test('with nothing saved, the page’s data is what the cache starts with', () => {
  const client = new QueryClient()
  takePageData(client, pageWith(['rendered by the server'], 1_000))
  expect(client.getQueryData(['packages'])).toEqual(['rendered by the server'])
})
