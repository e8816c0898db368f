// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router-dom'
import { expect, test } from 'vitest'
import type { ProverbCousins } from '@/core/proverbs/contract'
import { Cousins, cousinsHeading } from './cousins'

const people = { yoruba: 'Yoruba', igbo: 'Igbo', akan: 'Akan', zulu: 'Zulu' } as const
let nextId = 1
const cousin = (slug: keyof typeof people) => ({
  id: nextId++,
  slug: `${slug}-${nextId}`,
  proverb: `A ${slug} saying ${nextId}`,
  transliteration: `Its rendering ${nextId}`,
  ethnic: { id: nextId, name: people[slug], slug },
})
const cluster = (...slugs: (keyof typeof people)[]) =>
  ({ note: 'Each says that a child is raised by many.', proverbs: slugs.map(cousin) }) as unknown as ProverbCousins

test('the heading names the other peoples once each, in the list’s order', () => {
  expect(cousinsHeading(cluster('igbo', 'akan', 'igbo', 'zulu'), 'Yoruba')).toBe('The same thought among the Igbo, the Akan and the Zulu')
  expect(cousinsHeading(cluster('akan'), 'Yoruba')).toBe('The same thought among the Akan')
})

test('a cousin from the proverb’s own people is named as such, never under another people’s name', () => {
  expect(cousinsHeading(cluster('yoruba', 'igbo'), 'Igbo')).toBe('The same thought among the Yoruba, and elsewhere among the Igbo')
  expect(cousinsHeading(cluster('igbo', 'igbo'), 'Igbo')).toBe('The same thought elsewhere among the Igbo')
})

test('every proverb listed belongs to a people its heading names', () => {
  render(
    <MemoryRouter>
      <Cousins cousins={cluster('yoruba', 'igbo', 'zulu')} people="Igbo" />
    </MemoryRouter>,
  )
  const region = screen.getByRole('region', { name: 'The same thought among the Yoruba and the Zulu, and elsewhere among the Igbo' })
  const named = within(region).getByRole('heading', { level: 2 }).textContent
  const tags = within(region)
    .getAllByRole('listitem')
    .map((item) => item.querySelector('.tag')?.textContent)
  expect(tags).toEqual(['Yoruba', 'Igbo', 'Zulu'])
  for (const tag of tags) expect(named).toContain(`the ${tag}`)
})
