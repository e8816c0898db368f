import type { FastifyBaseLogger } from 'fastify'
import type { PushData } from '../../../src/core/contract'
import type { PushConfig } from '../config'
import type { Db } from '../db/client'

/**
 * Push over Firebase Cloud Messaging's HTTP v1 API. Data-only messages (title, body, url): the app and
 * the worker show them themselves. With no configuration, or no network, push is skipped; the in-app
 * notification exists regardless.
 */

/** sent; unregistered (FCM no longer knows the token: delete it); unavailable (not configured, no network); failed (anything else, logged). */
export type PushOutcome = 'sent' | 'unregistered' | 'unavailable' | 'failed'

export interface PushSender {
  readonly configured: boolean
  send(token: string, data: PushData): Promise<PushOutcome>
}

/** The sender when push is not configured. */
export const noPush: PushSender = {
  configured: false,
  send: async () => 'unavailable',
}

export type PushSenderOptions = { log: FastifyBaseLogger; fetch?: typeof fetch; now?: () => Date }

export function createPushSender(config: PushConfig | null, _options: PushSenderOptions): PushSender {
  if (!config) return noPush
  throw new Error('FCM sender: not written yet')
}

/** Sends to every device of the user and deletes the tokens FCM reports unregistered. Never throws. */
export async function pushToUser(_db: Db, _sender: PushSender, _userId: number, _data: PushData, _log: FastifyBaseLogger): Promise<{ sent: number; removed: number }> {
  return { sent: 0, removed: 0 }
}
