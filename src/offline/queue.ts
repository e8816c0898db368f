import type { IDBPTransaction, StoreNames } from 'idb'
import { CLOCK_AHEAD, FUTURE_SKEW_MS, IDEMPOTENCY_HEADER, type ApiErrorBody } from '../core/http/contract'
import { withLock } from './lock'
import { QUEUE_CHANNEL, type QueueChanged, type QueueName } from './messages'
import type { OfflineDb, OfflineSchema, QueueRecord, QueueState } from './schema'
import { tokenDigest } from './store'

/**
 * The device's one durable queue (docs/decisions/020-one-delivery-engine.md): what a reader does that the server
 * must hear is written here first — before the screen calls it saved — and sent exactly once as the server sees
 * it. Shared by the page and the worker; each queue is this mechanism with a small policy (what an entry is, how a
 * request is made of some, what a refusal means, how a pull replays).
 *
 * The rules every queue keeps:
 * - One round at a time per queue, across the page and the worker (the Web Lock `owe-<queue>`).
 * - Per user, entries go in the order made; one that must wait holds that user's later ones back. A user's entries
 *   go only with that user's token (`tokenFor`); nobody's (user 0) go with none and no cookie.
 * - 2xx: the server has them (a replay of an Idempotency-Key included). 401: they wait for another token of that
 *   user. 408, 429, 5xx, no answer or no network: the user's entries back off (the policy's base, doubling, up to
 *   its most; Retry-After honoured) — nothing is ever dropped for a failure. 400: the request is split down to the
 *   entry at fault, so one bad entry never costs the others. Other 4xx: the server refuses these entries.
 * - A refused entry is kept with the server's message for the reader to see (`keep`), or dropped (`drop`: what
 *   names no one or can be made again). A dropping queue drops an entry the server calls malformed only in a round
 *   where the server took another: a server refusing everything drops nothing.
 * - An entry the server calls early (CLOCK_AHEAD: this device's clock is fast) is kept with every later one.
 *   Entries dated before it still go; it is tried alone each round, on a timer set for when the server's clock
 *   will have caught up. That is no failure: nothing backs off for it.
 * Every change is announced on QUEUE_CHANNEL.
 */

/** A request still unanswered after this is treated as lost; its entries are sent again (under the same keys). */
export const SEND_TIMEOUT_MS = 30_000
/** A Retry-After longer than this is not believed. */
export const RETRY_AFTER_MAX_MS = 3_600_000
/** An early entry is not tried again sooner than this (a proxy that rewrites the Date header cannot make a loop). */
const EARLY_RETRY_MIN_MS = 30_000
/** … and a minute after it was called early when the server gave no time. */
const EARLY_RETRY_UNKNOWN_MS = 60_000

export type Backoff = { baseMs: number; maxMs: number }
export const backoffMs = ({ baseMs, maxMs }: Backoff, tries: number) => Math.min(baseMs * 2 ** Math.max(0, tries - 1), maxMs)

/** What the server asks to wait, from Retry-After (seconds or a date), capped at RETRY_AFTER_MAX_MS. */
export function retryAfterMs(response: Response, now: number): number | undefined {
  const value = response.headers.get('Retry-After')?.trim()
  if (!value) return undefined
  const ms = /^\d+$/.test(value) ? Number(value) * 1000 : Date.parse(value) - now
  return Number.isNaN(ms) ? undefined : Math.min(Math.max(0, ms), RETRY_AFTER_MAX_MS)
}

// ------------------------------------------------------------------------------------------ the policy

export type Refusal<E> = { entry: E; message: string }

