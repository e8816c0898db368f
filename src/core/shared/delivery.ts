/**
 * Where something a reader did is on its way to the server (docs/decisions/020-one-delivery-engine.md): the same
 * words on every screen that writes — a quiz answer, a heart or a like, a suggestion or a correction.
 */
export const DELIVERY_TEXTS = {
  saving: 'Saving on this device…',
  saved: 'Saved — will send when online',
  sent: 'Sent',
  couldNotSave: (message: string) => `Could not save on this device: ${message}`,
  failed: (message: string) => `Could not send: ${message}`,
} as const

/** What each of a reader's queues holds, as the offline page and the notices name it (one, then many). */
export const QUEUE_WORDS = {
  outbox: ['quiz answer', 'quiz answers'],
  learning: ['reading or review', 'readings and reviews'],
  marks: ['favourite or like', 'favourites and likes'],
  forms: ['suggestion or correction', 'suggestions and corrections'],
} as const

/** "3 favourites and likes", "1 quiz answer". */
export const countOf = (queue: keyof typeof QUEUE_WORDS, count: number) => `${count} ${QUEUE_WORDS[queue][count === 1 ? 0 : 1]}`

/** The notice when the server refuses something a reader did (it stays in "could not send" on the offline page). */
export const refusedNotice = (queue: keyof typeof QUEUE_WORDS, message: string) =>
  `A ${QUEUE_WORDS[queue][0]} could not be sent: ${message} It waits under Offline reading, to send again or let go.`

/** Signing out with things still to send: they wait on this device for the same reader's next sign-in. */
export const waitingAtSignOut = (count: number) =>
  `${count === 1 ? '1 change you made is' : `${count} changes you made are`} still on this device, not yet sent. They will be sent when you sign in again here.`
