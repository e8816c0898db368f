// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { beforeEach, expect, test, vi } from 'vitest'
import type { AdminAdvert } from '@/core/admin-contract'
import { ADMIN_TEXTS } from '@/core/admin-texts'
import { json } from '@/lib/testing'
import { positionChanges } from '../components/advert-order'
import { expectLoadFailure, failure, renderAdmin, serveApi } from '../test-support'
import AdvertsSection from './adverts'

vi.mock('@/lib/session', () => ({ getToken: () => 'token-7', signOut: vi.fn(), useSession: () => ({ token: 'token-7', user: { id: 7 } }) }))

const advert = (id: number, name: string, position: number): AdminAdvert => ({
  id,
  name,
  type: 'image/webp',
  alt: `The ${name} advert`,
  link: null,
  active: true,
  bytes: 40_960,
  source: 'upload',
  position,
})

let adverts: AdminAdvert[]
let patch: (id: number, position: number) => Response | Promise<Response>
let api: ReturnType<typeof serveApi>

beforeEach(() => {
  // Not in order: the console sorts by position, then id.
  adverts = [advert(3, 'harvest', 20), advert(1, 'market', 10), advert(2, 'river', 30)]
  patch = (id, position) => {
    adverts = adverts.map((each) => (each.id === id ? { ...each, position } : each))
    return json({ data: adverts.find((each) => each.id === id) })
  }
  api = serveApi((method, path, body) => {
    if (method === 'GET' && path === '/api/admin/adverts') return json({ data: adverts, page: 1, size: 100, totalPages: 1, totalElements: adverts.length })
    const id = Number(/^\/api\/admin\/adverts\/(\d+)$/.exec(path)?.[1])
    if (method === 'PATCH' && id) return patch(id, (body as { position: number }).position)
  })
})

const names = async () =>
  within(await screen.findByRole('table', { name: 'Adverts, in the order they are shown' }))
    .getAllByRole('rowheader')
    .map((cell) => cell.textContent)
const patches = () => api.sent.filter((call) => call.method === 'PATCH').map(({ path, body }) => ({ path, body }))
const gets = () => api.sent.filter((call) => call.method === 'GET').length

test('adverts are listed in position order; the first cannot move up, the last cannot move down', async () => {
  renderAdmin(<AdvertsSection />, '/admin/adverts')
  expect(await names()).toEqual(['market', 'harvest', 'river'])
  expect(screen.queryByRole('button', { name: `${ADMIN_TEXTS.moveUp}: market` })).toBeNull()
  expect(screen.getByRole('button', { name: `${ADMIN_TEXTS.moveDown}: market` })).toBeTruthy()
  expect(screen.getByRole('button', { name: `${ADMIN_TEXTS.moveUp}: harvest` })).toBeTruthy()
  expect(screen.getByRole('button', { name: `${ADMIN_TEXTS.moveDown}: harvest` })).toBeTruthy()
  expect(screen.getByRole('button', { name: `${ADMIN_TEXTS.moveUp}: river` })).toBeTruthy()
  expect(screen.queryByRole('button', { name: `${ADMIN_TEXTS.moveDown}: river` })).toBeNull()
})

test('moving swaps the two adverts’ positions with two PATCHes, then the list is asked again', async () => {
  renderAdmin(<AdvertsSection />, '/admin/adverts')
  await names()
  const before = gets()
  fireEvent.click(screen.getByRole('button', { name: `${ADMIN_TEXTS.moveDown}: market` }))

  expect(await screen.findByText('“market” moved down.')).toBeTruthy()
  expect(patches()).toEqual([
    { path: '/api/admin/adverts/1', body: { position: 20 } },
    { path: '/api/admin/adverts/3', body: { position: 10 } },
  ])
  expect(gets()).toBeGreaterThan(before)
  await waitFor(async () => expect(await names()).toEqual(['harvest', 'market', 'river']))
  // The moved advert's button keeps the focus.
  await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: `${ADMIN_TEXTS.moveDown}: market` })))
})

test('moving up to the top keeps the focus on the advert, on the button it still has', async () => {
  renderAdmin(<AdvertsSection />, '/admin/adverts')
  await names()
  fireEvent.click(screen.getByRole('button', { name: `${ADMIN_TEXTS.moveUp}: harvest` }))
  await waitFor(async () => expect(await names()).toEqual(['harvest', 'market', 'river']))
  expect(patches()).toEqual([
    { path: '/api/admin/adverts/1', body: { position: 20 } },
    { path: '/api/admin/adverts/3', body: { position: 10 } },
  ])
  await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: `${ADMIN_TEXTS.moveDown}: harvest` })))
})

