// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react'
import { afterEach, expect, test } from 'vitest'
import { renderWithApp } from '@/lib/test-render'
import { SearchBox } from './search-box'

afterEach(cleanup)

test('the words typed are searched, trimmed', () => {
  renderWithApp(<SearchBox />)
  fireEvent.change(screen.getByRole('searchbox', { name: 'Search proverbs' }), { target: { value: '  omo ' } })
  fireEvent.click(screen.getByRole('button', { name: 'Search' }))
  expect(screen.getByLabelText('Location').textContent).toBe('/search_result?q=omo')
})

test('words typed before the app took the page over (no change event reached React) are the ones searched', () => {
  renderWithApp(<SearchBox />)
  const field = screen.getByRole('searchbox', { name: 'Search proverbs' }) as HTMLInputElement
  field.value = 'haraka'
  fireEvent.submit(field.form!)
  expect(screen.getByLabelText('Location').textContent).toBe('/search_result?q=haraka')
})
