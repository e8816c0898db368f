/**
 * Where query keys and mutations live:
 * - Every query key comes from a key factory, never a literal at the call site. A feature's own keys sit
 *   in its `queries.ts` (`<feature>Keys`), beside its query options.
 * - A key read or refreshed by more than one feature, or by the app, sits here (features never import
 *   each other); the query that reads it sits in `src/entities/`.
 * - A feature's mutations live in its `mutations.ts`, next to its `queries.ts`, as named hooks the
 *   components call, so what a change refreshes is written beside the keys it names (lint refuses
 *   `useMutation` anywhere else).
 *
 * Private data sits under `privateKeys.user(userId)`, ['me', userId]: keyed by user, dropped at sign-out
 * and never kept on the device for anyone else.
 */
/** A key under one user's private data: ['me', userId, ...parts]. */
export const privateKey = <const P extends readonly unknown[]>(userId: number, ...parts: P) => ['me', userId, ...parts] as const

export const privateKeys = {
  /** Every user's private data: sign-out drops it all. */
  all: ['me'] as const,
  /** One user's private data: a new package refreshes it all, and it goes when the session does. */
  user: (userId: number) => privateKey(userId),
  /** The full profile with the active package: the account edits it, the contact form fills in from it. */
  fullProfile: (userId: number) => privateKey(userId, 'full'),
  /** The package in force (src/entities/subscription): the adverts, the pricing and the subscription settings read it. */
  activePackage: (userId: number) => privateKey(userId, 'active-package'),
  /** Whether the user is an admin (src/entities/admin): the account menu and the console ask it. */
  isAdmin: (userId: number) => privateKey(userId, 'is-admin'),
  /** The ids of the proverbs the reader hearted and liked (src/entities/marks): the proverbs' pages and Learn read them. */
  marks: (userId: number) => privateKey(userId, 'proverb-marks'),
  /** The reader's favourites, page by page (the proverbs feature lists them): read again once a heart kept offline is sent. */
  favourites: (userId: number) => privateKey(userId, 'favourites'),
  /** The notifications' queries (list, unread count) share this prefix, which a push refreshes. */
  notifications: (userId: number) => privateKey(userId, 'notifications'),
}

/**
 * The public catalogue's shared lists and a proverb (src/entities/catalogue), under the corpus's prefix
 * ['proverbs'], which the app asks again when a new worker takes over; the proverbs feature's keys share it.
 */
export const catalogueKeys = {
  all: ['proverbs'] as const,
  groups: () => [...catalogueKeys.all, 'groups'] as const,
  categories: () => [...catalogueKeys.all, 'categories'] as const,
  proverb: (idOrSlug: string) => [...catalogueKeys.all, 'detail', idOrSlug] as const,
}

/** The plans on offer (src/entities/plans): sign-up, the pricing page and the end of sign-up read them. */
export const planKeys = {
  all: ['subscriptions', 'plans'] as const,
}

/** Whether a key is someone's private data (under `privateKeys.all`). */
export const isPrivateKey = (queryKey: readonly unknown[]): boolean => queryKey[0] === privateKeys.all[0]

/**
 * A reader's learning (src/lib/learning.ts, src/features/learning/deck.ts): what the device's log says, read
 * again whenever the log changes (no network), and the server's summary for a local day, kept apart so that
 * a change on the device never asks the network.
 */
export const learningKeys = {
  device: (userId: number) => privateKey(userId, 'learning'),
  counts: (userId: number) => [...learningKeys.device(userId), 'counts'] as const,
  inDeck: (userId: number, proverbId: number) => [...learningKeys.device(userId), 'in-deck', proverbId] as const,
  days: (userId: number) => [...learningKeys.device(userId), 'days'] as const,
  clock: (userId: number) => [...learningKeys.device(userId), 'clock'] as const,
  unsent: (userId: number) => [...learningKeys.device(userId), 'unsent'] as const,
  summary: (userId: number, today: string) => privateKey(userId, 'learning-summary', today),
}
