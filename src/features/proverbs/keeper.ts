import type { QueryClient } from '@tanstack/react-query'
import type { EthnicGroup } from '@/core/proverbs/contract'
import { isMetered, type ConnectionInfo } from '@/core/shared/connection'
import { deviceDataSettled } from '@/lib/device-data'
import { askPersistentStorage } from '@/lib/device-keeping'
import { renderedPage } from '@/lib/server-render'
import type { Session } from '@/lib/session'
import type { KeepPacksCommand, KeepReadsCommand, PacksKeepingNotice } from '@/offline/messages'
import { PACKS_PERIODIC_MS, PACKS_PERIODIC_TAG } from '@/offline/periodic-sync'
import { readKeepChoice } from './keep-choice'
import { markKeys } from './marks'
import { homeReads } from '@/offline/periodic-sync'

/**
 * Keep by default, the page's side (docs/decisions/021-keep-by-default.md). Once a worker controls the page, and
 * again whenever it takes control, the worker is asked to keep home's reads for the reader's day — and a signed-in
 * reader's plan's peoples. The plan is asked for again when the reader's peoples may have changed (the readable
 * groups are invalidated — a payment, a change of languages — or come back different). Loaded after the first paint
 * by ./keep-by-default.ts.
 */
export function startKeeping(client: QueryClient, session: Session | null): () => void {
  const container = navigator.serviceWorker
  if (!container) return () => {}
  const keep = () => {
    if (!container.controller) return
    keepReads([...homeReads(new Date()), ...(renderedPage()?.reads ?? [])])
    if (session) void keepPlan(session)
    void registerPeriodicKeeping(container).catch((error: unknown) => console.warn('Periodic Background Sync was not registered', error))
  }
  const onNotice = (event: MessageEvent<PacksKeepingNotice | undefined>) => {
    if (event.data?.type !== 'PACKS_KEEPING' || event.data.userId !== session?.user.id) return
    // The worker starts keeping this reader's peoples: the browser is asked to keep them under storage pressure.
    void askPersistentStorage().catch(() => false)
  }
  // Off mobile data (onto Wi-Fi, say), what waited for an unmetered connection can come. (The browser says "change"
  // for every new estimate of its speed too: only the move off a metered connection counts.)
  let metered = isMetered(connection())
  const onConnection = () => {
    const was = metered
    metered = isMetered(connection())
    if (was && !metered && session && container.controller) void keepPlan(session)
  }
  keep()
  container.addEventListener('controllerchange', keep)
  container.addEventListener('message', onNotice)
  connection()?.addEventListener?.('change', onConnection)
  const stopWatching = session ? watchPlan(client, session) : () => {}
  return () => {
    container.removeEventListener('controllerchange', keep)
    container.removeEventListener('message', onNotice)
    connection()?.removeEventListener?.('change', onConnection)
    stopWatching()
  }
}

/**
 * Periodic Background Sync (Chromium, an installed app), only where the browser granted it (it does for an installed
 * app the reader uses): the worker then wakes now and then, with no page open, to bring the kept packs up to date and
 * the next day's proverbs onto the device, so the morning reminder opens offline (sw/packs.ts).
 */
export async function registerPeriodicKeeping(container: ServiceWorkerContainer): Promise<void> {
  const permission = await navigator.permissions?.query({ name: 'periodic-background-sync' as PermissionName }).catch(() => undefined)
  if (permission?.state !== 'granted') return
  const registration = (await container.ready) as PeriodicRegistration
  await registration.periodicSync?.register(PACKS_PERIODIC_TAG, { minInterval: PACKS_PERIODIC_MS })
}

/** Periodic Background Sync (Chromium; not in TypeScript's DOM lib). */
type PeriodicRegistration = ServiceWorkerRegistration & {
  periodicSync?: { register: (tag: string, options: { minInterval: number }) => Promise<void> }
}

function keepReads(urls: string[]): void {
  navigator.serviceWorker?.controller?.postMessage({ type: 'KEEP_READS', urls } satisfies KeepReadsCommand)
}

/** The browser's word on the connection (Chromium), read when asked: it changes as the reader moves. */
const connection = () => (navigator as Navigator & { connection?: ConnectionInfo & Partial<EventTarget> }).connection

/**
 * Asks the worker to keep the reader's plan: on a metered connection only once the reader has agreed (home asks), and
 * never the peoples they removed. After the device is the reader's (the worker takes only its owner's token).
 */
export async function keepPlan(session: Session): Promise<void> {
  await deviceDataSettled()
  const choice = readKeepChoice(session.user.id)
  navigator.serviceWorker?.controller?.postMessage({
    type: 'KEEP_PACKS',
    userId: session.user.id,
    token: session.token,
    download: !isMetered(connection()) || choice.metered === 'yes',
    declined: choice.declined,
  } satisfies KeepPacksCommand)
}

const groupIds = (groups: EthnicGroup[] | undefined) => (groups ?? []).map((group) => group.id).join(',')

/** Asks again (once for a burst of changes) when the reader's readable peoples are invalidated or change. */
function watchPlan(client: QueryClient, session: Session): () => void {
  const key: readonly unknown[] = markKeys.readableGroups(session.user.id)
  const isKey = (other: readonly unknown[]) => other.length === key.length && other.every((part, i) => part === key[i])
  let last = groupIds(client.getQueryData<EthnicGroup[]>(key))
  let timer: ReturnType<typeof setTimeout> | undefined
  const again = () => {
    clearTimeout(timer)
    timer = setTimeout(() => void keepPlan(session), 500)
  }
  const unsubscribe = client.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || !isKey(event.query.queryKey)) return
    if (event.action.type === 'invalidate') return again()
    if (event.action.type !== 'success') return
    const now = groupIds(event.query.state.data as EthnicGroup[] | undefined)
    const changed = last !== '' && now !== last
    last = now
    // The first the page learns of them (a new reader) tells the worker nothing: it asked the server as the keeper started.
    if (changed) again()
  })
  return () => {
    clearTimeout(timer)
    unsubscribe()
  }
}