/** Where a queue's entries live and what becomes of them: the one store (`storedQueue`) or a store of the queue's own (the learning log). */
export type EntrySource<E> = {
  /** The users with entries to send. */
  users: (db: OfflineDb) => Promise<number[]>
  /** A user's entries to send, in the order to send them. */
  pending: (db: OfflineDb, userId: number) => Promise<E[]>
  count: (db: OfflineDb, userId: number) => Promise<number>
  key: (entry: E) => string
  /** When it was made, by the device's clock (ISO 8601): entries from an early one on wait for the server's clock. */
  at: (entry: E) => string
  /** The server has them. */
  taken: (db: OfflineDb, userId: number, entries: E[]) => Promise<void>
  /** The server will never take them. */
  refused: (db: OfflineDb, userId: number, refusals: Refusal<E>[]) => Promise<void>
  /** A refusal drops the entry rather than keep it for the reader (then a malformed one goes only when another was taken). */
  drops: boolean
}

/**
 * What stops a round: the token refused (401), a failure to back off from, or the user's token gone from this
 * runtime meanwhile (a sign-out: the rest wait for their sign-in, and nothing more goes with the old token).
 */
export type Failure = { kind: 'unauthorised' } | { kind: 'retry'; afterMs?: number } | { kind: 'signed-out' }
export type CallInit = { method?: 'GET' | 'POST' | 'PUT' | 'DELETE'; body?: unknown; key?: string }

/** What a policy's hooks get for one user's round. */
export type RoundContext = {
  db: OfflineDb
  userId: number
  /** The user's sending state; a pull moves its `cursor` (and stores it with what it pulled). */
  state: QueueState
  summary: QueueSummary
  now: () => number
  /** A request with this user's token, classified as the rules above (a 400 is the caller's to judge). */
  call: (path: string, init?: CallInit) => Promise<Response | Failure>
  /** Something changed that pages should hear of. */
  changed: () => void
  fetch: RoundDeps['fetch']
  apiBase?: string
}

export type QueuePolicy<E> = {
  name: QueueName
  backoff: Backoff
  /** Entries a request carries at most (1: one request an entry). */
  batchSize: number
  source: EntrySource<E>
  request: (entries: E[]) => { method: 'POST' | 'PUT' | 'DELETE'; path: string; body?: unknown }
  /** A one-entry request carries the entry's key as its Idempotency-Key. */
  idempotent: boolean
  /** A 4xx other than 400, 401, 408 and 429: the server refuses the entries, or (a log it must take) may take them later. */
  clientErrors: 'refuse' | 'retry'
  /** A 2xx's refusals one by one (key → message); undefined when the answer is not the server's (a captive portal's page). */
  refusedIn?: (response: Response, entries: E[]) => Promise<Map<string, string> | undefined>
  /** After sending, for the reader: what reached the server from elsewhere (the learning log's pull). */
  pull?: (context: RoundContext) => Promise<Failure | undefined>
  /** The user's round is over and its state kept. */
  after?: (context: RoundContext & { failed: boolean }) => Promise<void>
  /** Keeps what a page hands over (analytics events: the page's own script never loads idb). */
  keep?: (db: OfflineDb, items: readonly unknown[]) => Promise<unknown>
}

/** One of any queue's policies (the round only meets each through its own methods). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyPolicy = QueuePolicy<any>

// ------------------------------------------------------------------------------------------ announcing

/**
 * Tells every page and the worker that a queue changed, once each: the message goes to every other BroadcastChannel
 * of the name, this page's listeners among them (only the sending object itself does not hear it).
 */
export function announceQueue(
  queue: QueueName,
  userId: number,
  { refused, sentOnly }: { refused?: string; sentOnly?: boolean } = {},
): void {
  if (typeof BroadcastChannel === 'undefined') return
  const message: QueueChanged = {
    type: 'queue-changed',
    queue,
    userId,
    ...(refused === undefined ? {} : { refused }),
    ...(sentOnly ? { sentOnly: true as const } : {}),
  }
  const channel = new BroadcastChannel(QUEUE_CHANNEL)
  channel.postMessage(message)
  channel.close()
}

// ----------------------------------------------------------------------------------------- the store

type QueueTx = IDBPTransaction<OfflineSchema, StoreNames<OfflineSchema>[], 'readwrite'>
export type Outcome = { sent: true } | { sent: false; message: string }

