import { ApiError } from '@/lib/api-client'
import { getSession } from '@/lib/session'
import type { FormSubmission } from '@/offline/forms'

/**
 * Sending a suggestion or a correction, offline too (docs/decisions/020-one-delivery-engine.md): online it is sent
 * at once, with the server's answer shown as ever (its refusals and limits included); when there is no connection,
 * or no answer, it is kept on the device under the same key (src/offline/forms.ts) and sent from there once the
 * connection is back — by the worker, even with the page closed.
 */

/** What became of a form sent: the server's answer, or kept on this device under `key`. */
export type Sending<T> = { sent: T } | { kept: string }

/** Whether a failed send should be kept and sent later: no connection, no answer in time, or the server failing. */
const worthKeeping = (error: unknown) => error instanceof ApiError && (error.offline || error.status >= 500 || error.status === 408)

async function openForms() {
  const [{ offlineDb }, forms] = await Promise.all([import('@/offline/schema'), import('@/offline/forms')])
  return { db: await offlineDb(), forms }
}

/** Sends the form now if the browser is online; otherwise, or when the send cannot reach the server, keeps it to send. */
export async function sendOrKeep<T>(submission: FormSubmission, send: (key: string) => Promise<T>): Promise<Sending<T>> {
  const key = crypto.randomUUID()
  if (navigator.onLine !== false) {
    try {
      return { sent: await send(key) }
    } catch (error) {
      if (!worthKeeping(error) || typeof indexedDB === 'undefined') throw error
    }
  }
  const { db, forms } = await openForms()
  // The sender as the server would know them: the signed-in reader, or a visitor (0).
  await forms.enqueueForm(db, getSession()?.user.id ?? 0, key, submission)
  const { requestSend } = await import('@/lib/queues')
  requestSend('forms')
  return { kept: key }
}

/** Where a kept form is: waiting, sent (no longer on the device), or refused with the server's message. */
export async function readKeptForm(key: string) {
  const { db, forms } = await openForms()
  return forms.readFormState(db, key)
}

/** A refused form goes again (the reader asks), or is let go. */
export async function retryKeptForm(userId: number, key: string): Promise<void> {
  const [{ offlineDb }, queue] = await Promise.all([import('@/offline/schema'), import('@/offline/queue')])
  await queue.retryFailed(await offlineDb(), 'forms', userId, [key])
  const { requestSend } = await import('@/lib/queues')
  requestSend('forms', { retryNow: true })
}

export async function discardKeptForm(userId: number, key: string): Promise<void> {
  const [{ offlineDb }, queue] = await Promise.all([import('@/offline/schema'), import('@/offline/queue')])
  await queue.discardFailed(await offlineDb(), 'forms', userId, key)
}