test('two adverts with the same position are given distinct ones (their places) as they swap', async () => {
  adverts = [advert(1, 'market', 0), advert(2, 'river', 0)]
  renderAdmin(<AdvertsSection />, '/admin/adverts')
  expect(await names()).toEqual(['market', 'river'])
  fireEvent.click(screen.getByRole('button', { name: `${ADMIN_TEXTS.moveUp}: river` }))
  await waitFor(async () => expect(await names()).toEqual(['river', 'market']))
  expect(patches()).toEqual([
    { path: '/api/admin/adverts/1', body: { position: 1 } },
    { path: '/api/admin/adverts/2', body: { position: 0 } },
  ])
})

test('where a swap could not keep the others in place, every advert takes its place’s number', () => {
  const tied = [advert(1, 'a', 0), advert(2, 'b', 0), advert(3, 'c', 0), advert(4, 'd', 0)]
  // Moving c up: c and b swap, a and d stay first and last.
  expect(positionChanges(tied, 2, -1)).toEqual([
    { id: 3, position: 1 },
    { id: 2, position: 2 },
    { id: 4, position: 3 },
  ])
  const spread = [advert(1, 'a', 5), advert(2, 'b', 9)]
  expect(positionChanges(spread, 0, 1)).toEqual([
    { id: 1, position: 9 },
    { id: 2, position: 5 },
  ])
})

test('the move buttons wait while a move runs', async () => {
  let release: () => void = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  const swap = patch
  patch = async (id, position) => {
    await held
    return swap(id, position)
  }
  renderAdmin(<AdvertsSection />, '/admin/adverts')
  await names()
  fireEvent.click(screen.getByRole('button', { name: `${ADMIN_TEXTS.moveDown}: market` }))
  await waitFor(() => expect((screen.getByRole('button', { name: `${ADMIN_TEXTS.moveUp}: river` }) as HTMLButtonElement).disabled).toBe(true))
  expect((screen.getByRole('button', { name: `${ADMIN_TEXTS.moveDown}: harvest` }) as HTMLButtonElement).disabled).toBe(true)
  release()
  await waitFor(() => expect((screen.getByRole('button', { name: `${ADMIN_TEXTS.moveUp}: river` }) as HTMLButtonElement).disabled).toBe(false))
})

test('a refused move shows the server’s message as an alert, and the list is asked again', async () => {
  patch = () => failure(409, 'Another operator is moving adverts.')
  renderAdmin(<AdvertsSection />, '/admin/adverts')
  await names()
  const before = gets()
  fireEvent.click(screen.getByRole('button', { name: `${ADMIN_TEXTS.moveDown}: market` }))
  expect((await screen.findByRole('alert')).textContent).toBe('Another operator is moving adverts.')
  expect(patches()).toHaveLength(1)
  await waitFor(() => expect(gets()).toBeGreaterThan(before))
  expect(await names()).toEqual(['market', 'harvest', 'river'])
})

test('switching an advert off sends active: false', async () => {
  renderAdmin(<AdvertsSection />, '/admin/adverts')
  await names()
  patch = (id) => json({ data: { ...adverts.find((each) => each.id === id), active: false } })
  fireEvent.click(screen.getByRole('button', { name: 'Stop showing river' }))
  expect(await screen.findByText('“river” is no longer shown.')).toBeTruthy()
  expect(api.sent.find((call) => call.method === 'PATCH')).toEqual({ method: 'PATCH', path: '/api/admin/adverts/2', body: { active: false } })
})

test('deleting an advert asks first', async () => {
  renderAdmin(<AdvertsSection />, '/admin/adverts')
  await names()
  fireEvent.click(screen.getByRole('button', { name: 'Delete river' }))
  expect(screen.getByText('Delete the advert “river”?')).toBeTruthy()
  expect(api.sent.some((call) => call.method === 'DELETE')).toBe(false)
})

test('no adverts says so', async () => {
  adverts = []
  renderAdmin(<AdvertsSection />, '/admin/adverts')
  expect(await screen.findByText('No adverts yet')).toBeTruthy()
})

test('a failed load shows the server’s message', async () => {
  await expectLoadFailure(<AdvertsSection />, '/admin/adverts', 'adverts')
})
