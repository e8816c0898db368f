// @vitest-environment jsdom
import { onlineManager } from '@tanstack/react-query'
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { json, renderWithApp } from '@/lib/test-render'
import { omoEni, suuru, zomo } from '@/offline/test-fixtures'
import { iwaWithCousins, kesBekes, newCards, queueStandIn } from '../test-fixtures'
import LearnRoute from './learn'

vi.mock('@/lib/session', () => import('@/lib/test-session'))
const queue = vi.hoisted(() => ({ current: undefined as unknown as ReturnType<typeof queueStandIn> }))
vi.mock('../deck', async () => {
  const { useSyncExternalStore } = await import('react')
  return { useReviewQueue: () => useSyncExternalStore(queue.current.subscribe, queue.current.get) }
})
const addToDeck = vi.hoisted(() => vi.fn<(ids: number[]) => Promise<void>>())
vi.mock('@/lib/learning', () => ({ addToDeck }))
// The header's word on a fast clock has its own test (components/learn-header.test.tsx).
vi.mock('../clock', () => ({ useClockState: () => null, useUnsent: () => null }))

let favourites: number[]
beforeEach(() => {
  queue.current = queueStandIn()
  favourites = []
  addToDeck.mockReset().mockResolvedValue(undefined)
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => (url.endsWith('/api/proverbs/marks') ? json({ data: { favourites, likes: [] } }) : json({}, 404))),
  )
  // The cards were added on November 20th; it is now a week later.
  vi.useFakeTimers({ now: new Date('2026-11-27T09:00:00.000Z'), toFake: ['Date'] })
})
afterEach(() => {
  cleanup()
  vi.useRealTimers()
  vi.unstubAllGlobals()
  onlineManager.setOnline(true)
})

const renderLearn = () => renderWithApp(<LearnRoute />, { path: '/learn' })
const cardHeading = () => screen.getByRole('heading', { level: 2, name: (_, element) => element.id === 'review-card-text' })

test('a card shows the proverb in its own script first; "Show answer" adds its rendering, meaning and cousins, and four grades saying when it comes back', () => {
  queue.current.ready([iwaWithCousins, suuru])
  renderLearn()
  expect(screen.getByRole('heading', { level: 1, name: 'Learn' })).toBeTruthy()
  expect(screen.getByText('2 cards left')).toBeTruthy()
  expect(screen.getByRole('link', { name: 'See your progress' }).closest('.learn-deck')).not.toBeNull()
  const heading = cardHeading()
  expect(heading.textContent).toBe('Ìwà lẹ̀sìn.')
  expect(heading.getAttribute('lang')).toBe('yo')
  expect(screen.getByText('Yoruba · Yoruba')).toBeTruthy()
  expect(screen.queryByText('Character is religion.')).toBeNull()
  expect(screen.queryByRole('group', { name: 'How well did you remember it?' })).toBeNull()

  fireEvent.click(screen.getByRole('button', { name: 'Show answer' }))
  expect(screen.getByText('In English').nextElementSibling!.textContent).toBe('Character is religion.')
  expect(screen.getByText('Meaning').nextElementSibling!.textContent).toBe(iwaWithCousins.interpretation)
  const cousins = screen.getByRole('region', { name: 'The same thought among the Igbo and the Hausa' })
  expect(within(cousins).getByRole('heading', { level: 3 })).toBeTruthy()
  expect(within(cousins).getByRole('link', { name: 'Zomo ba ya kamuwa daga zaune.' }).getAttribute('href')).toBe(
    `/search_result?proverb=${zomo.slug}`,
  )
  const grades = within(screen.getByRole('group', { name: 'How well did you remember it?' })).getAllByRole('button')
  // A new card: FSRS's learning steps (1 and 10 minutes) and, for Easy, straight to days.
  // Named by what they show (speech input says it), described by what it means.
  expect(grades.map((button) => button.getAttribute('aria-label'))).toEqual(['Again, 1 min', 'Hard, 6 min', 'Good, 10 min', 'Easy, 8 days'])
  expect(grades.map((button) => document.getElementById(button.getAttribute('aria-describedby')!)!.textContent)).toEqual([
    'Back in 1 minute',
    'Back in 6 minutes',
    'Back in 10 minutes',
    'Back in 8 days',
  ])
  const shown = (part: string) => grades.map((button) => button.querySelector(`.review-grade__${part}`)!.textContent)
  expect(shown('label')).toEqual(['Again', 'Hard', 'Good', 'Easy'])
  expect(shown('when')).toEqual(['1 min', '6 min', '10 min', '8 days'])
  expect(shown('key')).toEqual(['1', '2', '3', '4'])
  expect(grades.map((button) => button.getAttribute('aria-keyshortcuts'))).toEqual(['1', '2', '3', '4'])
  expect(screen.queryByRole('button', { name: 'Show answer' })).toBeNull()
})

