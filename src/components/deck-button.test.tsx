// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen } from '@testing-library/react'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { renderWithApp } from '@/lib/test-render'
import { ADA, setTestSession } from '@/lib/test-session'
import { DeckButton } from './deck-button'

vi.mock('@/lib/session', () => import('@/lib/test-session'))
const device = vi.hoisted(() => ({
  inDeck: undefined as boolean | undefined,
  addToDeck: vi.fn<(ids: number[]) => Promise<void>>(),
  removeFromDeck: vi.fn<(id: number) => Promise<void>>(),
  useInDeck: vi.fn<(id: number) => boolean | undefined>(),
}))
vi.mock('@/lib/learning', () => ({ addToDeck: device.addToDeck, removeFromDeck: device.removeFromDeck, useInDeck: device.useInDeck }))

const onDone = vi.fn()
beforeEach(() => {
  setTestSession(ADA)
  device.addToDeck.mockReset().mockResolvedValue(undefined)
  device.removeFromDeck.mockReset().mockResolvedValue(undefined)
  device.useInDeck.mockReset().mockImplementation(() => device.inDeck)
  onDone.mockReset()
})
afterEach(cleanup)

const renderButton = () => renderWithApp(<DeckButton proverbId={12} onDone={onDone} />, { path: '/search_result?proverb=yoruba-iwa-lesin' })
const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement

test('a proverb not in the deck offers "Add to deck"; a tap puts it in and says so', async () => {
  device.inDeck = false
  renderButton()
  expect(device.useInDeck).toHaveBeenCalledWith(12)
  fireEvent.click(button('Add to deck'))
  await act(async () => {})
  expect(device.addToDeck).toHaveBeenCalledExactlyOnceWith([12])
  expect(onDone).toHaveBeenCalledExactlyOnceWith('Added to your deck. It comes up in Learn.')
})

test('a proverb in the deck says so, and a tap takes it out', async () => {
  device.inDeck = true
  renderButton()
  fireEvent.click(button('In your deck — remove'))
  await act(async () => {})
  expect(device.removeFromDeck).toHaveBeenCalledExactlyOnceWith(12)
  expect(onDone).toHaveBeenCalledExactlyOnceWith('Taken out of your deck.')
})

test('while the change is being written, the button shows what was asked for and waits', async () => {
  device.inDeck = false
  let finish!: () => void
  device.addToDeck.mockReturnValue(new Promise<void>((done) => (finish = done)))
  renderButton()
  fireEvent.click(button('Add to deck'))
  const busy = button('In your deck — remove')
  expect(busy.disabled).toBe(true)
  expect(busy.getAttribute('aria-busy')).toBe('true')
  await act(async () => finish())
  expect(onDone).toHaveBeenCalledWith('Added to your deck. It comes up in Learn.')
})

test('until the device has said, the button cannot be pressed; a failure is said', async () => {
  device.inDeck = undefined
  const { unmount } = renderButton()
  expect(button('Add to deck').disabled).toBe(true)
  unmount()
  device.inDeck = false
  device.addToDeck.mockRejectedValue(new Error('IndexedDB is closed'))
  renderButton()
  fireEvent.click(button('Add to deck'))
  await act(async () => {})
  expect(onDone).toHaveBeenCalledExactlyOnceWith('Could not change your deck on this device.')
})

test('a visitor is offered to sign in, and the deck is not asked', async () => {
  setTestSession(null)
  renderButton()
  fireEvent.click(button('Sign in to add to your deck'))
  expect(await screen.findByText('/auth/login')).toBeTruthy()
  expect(device.useInDeck).not.toHaveBeenCalled()
})
