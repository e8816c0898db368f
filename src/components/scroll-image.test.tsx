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
  const [source, avif] = container.querySelectorAll('picture > source')
  expect(source?.getAttribute('media')).toBe('(min-width: 48rem)')
  expect(source?.getAttribute('srcset')).toBe('/img/wide/igbo-scroll.jpeg 1440w, /img/igbo-scroll.jpeg 960w')
  expect(avif?.getAttribute('type')).toBe('image/avif')
  expect(avif?.getAttribute('srcset')).toBe('/img/igbo-scroll.avif')
  expect(container.querySelector('img')?.getAttribute('src')).toBe('/img/igbo-scroll.jpeg')
})

test('when the band or the AVIF cannot load (offline, where the device may keep only the JPEG), the JPEG shows', () => {
  const { container } = render(<ScrollImage src="/img/igbo-scroll.jpeg" eager wide />)
  fireEvent.error(container.querySelector('img')!)
  expect(container.querySelector('source')).toBeNull()
  expect(container.querySelector('img')?.getAttribute('src')).toBe('/img/igbo-scroll.jpeg')
})

test('cards offer the AVIF first and the JPEG behind it, loaded lazily', () => {
  const { container } = render(<ScrollImage src="/img/igbo-scroll.jpeg" />)
  const sources = container.querySelectorAll('picture > source')
  expect([...sources].map((source) => [source.getAttribute('type'), source.getAttribute('srcset')])).toEqual([
    ['image/avif', '/img/igbo-scroll.avif'],
  ])
  expect(container.querySelector('picture > img')?.getAttribute('src')).toBe('/img/igbo-scroll.jpeg')
  expect(container.querySelector('img')?.getAttribute('loading')).toBe('lazy')
  fireEvent.error(container.querySelector('img')!)
  expect(container.querySelector('picture')).toBeNull()
  expect(container.querySelector('img')?.getAttribute('src')).toBe('/img/igbo-scroll.jpeg')
})

test('another picture is shown as it is, and a group without one gets a plain panel', () => {
  const { container } = render(<ScrollImage src="/uploads/cover.png" />)
  expect(container.querySelector('picture')).toBeNull()
  expect(container.querySelector('img')?.getAttribute('src')).toBe('/uploads/cover.png')
  cleanup()
  expect(render(<ScrollImage src={null} />).container.querySelector('.scroll-image--plain')).not.toBeNull()
})
