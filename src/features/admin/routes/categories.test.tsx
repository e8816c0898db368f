// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { beforeEach, expect, test, vi } from 'vitest'
import type { AdminCategory } from '@/core/admin/contract'
import { ADMIN_TEXTS } from '@/core/admin/texts'
import { CATEGORY_NAME_MAX } from '@/core/admin/validation'
import { json } from '@/lib/test-render'
import { expectLoadFailure, failure, renderAdmin, serveApi } from '../test-fixtures'
import CategoriesSection from './categories'

vi.mock('@/lib/session', () => import('@/lib/test-session'))

const WISDOM: AdminCategory = { id: 3, name: 'Wisdom', slug: 'wisdom', proverbCount: 1240, builtIn: true }
const FAMILY: AdminCategory = { id: 4, name: 'Family', slug: 'family', proverbCount: 8, builtIn: false }

let categories: AdminCategory[]
let api: ReturnType<typeof serveApi>

beforeEach(() => {
  categories = [WISDOM, FAMILY]
  api = serveApi((method, path, body) => {
    if (method === 'GET' && path === '/api/admin/categories')
      return json({ data: categories, page: 1, size: 100, totalPages: 1, totalElements: categories.length })
    if (method === 'PUT' && path === '/api/admin/categories/3') {
      categories = [{ ...WISDOM, ...(body as { name: string }), builtIn: false }, FAMILY]
      return json({ data: categories[0] })
    }
    if (method === 'POST' && path === '/api/admin/categories') return failure(409, 'There is a category of that name already.')
    if (method === 'DELETE' && path === '/api/admin/categories/3') {
      categories = [FAMILY]
      return json({ data: { id: 3, deleted: true } })
    }
  })
})

const row = async (name: string) =>
  within(await screen.findByRole('table', { name: 'Categories' })).getByRole('row', { name: new RegExp(`^${name}`) })

test('categories are listed with their proverbs counted, a built-in one marked', async () => {
  renderAdmin(<CategoriesSection />, '/admin/categories')
  expect(screen.getByText('Loading the categories').closest('[role=status]')).toBeTruthy()
  const wisdom = await row('Wisdom')
  expect(
    within(wisdom)
      .getAllByRole('cell')
      .slice(0, 2)
      .map((cell) => cell.textContent),
  ).toEqual(['wisdom', '1,240'])
  expect(within(wisdom).getByRole('rowheader').textContent).toBe(`Wisdom ${ADMIN_TEXTS.builtIn}`)
  expect(within(await row('Family')).getByRole('rowheader').textContent).toBe('Family')
})

test('renaming a built-in category says it becomes ours, then PUTs the new name', async () => {
  renderAdmin(<CategoriesSection />, '/admin/categories')
  fireEvent.click(within(await row('Wisdom')).getByRole('button', { name: 'Rename Wisdom' }))
  const form = screen.getByRole('form', { name: 'Rename Wisdom' })
  expect(screen.getByRole('heading', { level: 3, name: 'Rename “Wisdom”' })).toBeTruthy()
  expect(screen.getByText(ADMIN_TEXTS.builtInNote)).toBeTruthy()
  const name = within(form).getByLabelText('New name')
  await waitFor(() => expect(document.activeElement).toBe(name))

  fireEvent.change(name, { target: { value: ' <b>Sayings of the wise</b> ' } })
  fireEvent.click(within(form).getByRole('button', { name: 'Save the name' }))
  expect(await screen.findByText(ADMIN_TEXTS.saved)).toBeTruthy()
  // Trimmed and stripped of tags as the server does it.
  expect(api.sent.find((call) => call.method === 'PUT')).toEqual({
    method: 'PUT',
    path: '/api/admin/categories/3',
    body: { name: 'Sayings of the wise' },
  })
  expect(await row('Sayings of the wise')).toBeTruthy()
  expect(screen.getByRole('form', { name: 'Add a category' })).toBeTruthy()
})

test('cancelling a rename goes back to adding, and the name is checked as the server checks it', async () => {
  renderAdmin(<CategoriesSection />, '/admin/categories')
  fireEvent.click(within(await row('Family')).getByRole('button', { name: 'Rename Family' }))
  expect(screen.queryByText(ADMIN_TEXTS.builtInNote)).toBeNull()
  fireEvent.click(screen.getByRole('button', { name: 'Cancel' }))
  const form = screen.getByRole('form', { name: 'Add a category' })

  fireEvent.click(within(form).getByRole('button', { name: 'Add the category' }))
  expect(await within(form).findByText(ADMIN_TEXTS.required)).toBeTruthy()
  fireEvent.change(within(form).getByLabelText('Name of a new category'), { target: { value: 'x'.repeat(CATEGORY_NAME_MAX + 1) } })
  expect(await within(form).findByText(ADMIN_TEXTS.tooLong(CATEGORY_NAME_MAX))).toBeTruthy()
  expect(api.sent.some((call) => call.method === 'POST')).toBe(false)
})

test('a refused new category shows the server’s message on the form', async () => {
  renderAdmin(<CategoriesSection />, '/admin/categories')
  const form = await screen.findByRole('form', { name: 'Add a category' })
  fireEvent.change(within(form).getByLabelText('Name of a new category'), { target: { value: 'Family' } })
  fireEvent.click(within(form).getByRole('button', { name: 'Add the category' }))
  expect((await within(form).findByRole('alert')).textContent).toBe('There is a category of that name already.')
  expect(api.sent.find((call) => call.method === 'POST')?.body).toEqual({ name: 'Family' })
})

test('deleting asks first; keeping it sends nothing and puts focus back; confirming deletes', async () => {
  renderAdmin(<CategoriesSection />, '/admin/categories')
  const wisdom = await row('Wisdom')
  const remove = within(wisdom).getByRole('button', { name: 'Delete Wisdom' })
  fireEvent.click(remove)
  const question = within(wisdom).getByRole('group')
  expect(question.textContent).toContain(`Delete “Wisdom”? Its 1,240 proverbs stay, without it. ${ADMIN_TEXTS.builtInNote}`)
  await waitFor(() => expect(document.activeElement?.tagName).toBe('P'))
  fireEvent.click(within(question).getByRole('button', { name: 'Keep it' }))
  await waitFor(() => expect(document.activeElement?.textContent).toBe('Delete Wisdom'))
  expect(api.sent.some((call) => call.method === 'DELETE')).toBe(false)

  fireEvent.click(within(wisdom).getByRole('button', { name: 'Delete Wisdom' }))
  fireEvent.click(within(within(wisdom).getByRole('group')).getByRole('button', { name: 'Delete' }))
  expect(await screen.findByText(ADMIN_TEXTS.deleted)).toBeTruthy()
  expect(api.sent.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual(['/api/admin/categories/3'])
  await waitFor(() => expect(screen.queryByRole('row', { name: /^Wisdom/ })).toBeNull())
})

test('no categories says so', async () => {
  categories = []
  renderAdmin(<CategoriesSection />, '/admin/categories')
  expect(await screen.findByText('No categories yet')).toBeTruthy()
})

test('a failed load shows why, and can be tried again', async () => {
  const { alert } = await expectLoadFailure(<CategoriesSection />, '/admin/categories', 'categories', () => json({ data: [FAMILY] }))
  fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }))
  expect(await row('Family')).toBeTruthy()
})
