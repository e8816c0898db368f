import { FailedItem } from '@/components/failed-item'
import { countOf, QUEUE_WORDS } from '@/core/shared/delivery'
import { COMMUNITY_TEXTS } from '@/core/community/texts'
import { useQueueRead } from '@/lib/queue-read'
import { readRefusedHere, readWaitingHere, REFUSING_QUEUES, WAITING_QUEUES, waitingKeys, type Refused } from '../waiting'
import { useLetGo, useSendAgain } from '../waiting-mutations'

/**
 * The offline page's "What waits to be sent": how many of the reader's doings wait on this device, per kind, and
 * what the server refused, each to send again or let go. They go by themselves once online
 * (docs/decisions/020-one-delivery-engine.md); this is where a reader can see it.
 */
export function WaitingHere({ userId }: { userId: number }) {
  const waiting = useQueueRead(WAITING_QUEUES, userId, waitingKeys.counts(userId), readWaitingHere)
  const refused = useQueueRead(REFUSING_QUEUES, userId, waitingKeys.refused(userId), readRefusedHere)
  const counts = waiting.data
  const kinds = counts ? (Object.keys(QUEUE_WORDS) as (keyof typeof QUEUE_WORDS)[]).filter((kind) => counts[kind] > 0) : []
  return (
    <section className="waiting-here" aria-labelledby="waiting-title" aria-busy={waiting.isPending}>
      <h2 id="waiting-title">Waiting to be sent</h2>
      {counts === undefined ? (
        <p className="subtle">Looking at what this device holds…</p>
      ) : kinds.length === 0 ? (
        <p>Nothing is waiting: everything you did on this device has reached Òwe.</p>
      ) : (
        <>
          <ul className="waiting-here__counts" aria-label="Waiting on this device">
            {kinds.map((kind) => (
              <li key={kind}>{countOf(kind, counts[kind])}</li>
            ))}
          </ul>
          <p className="subtle">Saved on this device. They are sent by themselves once you are back online: there is nothing to do.</p>
        </>
      )}
      {(refused.data?.length ?? 0) > 0 && (
        <>
          <h3>Could not send</h3>
          <p className="subtle">Òwe did not accept these. Send them again, or let them go.</p>
          <ul className="failed-list">
            {refused.data!.map((item) => (
              <RefusedItem key={`${item.record.queue}:${item.record.key}`} item={item} />
            ))}
          </ul>
        </>
      )}
    </section>
  )
}

function RefusedItem({ item }: { item: Refused }) {
  const again = useSendAgain()
  const go = useLetGo()
  return (
    <FailedItem
      what={item.what}
      error={item.record.error ?? ''}
      actions={[COMMUNITY_TEXTS.sendAgain, COMMUNITY_TEXTS.letGo]}
      onAgain={() => again.mutate(item.record)}
      onGo={() => go.mutate(item.record)}
      busy={again.isPending || go.isPending}
      failure={again.error ?? go.error ?? undefined}
    />
  )
}
