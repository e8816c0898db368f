import { useMemo, useSyncExternalStore } from 'react'
import type { Grade, LearningEntry } from '@/core/learning/contract'
import { dueCards, gradeCard, progressOf, replayDeck, type DeckCard, type LearningProgress } from '@/core/learning/schedule'
import type { Proverb } from '@/core/proverbs/contract'
import { onLearningChanged, openLog, requestSync } from '@/lib/learning'
import { useSession } from '@/lib/session'
import { dateEntry } from '@/offline/learning'

/**
 * The deck on the device, for the Learn pages only (it loads ts-fsrs): the cards due, grading them, and
 * progress, all from the device's log (src/offline/learning.ts), offline or not.
 *
 * The log is read and replayed once into a store in memory that every Learn component shares. A grade
 * changes that store at once, with the same arithmetic as the replay (`gradeCard`), so the next card shows
 * in the same frame; the entry is written to IndexedDB after, and the replay of the whole log stays the
 * truth (it runs again whenever another tab, the worker or a sync changes the log). An external store, not
 * a query: the queue must move synchronously with the reader's tap.
 */

export type ReviewQueue = {
  status: 'loading' | 'ready' | 'error'
  /** The cards due now, the longest overdue first; a card graded leaves at once (or comes back later the same session when due in minutes). */
  due: DeckCard[]
  /** When the next card not yet due becomes due (ISO); null with none. */
  nextDue: string | null
  /** Every card in the deck. */
  deck: DeckCard[]
  /** The proverbs the cards show, by id, from the device's copy (available offline). */
  proverbs: Map<number, Proverb>
  /** Grades a card now: recorded on the device at once, synced when online; the queue updates before the next frame. */
  grade: (proverbId: number, grade: Grade) => void
}

type Snapshot = {
  status: ReviewQueue['status']
  cards: Map<number, DeckCard>
  entries: LearningEntry[]
  proverbs: Map<number, Proverb>
  /** The moment the due cards are counted at: moved on when a card falls due. */
  now: number
}

/** A store nobody shows is kept this long (moving between Learn pages keeps it), then let go. */
const KEEP_MS = 30_000
const MAX_TIMER_MS = 2 ** 31 - 1

const warn = (error: unknown) => console.warn('The deck could not be read or saved', error)

/** A write waits this long at most for the frame that shows the next card (none comes in a hidden tab). */
const WRITE_AFTER_MS = 100

/**
 * Runs `work` once the frame after this one has been painted (a frame, then a task), or after
 * WRITE_AFTER_MS when no frame comes: a grade's write and what it sets off (the worker's sync, the badges'
 * counts, other tabs) then do not delay the next card.
 */
function afterNextPaint(work: () => void): void {
  let done = false
  const once = () => {
    if (done) return
    done = true
    clearTimeout(fallback)
    work()
  }
  const fallback = setTimeout(once, WRITE_AFTER_MS)
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => setTimeout(once, 0))
}

type DeckStore = {
  subscribe: (listener: () => void) => () => void
  getSnapshot: () => Snapshot
  grade: (proverbId: number, grade: Grade) => void
}

const stores = new Map<number, DeckStore>()

