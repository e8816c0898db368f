import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { useEffect, useMemo } from 'react'
import { API } from '@/core/http/api-paths'
import type { LearningSummary, LocalDay, Streak } from '@/core/learning/contract'
import { mergeStreak } from '@/core/learning/merge'
import type { LearningAction } from '@/offline/learning'
import { apiGet, withQuery } from './api-client'
import { env } from './env'
import { useOnline } from './online'
import { onLocalDayChange, useLocalDay } from './local-day'
import { onQueueChanged } from './queue-events'
import { learningKeys } from './query-keys'
import { getSession, useSession } from './session'

/**
 * Learning on the page (docs/requirements.md#r18-learning, docs/decisions/019-learning.md): recording what
 * counts, and the small numbers every page may show (the due badge, the streak). Light: it never loads
 * ts-fsrs; the device's log (src/offline/learning.ts, with idb) loads on first use, and so does the code
 * that sends it (./queues.ts). Everything is the signed-in reader's; a visitor records nothing.
 */

const hasIndexedDb = () => typeof indexedDB !== 'undefined'
const warn = (error: unknown) => console.warn('Learning could not be recorded', error)

/** The device's log: its connection and module, loaded on first use. */
export async function openLog() {
  const [{ offlineDb }, log] = await Promise.all([import('@/offline/schema'), import('@/offline/learning')])
  return { db: await offlineDb(), log }
}

/** Asks for the log to be synced soon (by the worker, or this page when none controls it: ./queues.ts). */
export function requestSync(): void {
  import('./queues').then(({ requestSend }) => requestSend('learning')).catch(warn)
}

/** Records what the signed-in reader did just now; resolves with whether anything was kept. */
async function record(actions: LearningAction[]): Promise<boolean> {
  const session = getSession()
  if (!session || !hasIndexedDb() || actions.length === 0) return false
  // The moment it happened, before anything is loaded.
  const moment = new Date()
  const { db, log } = await openLog()
  let kept = false
  for (const action of actions) if (await log.recordEntry(db, session.user.id, log.dateEntry(action, moment))) kept = true
  if (kept) requestSync()
  return kept
}

/** A proverb read by the signed-in reader (kept at most once a proverb a local day). Nothing for a visitor. */
export function recordRead(proverbId: number): void {
  record([{ kind: 'read', proverbId }]).catch(warn)
}

/** A quiz finished (its answers submitted) by the signed-in reader. */
export function recordQuizFinished(batchId: number): void {
  record([{ kind: 'quiz', batchId }]).catch(warn)
}

/**
 * Puts proverbs in the signed-in reader's deck (those already in it are left as they are); resolves once
 * that is on the device. Their proverbs are then kept on the device too, fetched when online, so the cards
 * read offline (a sync fetches any still missing).
 */
export async function addToDeck(proverbIds: number[]): Promise<void> {
  const ids = [...new Set(proverbIds)]
  await record(ids.map((proverbId) => ({ kind: 'add', proverbId })))
  const userId = getSession()?.user.id
  if (userId !== undefined && hasIndexedDb() && navigator.onLine !== false) keepProverbs(userId, ids).catch(warn)
}

async function keepProverbs(userId: number, ids: number[]): Promise<void> {
  const { db, log } = await openLog()
  const stored = await log.keepProverbs({ db, fetch: (input, init) => fetch(input, init), now: Date.now, apiBase: env.apiBase }, ids)
  if (stored > 0) log.announceLearning(userId)
}

/** Takes a proverb out of the deck (its schedule is kept should it come back). */
export async function removeFromDeck(proverbId: number): Promise<void> {
  await record([{ kind: 'remove', proverbId }])
}

// ------------------------------------------------------------------------------------------- hearing

/**
 * Calls back whenever this reader's log changes: in this page, another tab or the worker (entries merely sent change
 * nothing the log's pages show).
 */
export const onLearningChanged = (userId: number, callback: () => void) =>
  onQueueChanged(['learning'], userId, ({ sentOnly }) => {
    if (!sentOnly) callback()
  })

/** One watch per query client and reader, however many badges ask: a change to the log, or a new day, reads it again. */
const watches = new WeakMap<QueryClient, Map<number, { users: number; stop: () => void }>>()