/** A record for the queue store, to send (`at`: now, by this device's clock). */
export const newRecord = <P>(queue: QueueName, userId: number, payload: P, key: string = crypto.randomUUID(), at = new Date()) =>
  ({ queue, key, userId, at: at.toISOString(), payload, state: 'pending', error: null }) satisfies QueueRecord

/** A user's entries of a queue in one state, in the order made. */
export const scope = (queue: QueueName, userId: number, state: QueueRecord['state']) => IDBKeyRange.only([queue, userId, state])

/** A user's pending and refused entries of a queue, in the order made. */
export async function userRecords(db: OfflineDb, queue: QueueName, userId: number): Promise<QueueRecord[]> {
  const tx = db.transaction('queue')
  const [pending, failed] = await Promise.all(
    (['pending', 'failed'] as const).map((state) => tx.store.index('scope').getAll(scope(queue, userId, state))),
  )
  return [...pending, ...failed].sort((a, b) => a.seq! - b.seq!)
}

/**
 * A queue in the one store. `keep`: a refused entry stays, failed, with the server's message, until the reader sends
 * it again or lets it go; `drop`: it leaves. `settle` changes other stores (`also`) in the same transaction as an
 * entry's outcome.
 */
export function storedQueue(
  queue: QueueName,
  options: {
    onRefused: 'keep' | 'drop'
    also?: StoreNames<OfflineSchema>[]
    settle?: (tx: QueueTx, record: QueueRecord, outcome: Outcome) => Promise<void>
  },
): EntrySource<QueueRecord> {
  const apply = async (db: OfflineDb, records: QueueRecord[], outcome: (record: QueueRecord) => Outcome) => {
    if (records.length === 0) return
    const tx = db.transaction(['queue', ...(options.also ?? [])], 'readwrite') as QueueTx
    const store = tx.objectStore('queue')
    for (const record of records) {
      const result = outcome(record)
      // Gone meanwhile (the reader let it go, or a later choice replaced it): its outcome changes nothing here.
      const current = await store.get(record.seq!)
      if (current) {
        if (result.sent || options.onRefused === 'drop') await store.delete(record.seq!)
        else await store.put({ ...current, state: 'failed', error: result.message })
      }
      await options.settle?.(tx, record, result)
    }
    await tx.done
  }
  return {
    async users(db) {
      const users: number[] = []
      let cursor = await db
        .transaction('queue')
        .store.index('scope')
        .openKeyCursor(IDBKeyRange.bound([queue], [queue, []]), 'nextunique')
      while (cursor) {
        if (cursor.key[2] === 'pending') users.push(cursor.key[1])
        cursor = await cursor.continue()
      }
      return users
    },
    pending: (db, userId) => db.getAllFromIndex('queue', 'scope', scope(queue, userId, 'pending')),
    count: (db, userId) => db.countFromIndex('queue', 'scope', scope(queue, userId, 'pending')),
    key: (record) => record.key,
    at: (record) => record.at,
    taken: (db, _userId, records) => apply(db, records, () => ({ sent: true })),
    refused: (db, _userId, refusals) => {
      const messages = new Map(refusals.map(({ entry, message }) => [entry.seq, message]))
      return apply(
        db,
        refusals.map(({ entry }) => entry),
        (record) => ({ sent: false, message: messages.get(record.seq)! }),
      )
    },
    drops: options.onRefused === 'drop',
  }
}

/**
 * A queue of requests made one by one, each under its entry's key as its Idempotency-Key, 1 s doubling to a minute,
 * a refusal kept with the server's message for the reader (quiz answers, favourites and likes, forms): `request`
 * makes an entry's request from what it carries.
 */
export function oneByOne<P>(
  name: QueueName,
  request: (payload: P) => ReturnType<QueuePolicy<unknown>['request']>,
  store: Omit<Parameters<typeof storedQueue>[1], 'onRefused'> = {},
): QueuePolicy<QueueRecord & { payload: P }> {
  return {
    name,
    backoff: { baseMs: 1000, maxMs: 60_000 },
    batchSize: 1,
    idempotent: true,
    clientErrors: 'refuse',
    source: storedQueue(name, { ...store, onRefused: 'keep' }) as QueuePolicy<QueueRecord & { payload: P }>['source'],
    request: ([{ payload }]) => request(payload),
  }
}

