import '../quiz.css'
import { useQuery, type UseQueryResult } from '@tanstack/react-query'
import { useMemo, useState, type ReactNode } from 'react'
import type { QuizBatchSummary } from '@/core/quiz/contract'
import { EmptyState, ErrorState, Loading } from '@/components/query-state'
import { useSession } from '@/lib/session'
import { BatchList, RecentList } from '../components/batch-list'
import { FailedEntries } from '../components/failed-entries'
import { GenerateQuiz } from '../components/generate-quiz'
import { generatedBatchesQuery, localDate, recentBatchesQuery, weekBatchesQuery } from '../queries'

/**
 * /quiz: this week's quizzes, the ones the user generated, the finished ones, what could not be sent,
 * and whatever the app places after them (the leaderboard).
 */
export function QuizHome({ children }: { children?: ReactNode }) {
  const session = useSession()
  if (!session) return null
  return (
    <div className="quiz-home" key={session.user.id}>
      <h1>Quizzes</h1>
      <QuizLists userId={session.user.id}>{children}</QuizLists>
    </div>
  )
}

/**
 * The three lists have lengths no placeholder can know: one placeholder stands for them until all three are
 * in, and the lists (and what follows) are laid out together, so no section pushes the next one down. They
 * mount at once, hidden, so everything below starts loading meanwhile.
 */
function QuizLists({ userId, children }: { userId: number; children?: ReactNode }) {
  const [date] = useState(() => localDate())
  const pending = [
    useQuery(weekBatchesQuery(userId, date)),
    useQuery(generatedBatchesQuery(userId, date)),
    useQuery(recentBatchesQuery(userId)),
  ].some((query) => query.isPending)
  return (
    <>
      {pending && <Loading label="Loading your quizzes" lines={4} />}
      <div hidden={pending}>
        <QuizSections userId={userId} date={date} />
        {children}
      </div>
    </>
  )
}

/** `date`: the viewer's day when the page opened; the server picks the week from it. */
function QuizSections({ userId, date }: { userId: number; date: string }) {
  const week = useQuery(weekBatchesQuery(userId, date))
  const generated = useQuery(generatedBatchesQuery(userId, date))
  const recent = useQuery(recentBatchesQuery(userId))
  const names = useMemo(
    () => new Map([...(recent.data ?? []), ...(generated.data ?? []), ...(week.data ?? [])].map((batch) => [batch.batchId, batch.name])),
    [week.data, generated.data, recent.data],
  )

  return (
    <>
      <FailedEntries userId={userId} names={names} />
      <BatchSection
        id="quiz-week"
        title="This week's quizzes"
        query={week}
        loading="Loading this week's quizzes"
        empty="No quizzes this week yet"
      >
        {(batches) => <BatchList userId={userId} batches={batches} />}
      </BatchSection>
      <BatchSection
        id="quiz-mine"
        title="Your quizzes"
        query={generated}
        loading="Loading your quizzes"
        empty="You have not generated a quiz this week"
        action={<GenerateQuiz userId={userId} generatedThisWeek={generated.data?.length} />}
      >
        {(batches) => <BatchList userId={userId} batches={batches} />}
      </BatchSection>
      <BatchSection
        id="quiz-recent"
        title="Recently finished"
        query={recent}
        loading="Loading your finished quizzes"
        empty="No finished quizzes yet"
      >
        {(batches) => <RecentList batches={batches} />}
      </BatchSection>
    </>
  )
}

function BatchSection({
  id,
  title,
  query,
  loading,
  empty,
  action,
  children,
}: {
  id: string
  title: string
  query: UseQueryResult<QuizBatchSummary[]>
  loading: string
  empty: string
  action?: ReactNode
  children: (batches: QuizBatchSummary[]) => ReactNode
}) {
  return (
    <section aria-labelledby={`${id}-title`} className="quiz-section">
      <h2 id={`${id}-title`}>{title}</h2>
      {query.isPending ? (
        <Loading label={loading} lines={2} />
      ) : query.data === undefined ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data.length === 0 ? (
        <EmptyState title={empty} />
      ) : (
        children(query.data)
      )}
      {action}
    </section>
  )
}
