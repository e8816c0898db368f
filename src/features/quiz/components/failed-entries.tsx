import { FailedItem } from '@/components/failed-item'
import { useDiscardFailed, useRetryFailed } from '../mutations'
import { useFailedEntries, type FailedEntry } from '../outbox'

/**
 * What the server refused (never dropped silently: docs/decisions/007-quizzes-exactly-once.md): its message, and the
 * choice to send it again or let it go. Nothing shows while the list is empty.
 */
export function FailedEntries({ userId, names }: { userId: number; names: Map<number, string> }) {
  const entries = useFailedEntries(userId)
  if (entries.length === 0) return null
  return (
    <section aria-labelledby="quiz-failed-title" className="quiz-section quiz-section--failed">
      <h2 id="quiz-failed-title">Could not send</h2>
      <p className="subtle">The server did not accept these. Try again, or discard them.</p>
      <ul className="failed-list">
        {entries.map((entry) => (
          <Refused key={entry.key} userId={userId} entry={entry} name={names.get(entry.batchId)} />
        ))}
      </ul>
    </section>
  )
}

function Refused({ userId, entry, name }: { userId: number; entry: FailedEntry; name: string | undefined }) {
  const retry = useRetryFailed(userId)
  const discard = useDiscardFailed(userId)
  const quiz = name ? `“${name}”` : `quiz ${entry.batchId}`
  return (
    <FailedItem
      what={entry.kind === 'close' ? `Submitting ${quiz}` : `An answer in ${quiz}`}
      error={entry.error}
      actions={['Retry', 'Discard']}
      onAgain={() => retry.mutate([entry.key])}
      onGo={() => discard.mutate(entry.key)}
      busy={retry.isPending || discard.isPending}
      failure={retry.error ?? discard.error ?? undefined}
    />
  )
}
