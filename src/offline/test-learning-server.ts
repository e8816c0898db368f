import { API } from '../core/http/api-paths'
import {
  LEARNING_BATCH_MAX,
  LEARNING_CLOCK_AHEAD,
  LEARNING_FUTURE_SKEW_MS,
  LEARNING_KINDS,
  LEARNING_PAGE_SIZE,
  type LearningBatchResult,
  type LearningEntry,
  type LearningLogPage,
  type StoredLearningEntry,
} from '../core/learning/contract'
import { dayMatches } from '../core/learning/days'

// Test-only: a stand-in for the server's learning log as the contract describes it (src/core/learning/contract.ts):
// each entry kept once by id per reader, in the order it arrived (`seq`); a malformed batch is a 400 and stores
// nothing; an entry whose day is not its time at its offset, or of a proverb it does not publish, is refused;
// given a clock, a batch with an entry dated past it by more than the skew is a 400 coded early, dated by it.

export type LearningServer = {
  fetch: (url: string, init: RequestInit) => Promise<Response>
  /** Every request, in order: method, path with query, bearer token, the entry ids posted. */
  calls: { method: string; path: string; token: string | null; ids: string[] }[]
  /** The reader's log as the server holds it. */
  log: (userId: number) => StoredLearningEntry[]
  /** What the server answers instead, for a while (a status, or a thrown network failure). */
  fail: (answer: ((path: string, method: string) => Response | 'network' | undefined) | undefined) => void
}

const error = (status: number, message: string, code = 'x', headers?: HeadersInit) =>
  Response.json({ error: { code, message } }, { status, headers })

const wellFormed = (entry: Partial<LearningEntry>) =>
  typeof entry.id === 'string' &&
  typeof entry.at === 'string' &&
  typeof entry.day === 'string' &&
  typeof entry.offset === 'number' &&
  LEARNING_KINDS.includes(entry.kind!) &&
  (entry.kind !== 'review' || [1, 2, 3, 4].includes(entry.grade!))

/**
 * `tokens` maps a bearer token to its reader; `unpublished` proverbs are refused; `pageSize` entries a GET
 * page; `malformed` ids make any batch holding them a 400; `now`, the server's clock (none: every time is fine).
 */
export function learningServer({
  tokens,
  unpublished = [],
  pageSize = LEARNING_PAGE_SIZE,
  malformed = [],
  now,
}: {
  tokens: Record<string, number>
  unpublished?: number[]
  pageSize?: number
  malformed?: string[]
  now?: () => number
}): LearningServer {
  const logs = new Map<number, StoredLearningEntry[]>()
  const calls: LearningServer['calls'] = []
  let failing: ((path: string, method: string) => Response | 'network' | undefined) | undefined
  let seq = 0

  async function handle(url: string, init: RequestInit): Promise<Response> {
    const { pathname, search, searchParams } = new URL(url, 'http://owe.test')
    const method = init.method ?? 'GET'
    const token = new Headers(init.headers).get('Authorization')?.replace(/^Bearer /, '') ?? null
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as { entries: LearningEntry[] }) : undefined
    calls.push({ method, path: `${pathname}${search}`, token, ids: body?.entries.map((e) => e.id) ?? [] })
    const failed = failing?.(pathname, method)
    if (failed === 'network') throw new TypeError('Failed to fetch')
    if (failed) return failed
    if (pathname !== API.learningLog) return error(404, 'Not found')
    const userId = token === null ? undefined : tokens[token]
    if (userId === undefined) return error(401, 'Please sign in to continue.')
    const log = logs.get(userId) ?? []
    logs.set(userId, log)
    if (method === 'GET') {
      const after = Number(searchParams.get('after') ?? 0)
      const newer = log.filter((e) => e.seq > after)
      const entries = newer.slice(0, pageSize)
      const page: LearningLogPage = { entries, cursor: entries.at(-1)?.seq ?? after, more: newer.length > pageSize }
      return Response.json({ data: page })
    }
    const entries = body?.entries
    if (
      !Array.isArray(entries) ||
      entries.length > LEARNING_BATCH_MAX ||
      !entries.every(wellFormed) ||
      entries.some((e) => malformed.includes(e.id))
    )
      return error(400, 'The batch is malformed.')
    const ahead = now && entries.find((e) => Date.parse(e.at) > now() + LEARNING_FUTURE_SKEW_MS)
    if (ahead) return error(400, `Entry ${ahead.id} is early.`, LEARNING_CLOCK_AHEAD, { Date: new Date(now!()).toUTCString() })
    const result: LearningBatchResult = { accepted: 0, duplicates: 0, refused: [] }
    for (const entry of entries) {
      if (!dayMatches(entry)) result.refused.push({ id: entry.id, message: 'The day does not match the time.' })
      else if ('proverbId' in entry && unpublished.includes(entry.proverbId))
        result.refused.push({ id: entry.id, message: 'No such proverb.' })
      else if (log.some((e) => e.id === entry.id)) result.duplicates++
      else {
        log.push({ ...entry, seq: ++seq })
        result.accepted++
      }
    }
    return Response.json({ data: result })
  }

  return {
    fetch: handle,
    calls,
    log: (userId) => logs.get(userId) ?? [],
    fail: (answer) => (failing = answer),
  }
}