/** A user's refused entries of a queue (the "could not send" list), oldest first. */
export async function readFailed(db: OfflineDb, queue: QueueName, userId: number): Promise<QueueRecord[]> {
  return db.getAllFromIndex('queue', 'scope', scope(queue, userId, 'failed'))
}

/** Refused entries go back to be sent (all of the user's in the queue, or those named), in their first place. */
export async function retryFailed(db: OfflineDb, queue: QueueName, userId: number, keys?: readonly string[]): Promise<number> {
  const tx = db.transaction('queue', 'readwrite')
  const chosen = (await tx.store.index('scope').getAll(scope(queue, userId, 'failed'))).filter((r) => !keys || keys.includes(r.key))
  await Promise.all([...chosen.map((record) => tx.store.put({ ...record, state: 'pending', error: null })), tx.done])
  if (chosen.length > 0) announceQueue(queue, userId)
  return chosen.length
}

/** The reader lets a refused entry go. */
export async function discardFailed(db: OfflineDb, queue: QueueName, userId: number, key: string): Promise<boolean> {
  const tx = db.transaction('queue', 'readwrite')
  const record = await tx.store.index('key').get([queue, key])
  const found = record?.userId === userId && record.state === 'failed'
  if (found) await tx.store.delete(record.seq!)
  await tx.done
  if (found) announceQueue(queue, userId)
  return found
}

// ------------------------------------------------------------------------------------------ the round

export type QueueSummary = {
  /** Entries the server now has (new to it or not). */
  sent: number
  /** Entries it refused in this round (kept as failed, or dropped, as the queue says). */
  refused: number
  /** Entries a pull brought that this device did not have. */
  pulled: number
  /** Entries still to send: backing off, behind one that is, early, or waiting for their user's token. */
  waiting: number
  /** When a user's entries are tried again after a failure; null when nothing backs off. */
  retryAt: number | null
  /** When entries waiting for the server's clock are tried again (a timer, not a back-off); null when none wait. */
  wakeAt: number | null
  /** A token was refused (401): that user's entries wait for another of their tokens. */
  unauthorised: boolean
}

export type RoundDeps = {
  db: OfflineDb
  fetch: (input: string, init: RequestInit) => Promise<Response>
  now: () => number
  /** The session token of this user, if this runtime has it; their entries wait without one. */
  tokenFor: (userId: number) => Promise<string | undefined>
  /** Where the API lives; empty for the same origin. */
  apiBase?: string
  /** The connection just came back (`online`, a Background Sync event): what backs off is tried now. */
  retryNow?: boolean
  /** Whom a pulling queue pulls for, with entries to send or not (the device's owner, with a token here). */
  reader?: number
}

/** When the queue should be tried again, if a round asked: after a failure, or for early entries. */
export function nextRoundAt(summary: Pick<QueueSummary, 'retryAt' | 'wakeAt'>): number | null {
  return earliest(summary.retryAt, summary.wakeAt)
}

const earliest = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : Math.min(a, b))

/** One round of a queue, for every user with entries to send (and the reader, for a pulling queue). */
export function runQueue<E>(policy: QueuePolicy<E>, deps: RoundDeps): Promise<QueueSummary> {
  return withLock(`owe-${policy.name}`, async () => {
    const summary: QueueSummary = { sent: 0, refused: 0, pulled: 0, waiting: 0, retryAt: null, wakeAt: null, unauthorised: false }
    const users = new Set(await policy.source.users(deps.db))
    if (policy.pull && deps.reader !== undefined) users.add(deps.reader)
    for (const userId of [...users].sort((a, b) => a - b)) await runUser(policy, deps, userId, summary)
    return summary
  })
}

type Auth = { token: string; digest: string }