test('Ethiopic text keeps its script and language tag', () => {
  queue.current.ready([kesBekes])
  renderLearn()
  const heading = cardHeading()
  expect(heading.textContent).toBe('ቀስ በቀስ እንቁላል በእግሩ ይሄዳል።')
  expect(heading.getAttribute('lang')).toBe('am')
  expect(screen.getByText('Amhara · Amharic')).toBeTruthy()
  expect(screen.getByText('1 card left')).toBeTruthy()
})

test('a grade by button is recorded, said politely with what is left, and the next card comes up with focus on its proverb', () => {
  queue.current.ready([iwaWithCousins, suuru])
  renderLearn()
  fireEvent.click(screen.getByRole('button', { name: 'Show answer' }))
  fireEvent.click(screen.getByRole('button', { name: 'Good, 10 min' }))
  expect(queue.current.grade).toHaveBeenCalledExactlyOnceWith(iwaWithCousins.id, 3)
  // Said, not shown: a status region only a screen reader hears.
  const said = screen.getByText('Good. 1 card left.')
  expect(said.getAttribute('role')).toBe('status')
  expect(said.className).toBe('visually-hidden')
  const next = cardHeading()
  expect(next.textContent).toBe(suuru.proverb)
  expect(document.activeElement).toBe(next)
  expect(screen.getByText('1 card left')).toBeTruthy()
  // The next card starts with its answer hidden.
  expect(screen.getByRole('button', { name: 'Show answer' })).toBeTruthy()
  expect(screen.queryByText(suuru.transliteration)).toBeNull()
})

test('Space or Enter shows the answer and keys 1 to 4 grade; a number before the answer does nothing', () => {
  queue.current.ready([iwaWithCousins, suuru, omoEni])
  renderLearn()
  fireEvent.keyDown(document.body, { key: '3' })
  expect(queue.current.grade).not.toHaveBeenCalled()
  fireEvent.keyDown(document.body, { key: ' ' })
  expect(screen.getByText('Character is religion.')).toBeTruthy()
  // The answer takes focus, so a screen reader reads it.
  expect(document.activeElement).toBe(screen.getByText('In English').closest('.review-card__answer'))
  fireEvent.keyDown(document.body, { key: '1' })
  expect(queue.current.grade).toHaveBeenLastCalledWith(iwaWithCousins.id, 1)
  expect(screen.getByText('Again. 2 cards left.')).toBeTruthy()

  expect(cardHeading().textContent).toBe(suuru.proverb)
  fireEvent.keyDown(cardHeading(), { key: 'Enter' })
  expect(screen.getByText(suuru.transliteration)).toBeTruthy()
  fireEvent.keyDown(document.body, { key: '4' })
  expect(queue.current.grade).toHaveBeenLastCalledWith(suuru.id, 4)
  expect(screen.getByText('Easy. 1 card left.')).toBeTruthy()
  expect(cardHeading().textContent).toBe(omoEni.proverb)
})

test('the same card back after a while (graded Again, due again) starts with its answer hidden, its proverb taking focus', () => {
  queue.current.ready([iwaWithCousins])
  const [card] = queue.current.get().due
  queue.current.grade.mockImplementation(() =>
    // Again: the card is back, reviewed just now (as the deck brings it back once it falls due).
    queue.current.set({ due: [{ ...card!, lastReview: '2026-11-27T09:00:00.000Z', due: '2026-11-27T09:01:00.000Z' }] }),
  )
  renderLearn()
  fireEvent.keyDown(document.body, { key: ' ' })
  expect(screen.getByText(iwaWithCousins.transliteration)).toBeTruthy()
  fireEvent.keyDown(document.body, { key: '1' })
  expect(queue.current.grade).toHaveBeenCalledExactlyOnceWith(iwaWithCousins.id, 1)
  expect(screen.queryByText(iwaWithCousins.transliteration)).toBeNull()
  expect(screen.getByRole('button', { name: 'Show answer' })).toBeTruthy()
  expect(document.activeElement).toBe(cardHeading())
  fireEvent.keyDown(document.body, { key: ' ' })
  expect(screen.getByText(iwaWithCousins.transliteration)).toBeTruthy()
})

