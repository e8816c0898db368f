import { announceQueue, newRecord, oneByOne } from './queue'
import type { OfflineDb } from './schema'

/**
 * Forms sent offline — a suggested proverb, a correction — a queue of the one delivery engine
 * (src/offline/queue.ts): written here when there is no connection to send them, then posted when there is, under
 * the Idempotency-Key they were made with (a form first tried online keeps its key), so the server takes each once.
 * The server's limits and messages are the form's own: a rate limit waits (Retry-After), a refusal stays with its
 * message in "could not send" for the reader to see, send again or let go. A visitor's (user 0) go with no token.
 */

export type FormKind = 'suggestion' | 'correction'
export type FormSubmission = {
  kind: FormKind
  /** Where it is posted (an API path). */
  path: string
  body: unknown
  /** What the reader would call it ("Your suggestion: Ìwà lẹ̀sìn"). */
  title: string
}

/** Keeps a form to send under its key; resolves once stored. */
export async function enqueueForm(db: OfflineDb, userId: number, key: string, submission: FormSubmission): Promise<void> {
  const tx = db.transaction('queue', 'readwrite')
  // The same form kept twice (a second tap while the first was being kept) is kept once.
  if ((await tx.store.index('key').getKey(['forms', key])) === undefined) await tx.store.add(newRecord('forms', userId, submission, key))
  await tx.done
  announceQueue('forms', userId)
}

/** Whether a form is still waiting, was sent (no longer here), or was refused (with the server's message). */
export async function readFormState(
  db: OfflineDb,
  key: string,
): Promise<{ state: 'waiting' | 'sent' } | { state: 'failed'; error: string }> {
  const record = await db.getFromIndex('queue', 'key', ['forms', key])
  if (!record) return { state: 'sent' }
  return record.state === 'failed' ? { state: 'failed', error: record.error ?? '' } : { state: 'waiting' }
}

/** The policy: one request a form, its refusal kept with its message for the reader. */
export const formsQueue = oneByOne<FormSubmission>('forms', ({ path, body }) => ({ method: 'POST', path, body }))
