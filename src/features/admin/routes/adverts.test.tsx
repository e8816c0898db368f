// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { beforeEach, expect, test, vi } from 'vitest'
import type { AdminAdvert } from '@/core/admin/contract'
import { ADMIN_TEXTS } from '@/core/admin/texts'
import { json } from '@/lib/test-render'
import { movedOrder } from '../components/advert-order'
import { expectLoadFailure, failure, renderAdmin, serveApi } from '../test-fixtures'
import AdvertsSection from './adverts'

vi.mock('@/lib/session', () => import('@/lib/test-session'))

const advert = (id: number, name: string, position: number): AdminAdvert => ({
  id,
  name,
  type: 'image/webp',
  alt: `The ${name} advert`,
  link: null,
  active: true,
  bytes: 40_960,
  source: 'admin',
  position,
})

let adverts: AdminAdvert[]
let patch: (id: number, body: Record<string, unknown>) => Response | Promise<Response>
let order: (ids: number[]) => Response | Promise<Response>
let api: ReturnType<typeof serveApi>

beforeEach(() => {
  // Not in order: the console sorts by position, then id.
  adverts = [advert(3, 'harvest', 20), advert(1, 'market', 10), advert(2, 'river', 30)]
  patch = (id, body) => {
    adverts = adverts.map((each) => (each.id === id ? { ...each, ...body } : each))
    return json({ data: adverts.find((each) => each.id === id) })
  }
  order = (ids) => {
    adverts = ids.map((id, position) => ({ ...adverts.find((each) => each.id === id)!, position }))
    return json({ data: adverts })
  }
  api = serveApi((method, path, body) => {
    if (method === 'GET' && path === '/api/admin/adverts')
      return json({ data: adverts, page: 1, size: 100, totalPages: 1, totalElements: adverts.length })
    if (method === 'PUT' && path === '/api/admin/adverts/order') return order((body as { ids: number[] }).ids)
    const id = Number(/^\/api\/admin\/adverts\/(\d+)$/.exec(path)?.[1])
    if (method === 'PATCH' && id) return patch(id, body as Record<string, unknown>)
  })
})

const names = async () =>
  within(await screen.findByRole('table', { name: 'Adverts, in the order they are shown' }))
    .getAllByRole('rowheader')
    .map((cell) => cell.textContent)
const writes = () => api.sent.filter((call) => call.method !== 'GET').map(({ method, path, body }) => ({ method, path, body }))
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

test('moving sends the whole new order in one request, then the list is asked again', async () => {
  renderAdmin(<AdvertsSection />, '/admin/adverts')
  await names()
  const before = gets()
  fireEvent.click(screen.getByRole('button', { name: `${ADMIN_TEXTS.moveDown}: market` }))

  expect(await screen.findByText('“market” moved down.')).toBeTruthy()
  expect(writes()).toEqual([{ method: 'PUT', path: '/api/admin/adverts/order', body: { ids: [3, 1, 2] } }])
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
  expect(writes()).toEqual([{ method: 'PUT', path: '/api/admin/adverts/order', body: { ids: [3, 1, 2] } }])
  await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: `${ADMIN_TEXTS.moveDown}: harvest` })))
})

test('the new order is the shown one with the two neighbours swapped, whatever their positions', () => {
  const tied = [advert(1, 'a', 0), advert(2, 'b', 0), advert(3, 'c', 0), advert(4, 'd', 0)]
  expect(movedOrder(tied, 2, -1)).toEqual([1, 3, 2, 4])
  expect(movedOrder([advert(1, 'a', 5), advert(2, 'b', 9)], 0, 1)).toEqual([2, 1])
})

test('the move buttons wait while a move runs', async () => {
  let release: () => void = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  const apply = order
  order = async (ids) => {
    await held
    return apply(ids)
  }
  renderAdmin(<AdvertsSection />, '/admin/adverts')
  await names()
  fireEvent.click(screen.getByRole('button', { name: `${ADMIN_TEXTS.moveDown}: market` }))
  await waitFor(() =>
    expect((screen.getByRole('button', { name: `${ADMIN_TEXTS.moveUp}: river` }) as HTMLButtonElement).disabled).toBe(true),
  )
  expect((screen.getByRole('button', { name: `${ADMIN_TEXTS.moveDown}: harvest` }) as HTMLButtonElement).disabled).toBe(true)
  release()
  await waitFor(() =>
    expect((screen.getByRole('button', { name: `${ADMIN_TEXTS.moveUp}: river` }) as HTMLButtonElement).disabled).toBe(false),
  )
})

test('a refused move shows the server’s message as an alert, clears the last success, and the list is asked again', async () => {
  renderAdmin(<AdvertsSection />, '/admin/adverts')
  await names()
  fireEvent.click(screen.getByRole('button', { name: `${ADMIN_TEXTS.moveDown}: market` }))
  expect(await screen.findByText('“market” moved down.')).toBeTruthy()
  order = () => failure(409, ADMIN_TEXTS.orderStale)
  const before = gets()
  fireEvent.click(screen.getByRole('button', { name: `${ADMIN_TEXTS.moveDown}: market` }))
  expect((await screen.findByRole('alert')).textContent).toBe(ADMIN_TEXTS.orderStale)
  expect(screen.queryByText('“market” moved down.')).toBeNull()
  await waitFor(() => expect(gets()).toBeGreaterThan(before))
  expect(await names()).toEqual(['harvest', 'market', 'river'])
})

test('one of Òwe’s own adverts is marked; editing its description says what that does and sends only what changed', async () => {
  adverts = [{ ...advert(1, 'market', 0), source: 'seed' }, advert(2, 'river', 1)]
  renderAdmin(<AdvertsSection />, '/admin/adverts')
  expect(await names()).toEqual([`market ${ADMIN_TEXTS.builtIn}`, 'river'])
  fireEvent.click(screen.getByRole('button', { name: 'Edit the description and link of market' }))
  const form = screen.getByRole('form', { name: 'Description and link of market' })
  expect(within(form).getByText(ADMIN_TEXTS.builtInNote)).toBeTruthy()
  // Saved untouched: nothing is sent (a change would make it the admins').
  fireEvent.click(within(form).getByRole('button', { name: 'Save' }))
  expect(await screen.findByText(ADMIN_TEXTS.unchanged)).toBeTruthy()
  expect(writes()).toEqual([])
  fireEvent.click(screen.getByRole('button', { name: 'Edit the description and link of market' }))
  const again = screen.getByRole('form', { name: 'Description and link of market' })
  fireEvent.change(within(again).getByLabelText('Description'), { target: { value: 'Proverbs of the market' } })
  fireEvent.click(within(again).getByRole('button', { name: 'Save' }))
  expect(await screen.findByText(ADMIN_TEXTS.saved)).toBeTruthy()
  expect(writes()).toEqual([{ method: 'PATCH', path: '/api/admin/adverts/1', body: { alt: 'Proverbs of the market' } }])
  // And deleting it explains the same.
  fireEvent.click(screen.getByRole('button', { name: 'Delete market' }))
  expect(screen.getByText(ADMIN_TEXTS.builtInNote, { exact: false })).toBeTruthy()
})

test('switching an advert off sends active: false', async () => {
  renderAdmin(<AdvertsSection />, '/admin/adverts')
  await names()
  fireEvent.click(screen.getByRole('button', { name: 'Stop showing river' }))
  expect(await screen.findByText('“river” is no longer shown.')).toBeTruthy()
  expect(writes()).toEqual([{ method: 'PATCH', path: '/api/admin/adverts/2', body: { active: false } }])
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
