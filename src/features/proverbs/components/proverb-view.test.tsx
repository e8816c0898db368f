// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react'
import { sendsSettled } from '@/lib/test-queues'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import type { Proverb, ProverbChange } from '@/core/proverbs/contract'
import { workerStandIn } from '@/lib/test-analytics'
import { json, renderWithApp } from '@/lib/test-render'
import { iwaLesin, onye, zomo } from '@/offline/test-fixtures'
import { changeText } from './provenance'
import { ProverbView } from './proverb-view'
import { ADA, setTestSession } from '@/lib/test-session'

vi.mock('@/lib/session', () => import('@/lib/test-session'))
// The card is drawn on a canvas jsdom lacks: its outcome is what the page acts on.
const shareCard = vi.hoisted(() => vi.fn<() => Promise<string>>())
vi.mock('../share-card', () => ({ shareCard }))
// The Learn deck on this device (src/lib/learning.ts): in it or not, and what a tap writes.
const deck = vi.hoisted(() => ({ addToDeck: vi.fn(async () => undefined), removeFromDeck: vi.fn(), useInDeck: vi.fn(() => false) }))
vi.mock('@/lib/learning', () => deck)
setTestSession(null)

const PROVERB: Proverb = {
  ...iwaLesin,
  sources: [
    { title: 'The Good Person — Yoruba proverbs', url: 'https://yoruba.unl.edu/proverbs/12' },
    { title: 'Yoruba Proverbs', author: 'Oyekan Owomoyela', year: 2005, locator: 'no. 4021' },
  ],
  cousins: {
    key: 'character-is-all',
    note: 'A person’s conduct matters more than anything they own or profess.',
    proverbs: [
      { id: onye.id, slug: onye.slug, proverb: onye.proverb, transliteration: onye.transliteration, ethnic: onye.ethnic },
      { id: zomo.id, slug: zomo.slug, proverb: zomo.proverb, transliteration: zomo.transliteration, ethnic: zomo.ethnic },
    ],
  },
  checkedBy: { name: 'Ìyábọ̀ Adéyẹmí', at: '2026-11-20T10:00:00Z' },
}

let changes: ProverbChange[]
beforeEach(() => {
  changes = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => (url.endsWith('/history') ? json({ data: changes }) : json({ data: { favourites: [], likes: [] } }))),
  )
})
afterEach(async () => {
  cleanup()
  await sendsSettled()
  vi.unstubAllGlobals()
  setTestSession(null)
})

test('the proverb says where it is recorded: pages linked (opening another site), books as author, title, year and number', () => {
  renderWithApp(<ProverbView proverb={PROVERB} />)
  const recorded = screen.getByRole('region', { name: 'Recorded in' })
  const page = within(recorded).getByRole('link', { name: 'The Good Person — Yoruba proverbs (opens another site)' })
  expect(page.getAttribute('href')).toBe('https://yoruba.unl.edu/proverbs/12')
  expect(page.getAttribute('target')).toBe('_blank')
  expect(page.getAttribute('rel')).toBe('noopener noreferrer')
  expect(within(recorded).getByText('Oyekan Owomoyela, Yoruba Proverbs (2005), no. 4021').tagName).toBe('CITE')
  expect(screen.getByText('Checked by a speaker')).toBeTruthy()
  expect(screen.getByText(/Ìyábọ̀ Adéyẹmí, November 20th, 2026/)).toBeTruthy()
})

test('a proverb respelled from an older collection says so, and shows the collection’s own spelling beside its citation', () => {
  const respelled: Proverb = {
    ...PROVERB,
    ethnic: zomo.ethnic,
    language: zomo.language,
    sources: [
      { title: 'Wikisource — Page:Hausa Proverbs.djvu/59', url: 'https://en.wikisource.org/wiki/Page:Hausa_Proverbs.djvu/59' },
      { title: 'Hausa Proverbs', author: 'G. Merrick', year: 1905, locator: 'no. 246', original: "Samu'n kai ya fi samu'n fula" },
    ],
  }
  renderWithApp(<ProverbView proverb={respelled} />)
  const recorded = screen.getByRole('region', { name: 'Recorded in' })
  expect(within(recorded).getByText('Spelling modernised')).toBeTruthy()
  const book = within(recorded).getByText('G. Merrick, Hausa Proverbs (1905), no. 246').closest('li')!
  expect(book.textContent).toBe("G. Merrick, Hausa Proverbs (1905), no. 246: “Samu'n kai ya fi samu'n fula”")
  expect(within(book).getByText("Samu'n kai ya fi samu'n fula").getAttribute('lang')).toBe('ha')
  cleanup()
  // Sources in today's spelling say nothing of it.
  renderWithApp(<ProverbView proverb={PROVERB} />)
  expect(screen.queryByText('Spelling modernised')).toBeNull()
})

test('its cousins among other peoples are named, with the shared thought, each in its own words and linked', () => {
  renderWithApp(<ProverbView proverb={PROVERB} />)
  const cousins = screen.getByRole('region', { name: 'The same thought among the Igbo and the Hausa' })
  expect(within(cousins).getByText(PROVERB.cousins!.note)).toBeTruthy()
  const link = within(cousins).getByRole('link', { name: onye.proverb })
  expect(link.getAttribute('href')).toBe(`/search_result?proverb=${onye.slug}`)
  expect(link.parentElement!.getAttribute('lang')).toBe('ig')
  expect(within(cousins).getByText(zomo.transliteration)).toBeTruthy()
})