/** What one user's round has seen so far. */
type Round<E> = {
  /** Some request was taken: the server works, so an entry it calls malformed alone is. */
  accepted: boolean
  malformed: Refusal<E>[]
  /** Malformed entries kept (nothing else was taken to prove the server works): the round ends backing off. */
  heldBack: boolean
  /** The first entry the server called early, with the server's time then (from its Date header). */
  early: { entry: E; serverNow: number | null } | null
  changed: boolean
  /** Entries were taken: only what waits changed, unless `changed` says more did. */
  sent: boolean
  /** The first refusal's message, for a page to tell the reader. */
  refused?: string
}

const freshState = (queue: QueueName, userId: number): QueueState => ({
  queue,
  userId,
  tries: 0,
  nextAttemptAt: 0,
  rejectedToken: null,
  earlyAt: null,
  clockAheadMs: null,
  cursor: 0,
})

export function readQueueState(db: OfflineDb, queue: QueueName, userId: number): Promise<QueueState> {
  return db.get('queueState', [queue, userId]).then((state) => state ?? freshState(queue, userId))
}

async function runUser<E>(policy: QueuePolicy<E>, deps: RoundDeps, userId: number, summary: QueueSummary): Promise<void> {
  const { db, now } = deps
  const { source } = policy
  const state = await readQueueState(db, policy.name, userId)
  const before = JSON.stringify(state)
  const failingBefore = state.tries > 0
  const finish = async () => {
    summary.waiting += await source.count(db, userId)
  }
  let auth: Auth | undefined
  if (userId !== 0) {
    const token = await deps.tokenFor(userId)
    if (!token) return finish()
    auth = { token, digest: await tokenDigest(token) }
    // Only the token the server already refused is here: wait for a sign-in.
    if (state.rejectedToken === auth.digest) {
      summary.unauthorised = true
      return finish()
    }
  }
  if (!deps.retryNow && state.nextAttemptAt > now()) {
    summary.retryAt = earliest(summary.retryAt, state.nextAttemptAt)
    return finish()
  }

  const round: Round<E> = { accepted: false, malformed: [], heldBack: false, early: null, changed: false, sent: false }
  const context: RoundContext = {
    db,
    userId,
    state,
    summary,
    now,
    call: async (path, init) => {
      // Signed out since the round began: nothing more goes with that token.
      if (auth && (await deps.tokenFor(userId)) !== auth.token) return { kind: 'signed-out' }
      return call(deps, auth, policy.clientErrors, path, init)
    },
    changed: () => (round.changed = true),
    fetch: deps.fetch,
    apiBase: deps.apiBase,
  }
  const sendFailure = await sendPending(policy, context, round)
  const failure = sendFailure ?? (policy.pull && (await policy.pull(context))) ?? (round.heldBack ? { kind: 'retry' as const } : undefined)

  // Waiting for the server's clock is no failure. What sending learnt of it is kept: an early entry again, or none
  // (everything went); sending cut short learnt nothing, and what was known stays.
  const clock = round.early
    ? { earlyAt: source.at(round.early.entry), clockAheadMs: clockAheadOf(now(), round.early.serverNow) }
    : sendFailure
      ? { earlyAt: state.earlyAt, clockAheadMs: state.clockAheadMs }
      : { earlyAt: null, clockAheadMs: null }
  if (round.early) summary.wakeAt = earliest(summary.wakeAt, now() + earlyWaitMs(source.at(round.early.entry), round.early.serverNow))
  // The pages say so while entries wait for the server's clock.
  if (clock.earlyAt !== state.earlyAt || clock.clockAheadMs !== state.clockAheadMs) round.changed = true
  Object.assign(state, clock)
  if (!failure) Object.assign(state, { tries: 0, nextAttemptAt: 0, rejectedToken: null })
  else if (failure.kind === 'signed-out') {
    // Nothing failed: the entries wait for their user's next sign-in.
  } else if (failure.kind === 'unauthorised') {
    state.rejectedToken = auth!.digest
    summary.unauthorised = true
  } else {
    state.tries++
    state.nextAttemptAt = now() + (failure.afterMs ?? backoffMs(policy.backoff, state.tries))
    summary.retryAt = earliest(summary.retryAt, state.nextAttemptAt)
  }
  if (JSON.stringify(state) !== before) await db.put('queueState', state)
  await policy.after?.({ ...context, failed: failure !== undefined })
  // A refusal the reader keeps is told them; what a queue drops names no one or is made again. A round that changed
  // nothing kept (entries only sent) says so, for pages that show no more than what the log holds (the learning
  // log's pages then read nothing again).
  // A round that starts or stops failing says so too, for the pages that tell whether what waits can be sent.
  if (round.changed || round.sent || state.tries > 0 !== failingBefore)
    announceQueue(policy.name, userId, { refused: source.drops ? undefined : round.refused, sentOnly: !round.changed })
  await finish()
}

