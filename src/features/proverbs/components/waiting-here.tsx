import '@/components/failed-list.css'
import { countOf, QUEUE_WORDS } from '@/core/shared/delivery'
import { COMMUNITY_TEXTS } from '@/core/community/texts'
import { errorMessage } from '@/components/query-state'
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
  const busy = again.isPending || go.isPending
  const failure = again.error ?? go.error
  return (
    <li className="failed-item">
      <p className="failed-item__what">{item.what}</p>
      <p className="failed-item__error">{item.record.error}</p>
      <div className="failed-item__actions">
        <button type="button" className="button button--small" disabled={busy} onClick={() => again.mutate(item.record)}>
          {COMMUNITY_TEXTS.sendAgain}
          <span className="visually-hidden">: {item.what}</span>
        </button>
        <button type="button" className="button button--small" disabled={busy} onClick={() => go.mutate(item.record)}>
          {COMMUNITY_TEXTS.letGo}
          <span className="visually-hidden">: {item.what}</span>
        </button>
      </div>
      {failure && (
        <p className="field__error" role="alert">
          {errorMessage(failure)}
        </p>
      )}
    </li>
  )
}
