import { eq, sql } from 'drizzle-orm'
import type { BroadcastResult } from '@core/admin/contract'
import { type BroadcastForm } from '@core/admin/validation'
import type { Db } from '../../../db/client'
import { ethnicGroups, userLanguages, users } from '../../../db/schema'
import { badRequest } from '../../../http/errors'
import { audit } from '../../../services/audit'
import type { Notifier } from '../../../services/notify'
import { ADMIN_TEXTS } from '@core/admin/texts'

/** 400 naming the field when the broadcast is for a group that does not exist (null: everyone). */
export async function assertBroadcastGroup(db: Db, ethnicGroupId: number | null): Promise<void> {
  if (ethnicGroupId === null) return
  const [group] = await db.select({ id: ethnicGroups.id }).from(ethnicGroups).where(eq(ethnicGroups.id, ethnicGroupId))
  if (!group) throw badRequest(ADMIN_TEXTS.unknownGroup, { ethnicGroupId: ADMIN_TEXTS.unknownGroup })
}

/**
 * One message to every activated user, or to the readers of one group (those who chose it). Stored as
 * each user's notification and pushed where push is configured, through the notifier like every message.
 * The dedupe key makes a retried request (same key) message nobody twice.
 */
export async function sendBroadcast(
  deps: { db: Db; notifier: Notifier },
  actor: number,
  input: BroadcastForm,
  dedupeKey: string,
  at: Date,
): Promise<BroadcastResult> {
  const { db, notifier } = deps
  const ethnicGroupId = input.ethnicGroupId ?? null
  const recipients =
    ethnicGroupId === null
      ? sql`select ${users.id} from ${users} where ${users.activatedAt} is not null`
      : sql`select ${users.id} from ${users} join ${userLanguages} on ${userLanguages.userId} = ${users.id} where ${users.activatedAt} is not null and ${userLanguages.ethnicGroupId} = ${ethnicGroupId}`
  // notifyAll writes with its own handle and pushes after: the entry follows the send, with its reach.
  const reached = await notifier.notifyAll(
    recipients,
    { kind: 'broadcast', title: input.title, body: input.body, url: input.url ?? null, dedupeKey },
    { now: at },
  )
  await audit(
    db,
    actor,
    {
      action: 'broadcast.send',
      targetType: 'broadcast',
      targetId: dedupeKey,
      detail: { title: input.title, body: input.body, url: input.url ?? null, ethnicGroupId, reached: reached.length },
    },
    at,
  )
  return { reached: reached.length }
}
