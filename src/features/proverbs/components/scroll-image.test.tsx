// @vitest-environment jsdom
import { cleanup, fireEvent, render } from '@testing-library/react'
import { afterEach, expect, test } from 'vitest'
import { ScrollImage, wideScrollImage } from './scroll-image'

afterEach(cleanup)

test('a scroll image has a wide band beside it; other pictures have none', () => {
  expect(wideScrollImage('/img/afan-oromo-scroll.jpeg')).toBe('/img/wide/afan-oromo-scroll.jpeg')
  expect(wideScrollImage('https://elsewhere.test/img/yoruba-scroll.jpeg')).toBeNull()
  expect(wideScrollImage('/img/yoruba.png')).toBeNull()
})

test('a wide banner offers the sharper band to large screens, and the usual picture to the rest', () => {
  const { container } = render(<ScrollImage src="/img/igbo-scroll.jpeg" eager wide />)
  const source = container.querySelector('picture > source')
  expect(source?.getAttribute('media')).toBe('(min-width: 48rem)')
  expect(source?.getAttribute('srcset')).toBe('/img/wide/igbo-scroll.jpeg 1440w, /img/igbo-scroll.jpeg 960w')
  expect(container.querySelector('img')?.getAttribute('src')).toBe('/img/igbo-scroll.jpeg')
})

test('when the band cannot load (offline, where the device keeps only the usual picture), the usual one shows', () => {
  const { container } = render(<ScrollImage src="/img/igbo-scroll.jpeg" eager wide />)
  fireEvent.error(container.querySelector('img')!)
  expect(container.querySelector('source')).toBeNull()
  expect(container.querySelector('img')?.getAttribute('src')).toBe('/img/igbo-scroll.jpeg')
})

test('cards keep the one picture', () => {
  const { container } = render(<ScrollImage src="/img/igbo-scroll.jpeg" />)
  expect(container.querySelector('picture')).toBeNull()
  expect(container.querySelector('img')?.getAttribute('loading')).toBe('lazy')
})
