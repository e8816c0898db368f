// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { StrictMode, useState } from 'react'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { CLOSE_ADS_LABEL } from '@/core/shared/texts'
import { renderWithApp } from '@/lib/test-render'
import { ADVERTS, stubObjectUrls } from '../test-fixtures'
import { AdvertOverlay } from './advert-overlay'

let urls: ReturnType<typeof stubObjectUrls>
beforeEach(() => {
  urls = stubObjectUrls()
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const overlay = (advert = ADVERTS[0]) => renderWithApp(<AdvertOverlay advert={advert} onClose={vi.fn()} onFollow={vi.fn()} />)

test('the content is decoded from base64 into a file of its own type', async () => {
  overlay(ADVERTS[1])
  const dialog = screen.getByRole('dialog', { name: 'Advertisement' })
  await waitFor(() => expect(dialog.querySelector('video')?.getAttribute('src')).toBe('blob:advert-1'))
  const [blob] = urls.created
  expect(blob.type).toBe('video/mp4')
  expect(new TextDecoder().decode((await blob.arrayBuffer()).slice(4, 8))).toBe('ftyp')
})

test('with reduced motion asked for, the video waits for its play button', async () => {
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: query === '(prefers-reduced-motion: reduce)' }))
  overlay(ADVERTS[1])
  const video = await waitFor(() => screen.getByRole('dialog').querySelector('video')!)
  expect(video.autoplay).toBe(false)
  expect(video.controls).toBe(true)
})

test('a link that leaves the app is not offered; Close Ads always is', () => {
  overlay({ ...ADVERTS[0], link: 'https://example.com/win' })
  const dialog = screen.getByRole('dialog', { name: 'Advertisement' })
  expect(within(dialog).queryByRole('link')).toBeNull()
  expect(within(dialog).getByRole('button', { name: CLOSE_ADS_LABEL })).toBeTruthy()
  cleanup()
  overlay({ ...ADVERTS[0], link: '//example.com/win' })
  expect(within(screen.getByRole('dialog')).queryByRole('link')).toBeNull()
})

test('focus returns to where it was, also under StrictMode (effects run twice in development)', () => {
  function Page() {
    const [open, setOpen] = useState(false)
    return (
      <StrictMode>
        <button type="button" onClick={() => setOpen(true)}>
          Show
        </button>
        {open && <AdvertOverlay advert={ADVERTS[0]} onClose={() => setOpen(false)} onFollow={vi.fn()} />}
      </StrictMode>
    )
  }
  renderWithApp(<Page />)
  const show = screen.getByRole('button', { name: 'Show' })
  show.focus()
  fireEvent.click(show)
  expect(document.activeElement).toBe(screen.getByRole('button', { name: CLOSE_ADS_LABEL }))
  fireEvent.click(screen.getByRole('button', { name: CLOSE_ADS_LABEL }))
  expect(screen.queryByRole('dialog')).toBeNull()
  expect(document.activeElement).toBe(show)
})

test('the dialog is described by what the advert says, image or video', () => {
  overlay(ADVERTS[0])
  expect(screen.getByRole('dialog', { name: 'Advertisement', description: ADVERTS[0].alt })).toBeTruthy()
  cleanup()
  overlay(ADVERTS[1])
  expect(screen.getByRole('dialog', { name: 'Advertisement', description: ADVERTS[1].alt })).toBeTruthy()
})