/**
 * Sends the user's entries, oldest first, a request at a time; stops at the first failure. Entries dated from the one
 * the server called early last time (`earlyAt`) on go after the others: the first alone, and the rest only if the
 * server takes it, so waiting entries cost one request a round. Entries made while it runs are sent in the same round.
 */
async function sendPending<E>(policy: QueuePolicy<E>, context: RoundContext, round: Round<E>): Promise<Failure | undefined> {
  const { source } = policy
  const tried = new Set<string>()
  for (;;) {
    const fresh = (await source.pending(context.db, context.userId)).filter((entry) => !tried.has(source.key(entry)))
    if (fresh.length === 0 || round.early) break
    for (const entry of fresh) tried.add(source.key(entry))
    const { earlyAt } = context.state
    const isEarly = (entry: E) => earlyAt !== null && source.at(entry) >= earlyAt
    const before = fresh.filter((entry) => !isEarly(entry))
    const after = fresh.filter(isEarly)
    const batches = [
      ...inBatches(before, policy.batchSize),
      ...after.slice(0, 1).map((entry) => [entry]),
      ...inBatches(after.slice(1), policy.batchSize),
    ]
    for (const batch of batches) {
      const failure = await sendBatch(policy, context, round, batch)
      if (failure) return failure
    }
  }
  if (round.malformed.length === 0) return undefined
  // Malformed alone while the server took other entries: it never will take these. Refused with everything else,
  // the fault may be the server's (a version that refuses every request): they stay, and the round backs off.
  if (round.accepted) await refuse(policy, context, round, round.malformed)
  else round.heldBack = true
  return undefined
}

function inBatches<E>(entries: E[], size: number): E[][] {
  const batches: E[][] = []
  for (let i = 0; i < entries.length; i += size) batches.push(entries.slice(i, i + size))
  return batches
}

/**
 * Sends one request. A 400 means the server found something in it malformed and stored none of it: the batch is
 * split in two and each half sent, down to the entry at fault (the server keeps each key once, so a half sent twice
 * does no harm).
 */
async function sendBatch<E>(policy: QueuePolicy<E>, context: RoundContext, round: Round<E>, batch: E[]): Promise<Failure | undefined> {
  // Entries go oldest first: after an early one, the rest are early too.
  if (round.early) return undefined
  const { source } = policy
  const request = policy.request(batch)
  const key = policy.idempotent && batch.length === 1 ? source.key(batch[0]) : undefined
  const answer = await context.call(request.path, { method: request.method, body: request.body, key })
  if (!(answer instanceof Response)) return answer
  if (answer.status === 400) {
    if (batch.length > 1) {
      const half = Math.ceil(batch.length / 2)
      return (await sendBatch(policy, context, round, batch.slice(0, half))) ?? (await sendBatch(policy, context, round, batch.slice(half)))
    }
    const error = await errorOf(answer)
    if (error?.code === CLOCK_AHEAD) {
      round.early = { entry: batch[0], serverNow: serverTimeOf(answer) }
      // The server judged the entry (it validated it first): it works, so an entry it calls malformed is.
      round.accepted = true
      return undefined
    }
    const refusal = { entry: batch[0], message: error?.message || 'The server answered 400.' }
    if (source.drops) round.malformed.push(refusal)
    else await refuse(policy, context, round, [refusal])
    return undefined
  }
  if (!answer.ok) {
    const message = (await errorOf(answer))?.message || `The server answered ${answer.status}.`
    await refuse(
      policy,
      context,
      round,
      batch.map((entry) => ({ entry, message })),
    )
    return undefined
  }
  const refused = policy.refusedIn ? await policy.refusedIn(answer, batch) : new Map<string, string>()
  if (!refused) return { kind: 'retry' }
  round.accepted = true
  const taken = batch.filter((entry) => !refused.has(source.key(entry)))
  if (taken.length > 0) {
    await source.taken(context.db, context.userId, taken)
    context.summary.sent += taken.length
    round.sent = true
  }
  await refuse(
    policy,
    context,
    round,
    batch.filter((entry) => refused.has(source.key(entry))).map((entry) => ({ entry, message: refused.get(source.key(entry))! })),
  )
  return undefined
}