function watch(client: QueryClient, userId: number): () => void {
  const byUser = watches.get(client) ?? new Map<number, { users: number; stop: () => void }>()
  watches.set(client, byUser)
  let held = byUser.get(userId)
  if (!held) {
    const refresh = () => void client.invalidateQueries({ queryKey: learningKeys.device(userId) })
    const stopHearing = onLearningChanged(userId, refresh)
    const stopDay = onLocalDayChange(refresh)
    held = {
      users: 0,
      stop: () => {
        stopHearing()
        stopDay()
      },
    }
    byUser.set(userId, held)
    // What changed before this hearing began (while the first reads were under way) is read again.
    refresh()
  }
  held.users++
  const watching = held
  return () => {
    if (--watching.users > 0) return
    watching.stop()
    byUser.delete(userId)
  }
}

/** Keeps the reader's device reads fresh while mounted: a change to the log, or a new day, reads them again. */
export function useWatch(userId: number | undefined): void {
  const client = useQueryClient()
  useEffect(() => {
    if (userId === undefined) return
    return watch(client, userId)
  }, [client, userId])
}

/** A read of the device's log: always allowed (offline too), read again only when the log changes. */
export function useDeviceRead<T>(userId: number | undefined, queryKey: readonly unknown[], read: (userId: number) => Promise<T>) {
  return useQuery({
    queryKey,
    queryFn: () => read(userId!),
    enabled: userId !== undefined && hasIndexedDb(),
    staleTime: Infinity,
    networkMode: 'always',
  })
}

/** setTimeout's longest wait (about 24.8 days); a later due time is waited for in steps. */
const MAX_TIMER_MS = 2 ** 31 - 1

// --------------------------------------------------------------------------------------------- hooks

/** Cards in the deck and how many are due now, from the device; undefined while loading or signed out. */
export function useLearningCounts(): { deck: number; due: number } | undefined {
  const userId = useSession()?.user.id
  useWatch(userId)
  const client = useQueryClient()
  const counts = useDeviceRead(userId, learningKeys.counts(userId ?? 0), async (user) => {
    const { db, log } = await openLog()
    return log.readCounts(db, user, Date.now())
  })
  // A card falling due changes the count: counted again then.
  const nextDue = counts.data?.nextDue ?? null
  useEffect(() => {
    if (userId === undefined || nextDue === null) return
    const timer = setTimeout(
      () => void client.invalidateQueries({ queryKey: learningKeys.counts(userId) }),
      Math.min(Math.max(0, nextDue - Date.now()) + 50, MAX_TIMER_MS),
    )
    return () => clearTimeout(timer)
  }, [client, userId, nextDue])
  const deck = counts.data?.deck
  const due = counts.data?.due
  return useMemo(() => (userId === undefined || deck === undefined || due === undefined ? undefined : { deck, due }), [userId, deck, due])
}

/** Whether the proverb is in the deck; undefined while loading or signed out. */
export function useInDeck(proverbId: number): boolean | undefined {
  const userId = useSession()?.user.id
  useWatch(userId)
  const inDeck = useDeviceRead(userId, learningKeys.inDeck(userId ?? 0, proverbId), async (user) => {
    const { db, log } = await openLog()
    return log.readInDeck(db, user, proverbId)
  })
  return userId === undefined ? undefined : inDeck.data
}

const NO_DAYS: LocalDay[] = []

/** The streak and the active days of the last CALENDAR_DAYS days, in the reader's local days; undefined while loading or signed out. */
export function useStreak(): { today: LocalDay; streak: Streak; days: LocalDay[] } | undefined {
  const userId = useSession()?.user.id
  useWatch(userId)
  const today = useLocalDay()
  const online = useOnline()
  const days = useDeviceRead(userId, learningKeys.days(userId ?? 0), async (user) => {
    const { db, log } = await openLog()
    return log.readActiveDays(db, user)
  })
  // The server's truth, when it can be asked: days this device lacks count too.
  const summary = useQuery({
    queryKey: learningKeys.summary(userId ?? 0, today),
    queryFn: () => apiGet<LearningSummary>(withQuery(API.learningSummary, { today }), { auth: true }),
    enabled: userId !== undefined && online,
    staleTime: 5 * 60_000,
    networkMode: 'online',
    retry: false,
  })
  // A browser without IndexedDB keeps no log: the server's days alone.
  const deviceDays = hasIndexedDb() ? days.data : NO_DAYS
  const server = summary.data
  return useMemo(
    () => (userId === undefined || deviceDays === undefined ? undefined : mergeStreak(deviceDays, server, today)),
    [userId, deviceDays, server, today],
  )
}