function createDeckStore(userId: number): DeckStore {
  let snapshot: Snapshot = { status: 'loading', cards: new Map(), entries: [], proverbs: new Map(), now: Date.now() }
  const listeners = new Set<() => void>()
  let stopHearing: (() => void) | undefined
  let dueTimer: ReturnType<typeof setTimeout> | undefined
  let letGo: ReturnType<typeof setTimeout> | undefined
  let loading: Promise<void> | undefined
  let again = false
  /** Grades made here so far, and their writes still under way. */
  let graded = 0
  let writing = 0
  /** A read was not shown because a grade was being written. */
  let stale = false

  function set(changes: Partial<Snapshot>): void {
    snapshot = { ...snapshot, ...changes }
    armDueTimer()
    listeners.forEach((listener) => listener())
  }

  /** A timer to when the next card falls due, so it joins the queue then. */
  function armDueTimer(): void {
    clearTimeout(dueTimer)
    let next = Infinity
    for (const card of snapshot.cards.values()) {
      const due = Date.parse(card.due)
      if (card.inDeck && due > snapshot.now && due < next) next = due
    }
    if (next === Infinity || listeners.size === 0) return
    dueTimer = setTimeout(() => set({ now: Date.now() }), Math.min(next - Date.now() + 50, MAX_TIMER_MS))
  }

  /** Reads and replays the whole log (the cards the badges count are rewritten from it when they differ). */
  function load(): Promise<void> {
    if (loading) {
      again = true
      return loading
    }
    loading = (async () => {
      do {
        again = false
        const before = graded
        const { db, log } = await openLog()
        const { entries, cards } = await log.replayLog(db, userId, replayDeck)
        const proverbs = await log.readProverbs(db, cards.keys())
        // A grade made meanwhile may not be in what was read: not shown over it. A write still under way
        // reads again once done; one already written is in the next read.
        if (writing > 0) {
          stale = true
          break
        }
        if (graded !== before) {
          again = true
          continue
        }
        set({ status: 'ready', entries, cards, proverbs, now: Date.now() })
      } while (again)
    })()
      .catch((error: unknown) => {
        warn(error)
        if (snapshot.status === 'loading') set({ status: 'error' })
      })
      .finally(() => (loading = undefined))
    return loading
  }

  /**
   * The log changed somewhere. Its entries only ever grow (but for one the server refused): the same
   * count as here means this store's own grade, or only the deck's proverbs arriving on the device.
   */
  async function changed(): Promise<void> {
    if (snapshot.status !== 'ready') return load()
    const { db, log } = await openLog()
    if ((await log.countLog(db, userId)) !== snapshot.entries.length) return load()
    // Every card's proverb is here already (as after each grade): nothing to read.
    if (snapshot.proverbs.size >= snapshot.cards.size) return
    const proverbs = await log.readProverbs(db, snapshot.cards.keys())
    if (proverbs.size !== snapshot.proverbs.size) set({ proverbs })
  }

  async function save(entry: LearningEntry, due: string): Promise<void> {
    try {
      const { db, log } = await openLog()
      await log.recordEntry(db, userId, entry, due)
      requestSync()
    } catch (error) {
      // Not written: what the device holds is read again, rather than a grade shown that is not kept.
      warn(error)
      stale = true
    } finally {
      writing--
    }
    if (writing === 0 && stale) {
      stale = false
      await load()
    }
  }

  function start(): void {
    clearTimeout(letGo)
    if (stopHearing) {
      // Kept while nobody showed it: checked again (cheaply) now that someone does.
      if (listeners.size === 1) void changed().catch(warn)
      return
    }
    stopHearing = onLearningChanged(userId, () => void changed().catch(warn))
    void load()
    // Cards reviewed on the reader's other devices come in.
    requestSync()
  }

  function stop(): void {
    stopHearing?.()
    stopHearing = undefined
    clearTimeout(dueTimer)
    stores.delete(userId)
  }

  return {
    subscribe(listener) {
      listeners.add(listener)
      start()
      return () => {
        listeners.delete(listener)
        if (listeners.size === 0) letGo = setTimeout(stop, KEEP_MS)
      }
    },
    getSnapshot: () => snapshot,
    grade(proverbId, grade) {
      const card = snapshot.cards.get(proverbId)
      if (snapshot.status !== 'ready' || !card?.inDeck) return
      const moment = new Date()
      const entry = dateEntry({ kind: 'review', proverbId, grade }, moment)
      const next = gradeCard(card, grade, entry.at)
      graded++
      writing++
      // Shown first, written once shown.
      set({ cards: new Map(snapshot.cards).set(proverbId, next), entries: [...snapshot.entries, entry], now: moment.getTime() })
      afterNextPaint(() => void save(entry, next.due))
    },
  }
}

function storeOf(userId: number): DeckStore {
  let store = stores.get(userId)
  if (!store) {
    store = createDeckStore(userId)
    stores.set(userId, store)
  }
  return store
}

const SIGNED_OUT: Snapshot = { status: 'loading', cards: new Map(), entries: [], proverbs: new Map(), now: 0 }
const NOBODY: DeckStore = { subscribe: () => () => undefined, getSnapshot: () => SIGNED_OUT, grade: () => undefined }
const NO_DEVICE: Snapshot = { ...SIGNED_OUT, status: 'error' }
const NO_STORAGE: DeckStore = { ...NOBODY, getSnapshot: () => NO_DEVICE }

function useDeckStore(): DeckStore {
  const userId = useSession()?.user.id
  if (userId === undefined) return NOBODY
  return typeof indexedDB === 'undefined' ? NO_STORAGE : storeOf(userId)
}

function useSnapshot(store: DeckStore): Snapshot {
  return useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot)
}

/** The review queue of the signed-in reader. */
export function useReviewQueue(): ReviewQueue {
  const store = useDeckStore()
  const { status, cards, proverbs, now } = useSnapshot(store)
  const due = useMemo(() => dueCards(cards.values(), new Date(now)), [cards, now])
  const deck = useMemo(() => [...cards.values()].filter((card) => card.inDeck), [cards])
  const nextDue = useMemo(() => {
    const at = new Date(now).toISOString()
    return deck.reduce<string | null>((next, card) => (card.due > at && (next === null || card.due < next) ? card.due : next), null)
  }, [deck, now])
  return { status, due, nextDue, deck, proverbs, grade: store.grade }
}

/** Progress from the device's log: reviews per day, cards learned, retention; undefined while loading. */
export function useProgress(): LearningProgress | undefined {
  const { status, entries } = useSnapshot(useDeckStore())
  return useMemo(() => (status === 'ready' ? progressOf(entries) : undefined), [status, entries])
}