test('Enter on a link or button is theirs, not "Show answer"', () => {
  queue.current.ready([iwaWithCousins])
  renderLearn()
  fireEvent.keyDown(screen.getByRole('link', { name: 'Progress' }), { key: 'Enter' })
  expect(screen.queryByText('Character is religion.')).toBeNull()
})

test('after the last card: "All done for now", when the next card is due, and a link to progress, with focus there', () => {
  const [later] = newCards(suuru.id)
  queue.current.ready([iwaWithCousins], { nextDue: '2026-11-27T09:08:00.000Z', deck: [...newCards(iwaWithCousins.id), later] })
  renderLearn()
  fireEvent.click(screen.getByRole('button', { name: 'Show answer' }))
  fireEvent.click(screen.getByRole('button', { name: 'Hard, 6 min' }))
  const done = screen.getByRole('heading', { level: 2, name: 'All done for now' })
  expect(document.activeElement).toBe(done)
  expect(screen.getByText('The next card is due in 8 minutes.')).toBeTruthy()
  expect(screen.getByText('Hard. 0 cards left.')).toBeTruthy()
  // Once, there: the deck's part below does not say it again.
  expect(screen.getByRole('link', { name: 'See your progress' }).closest('.review-done')).not.toBeNull()
  expect(screen.getByRole('link', { name: 'See your progress' }).getAttribute('href')).toBe('/learn/progress')
})

test('nothing due on arrival: "All done for now" and the day the next card is due, without taking focus', () => {
  const deck = newCards(iwaWithCousins.id, suuru.id)
  queue.current.ready([iwaWithCousins, suuru], { due: [], deck, nextDue: '2026-12-03T12:00:00.000Z' })
  renderLearn()
  const done = screen.getByRole('heading', { level: 2, name: 'All done for now' })
  expect(document.activeElement).not.toBe(done)
  expect(screen.getByText('The next card is due on December 3rd, 2026.')).toBeTruthy()
  expect(screen.getByText('2 proverbs, 0 due now.')).toBeTruthy()
  expect(screen.queryByRole('button', { name: 'Show answer' })).toBeNull()
})

test('an empty deck says what the deck is and how to fill it; "Add all favourites" adds them, saying so while it works and after', async () => {
  favourites = [iwaWithCousins.id, suuru.id, omoEni.id]
  let finish!: () => void
  addToDeck.mockReturnValue(new Promise<void>((done) => (finish = done)))
  queue.current.ready([], { due: [], deck: [] })
  renderLearn()
  expect(screen.getByRole('heading', { level: 2, name: 'Your deck is empty' })).toBeTruthy()
  expect(
    screen.getByText(
      'Your deck holds the proverbs you want to remember. Each comes back just before you would forget it: soon at first, then days, weeks and months apart.',
    ),
  ).toBeTruthy()
  expect(screen.getByText('Add a proverb from its page with “Add to deck”, or add all your favourites at once.')).toBeTruthy()
  expect(screen.getByRole('link', { name: 'Find proverbs' }).getAttribute('href')).toBe('/search_result')

  const add = screen.getByRole('button', { name: 'Add all favourites' })
  await vi.waitFor(() => expect((add as HTMLButtonElement).disabled).toBe(false))
  fireEvent.click(add)
  await vi.waitFor(() => expect(screen.getByText('Adding 3 proverbs…')).toBeTruthy())
  expect((add as HTMLButtonElement).disabled).toBe(true)
  expect(addToDeck).toHaveBeenCalledExactlyOnceWith([iwaWithCousins.id, suuru.id, omoEni.id])
  // The log changes (the deck fills, replacing the empty state and its button), then the adding is done.
  act(() => queue.current.ready([iwaWithCousins, suuru, omoEni]))
  await act(async () => finish())
  const deck = screen.getByRole('region', { name: 'Your deck' })
  expect(await within(deck).findByText('3 proverbs added.')).toBeTruthy()
  const status = within(deck).getByText('3 proverbs added.').closest('[role="status"]')!
  // Then why the deck's button rests, said with it (its description).
  expect(status.textContent).toBe('3 proverbs added. All your favourites are in your deck.')
  expect(within(deck).getByRole('button', { name: 'Add all favourites' }).getAttribute('aria-describedby')).toBe(status.id)
  // The button pressed is gone: the first card takes focus.
  expect(document.activeElement).toBe(cardHeading())
})