test('a proverb with no cousins, sources or check shows none of them, and still offers a correction', () => {
  renderWithApp(<ProverbView proverb={{ ...PROVERB, cousins: null, sources: [], checkedBy: null }} />)
  expect(screen.queryByRole('region', { name: /The same thought/ })).toBeNull()
  expect(screen.queryByRole('region', { name: 'Recorded in' })).toBeNull()
  expect(screen.queryByText('Checked by a speaker')).toBeNull()
  expect(screen.getByRole('link', { name: 'Suggest a correction' }).getAttribute('href')).toBe(
    `/suggest_correction?proverb=${PROVERB.slug}`,
  )
})

test('its published changes are listed once there are any', async () => {
  changes = [
    { at: '2026-11-22T10:00:00Z', kind: 'correction', fields: ['tone marks', 'rendering'] },
    { at: '2026-11-20T10:00:00Z', kind: 'checked', fields: ['checked by a speaker'] },
  ]
  renderWithApp(<ProverbView proverb={PROVERB} />)
  const summary = await screen.findByText('Changes to this proverb (2)')
  const list = summary.closest('details')!
  expect(within(list).getByText(/Corrected from a reader’s suggestion: tone marks and rendering/)).toBeTruthy()
  expect(within(list).getByText(/November 22nd, 2026/)).toBeTruthy()
})

test('changes read as a line each', () => {
  expect(changeText({ at: '', kind: 'edit', fields: ['meaning'] })).toBe('Revised by the editors: meaning')
  expect(changeText({ at: '', kind: 'checked', fields: ['checked by a speaker'] })).toBe('Checked by a speaker')
})

test('a share is counted when it happened — shared or the link copied — by its way and the proverb; a cancelled one is not', async () => {
  const worker = await workerStandIn()
  const share = vi.fn(async () => undefined)
  Object.defineProperty(navigator, 'share', { configurable: true, value: share })
  renderWithApp(<ProverbView proverb={PROVERB} />)
  fireEvent.click(screen.getByRole('button', { name: 'Share link' }))
  expect(await screen.findByText('Shared.')).toBeTruthy()
  share.mockRejectedValueOnce(new DOMException('The user cancelled the share.', 'AbortError'))
  fireEvent.click(screen.getByRole('button', { name: 'Share link' }))
  await vi.waitFor(() => expect(share).toHaveBeenCalledTimes(2))
  expect(await worker.events()).toMatchObject([{ type: 'share', detail: 'link', slug: PROVERB.slug }])
  expect(await worker.events()).toHaveLength(1)
  Reflect.deleteProperty(navigator, 'share')
  worker.remove()
})

test('a card shared or saved is counted as an image share of the proverb; a cancelled or failed one is not', async () => {
  const worker = await workerStandIn()
  renderWithApp(<ProverbView proverb={PROVERB} />)
  const button = screen.getByRole('button', { name: 'Share as image' })
  shareCard.mockResolvedValueOnce('saved')
  fireEvent.click(button)
  expect(await screen.findByText('Card saved to your downloads.')).toBeTruthy()
  shareCard.mockResolvedValueOnce('cancelled')
  fireEvent.click(screen.getByRole('button', { name: 'Share as image' }))
  await vi.waitFor(() => expect(screen.queryByText('Card saved to your downloads.')).toBeNull())
  shareCard.mockRejectedValueOnce(new Error('no canvas'))
  fireEvent.click(await screen.findByRole('button', { name: 'Share as image' }))
  expect(await screen.findByText('Could not make the card on this device.')).toBeTruthy()
  shareCard.mockResolvedValueOnce('shared')
  fireEvent.click(screen.getByRole('button', { name: 'Share as image' }))
  expect(await screen.findByText('Card shared.')).toBeTruthy()
  expect(shareCard).toHaveBeenCalledTimes(4)
  expect(await worker.events()).toEqual([
    expect.objectContaining({ type: 'share', detail: 'image', slug: PROVERB.slug }),
    expect.objectContaining({ type: 'share', detail: 'image', slug: PROVERB.slug }),
  ])
  worker.remove()
})

test('the actions end with the proverb’s place in the Learn deck: a visitor is offered to sign in, a reader adds it and is told', async () => {
  renderWithApp(<ProverbView proverb={PROVERB} />)
  const actions = () => [...document.querySelectorAll('.proverb-view__actions > *')].map((action) => action.textContent)
  expect(actions().at(-1)).toBe('Sign in to add to your deck')
  expect(deck.useInDeck).not.toHaveBeenCalled()
  cleanup()

  setTestSession(ADA)
  renderWithApp(<ProverbView proverb={PROVERB} />)
  expect(actions().at(-1)).toBe('Add to deck')
  expect(deck.useInDeck).toHaveBeenCalledWith(PROVERB.id)
  fireEvent.click(screen.getByRole('button', { name: 'Add to deck' }))
  expect(await screen.findByText('Added to your deck. It comes up in Learn.')).toBeTruthy()
  expect(deck.addToDeck).toHaveBeenCalledExactlyOnceWith([PROVERB.id])
})