async function refuse<E>(policy: QueuePolicy<E>, context: RoundContext, round: Round<E>, refusals: Refusal<E>[]): Promise<void> {
  if (refusals.length === 0) return
  await policy.source.refused(context.db, context.userId, refusals)
  context.summary.refused += refusals.length
  round.changed = true
  round.refused ??= refusals[0].message
}

const errorOf = async (response: Response) => ((await response.json().catch(() => null)) as ApiErrorBody | null)?.error

/** The answer, or the failure that stops the round (a 400, and a refusal, are the caller's to judge). */
async function call(
  deps: RoundDeps,
  auth: Auth | undefined,
  clientErrors: 'refuse' | 'retry',
  path: string,
  { method = 'GET', body, key }: CallInit = {},
): Promise<Response | Failure> {
  let response: Response
  try {
    response = await deps.fetch(`${deps.apiBase ?? ''}${path}`, {
      method,
      headers: {
        Accept: 'application/json',
        ...(auth ? { Authorization: `Bearer ${auth.token}` } : {}),
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...(key ? { [IDEMPOTENCY_HEADER]: key } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      // Nothing that could tell a reader apart travels with nobody's entries: no cookie, no session.
      ...(auth ? {} : { credentials: 'omit' as const }),
      signal: typeof AbortSignal.timeout === 'function' ? AbortSignal.timeout(SEND_TIMEOUT_MS) : undefined,
    })
  } catch {
    // Offline, or no answer in time: the server may have it or not; the same key makes a resend safe.
    return { kind: 'retry' }
  }
  const { status } = response
  if (response.ok || status === 400) return response
  if (status === 401 && auth) return { kind: 'unauthorised' }
  // Anything else may pass (a server being deployed, a proxy, a rate limit): nothing is dropped for it.
  if (status < 400 || status >= 500 || status === 408 || status === 429 || clientErrors === 'retry')
    return { kind: 'retry', afterMs: retryAfterMs(response, deps.now()) }
  return response
}

// ------------------------------------------------------------------------------------ the server's clock

/** The server's clock as its answer gives it (the Date header, to the second); null without one. */
function serverTimeOf(response: Response): number | null {
  const time = Date.parse(response.headers.get('Date') ?? '')
  return Number.isNaN(time) ? null : time
}

/**
 * How long until the server takes an early entry: until its clock is within FUTURE_SKEW_MS of the entry's time, and
 * a second more for the Date header's rounding; at least EARLY_RETRY_MIN_MS, at most an hour (rounds come with what
 * the reader does too).
 */
function earlyWaitMs(at: string, serverNow: number | null): number {
  if (serverNow === null) return EARLY_RETRY_UNKNOWN_MS
  const wait = Date.parse(at) - FUTURE_SKEW_MS - serverNow + 1000
  return Math.min(Math.max(EARLY_RETRY_MIN_MS, wait), RETRY_AFTER_MAX_MS)
}

/** How far this device's clock is ahead of the server's, to the minute, when more than the server allows; else null. */
function clockAheadOf(now: number, serverNow: number | null): number | null {
  if (serverNow === null) return null
  const ahead = now - serverNow
  return ahead > FUTURE_SKEW_MS ? Math.round(ahead / 60_000) * 60_000 : null
}