test('with cards in the deck, "Add all favourites" adds only the favourites not in it yet', async () => {
  favourites = [iwaWithCousins.id, omoEni.id]
  queue.current.ready([iwaWithCousins, suuru])
  renderLearn()
  const deck = screen.getByRole('region', { name: 'Your deck' })
  expect(within(deck).getByText('2 proverbs, 2 due now.')).toBeTruthy()
  const add = within(deck).getByRole('button', { name: 'Add all favourites' })
  await vi.waitFor(() => expect((add as HTMLButtonElement).disabled).toBe(false))
  fireEvent.click(add)
  expect(await within(deck).findByText('1 proverb added.')).toBeTruthy()
  expect(addToDeck).toHaveBeenCalledExactlyOnceWith([omoEni.id])
})

test('with every favourite in the deck, or none at all, the button rests and says why', async () => {
  favourites = [iwaWithCousins.id]
  queue.current.ready([iwaWithCousins])
  const { unmount } = renderLearn()
  expect(await screen.findByText('All your favourites are in your deck.')).toBeTruthy()
  expect((screen.getByRole('button', { name: 'Add all favourites' }) as HTMLButtonElement).disabled).toBe(true)
  unmount()
  favourites = []
  queue.current.ready([], { due: [], deck: [] })
  renderLearn()
  expect(await screen.findByText('You have no favourites yet. Tap the heart on any proverb to keep it, then add them here.')).toBeTruthy()
  expect((screen.getByRole('button', { name: 'Add all favourites' }) as HTMLButtonElement).disabled).toBe(true)
})

test('adding that fails says so', async () => {
  favourites = [suuru.id]
  addToDeck.mockRejectedValue(new Error('IndexedDB is closed'))
  queue.current.ready([], { due: [], deck: [] })
  renderLearn()
  const add = screen.getByRole('button', { name: 'Add all favourites' })
  await vi.waitFor(() => expect((add as HTMLButtonElement).disabled).toBe(false))
  fireEvent.click(add)
  expect(await screen.findByText('Could not add your favourites: Something went wrong. Please try again.')).toBeTruthy()
})

test('while the device opens the deck it says so; if it cannot, it says so and offers a reload', () => {
  renderLearn()
  expect(screen.getByText('Loading your deck').closest('[role="status"]')).toBeTruthy()
  act(() => queue.current.set({ status: 'error' }))
  const alert = screen.getByRole('alert')
  expect(within(alert).getByText('Could not open your deck on this device')).toBeTruthy()
  expect(within(alert).getByText('Your reviews are safe on this device. Reload the page to try again.')).toBeTruthy()
  expect(within(alert).getByRole('button', { name: 'Reload' })).toBeTruthy()
})

test('a due card whose proverb is not on this device says so and can be skipped for now', () => {
  queue.current.ready([suuru])
  const cards = newCards(omoEni.id, suuru.id)
  queue.current.set({ due: cards, deck: cards })
  renderLearn()
  expect(screen.getByRole('heading', { level: 2, name: 'This proverb is not on this device yet' })).toBeTruthy()
  fireEvent.click(screen.getByRole('button', { name: 'Skip for now' }))
  expect(queue.current.grade).not.toHaveBeenCalled()
  expect(document.activeElement).toBe(cardHeading())
  expect(cardHeading().textContent).toBe(suuru.proverb)
  expect(screen.getByText('1 card left')).toBeTruthy()
})

test('offline, the page says reviews are kept on this device', () => {
  onlineManager.setOnline(false)
  queue.current.ready([suuru])
  renderLearn()
  expect(screen.getByText('You’re offline. Reviews are kept on this device and sent when you’re back online.')).toBeTruthy()
})
