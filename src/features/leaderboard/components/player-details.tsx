import { useQuery } from '@tanstack/react-query'
import type { LeaderboardPeriod } from '@/core/quiz/contract'
import { formatLongDate, formatThousands } from '@/core/shared/format'
import { ErrorState, Loading } from '@/components/query-state'
import { playerQuery } from '../queries'

/** One player's standing in the period and their latest finished quizzes. */
export function PlayerDetails({ viewerId, period, userId }: { viewerId: number; period: LeaderboardPeriod; userId: number }) {
  const player = useQuery(playerQuery(viewerId, period, userId))
  if (player.isPending) return <Loading label="Loading the player's details" lines={1} />
  if (player.isError) return <ErrorState error={player.error} onRetry={() => void player.refetch()} title="Could not load this player" />
  const { entry, recent, player: who } = player.data
  return (
    <div className="player-details">
      <p className="player-details__standing">
        {entry ? (
          <>
            Position {formatThousands(entry.position)} · {formatThousands(entry.points)} points
          </>
        ) : (
          <>
            {who.firstName} has no points {period === 'week' ? 'this week' : 'yet'}.
          </>
        )}
      </p>
      {recent.length === 0 ? (
        <p className="subtle">No finished quizzes yet.</p>
      ) : (
        <>
          <h3 className="player-details__title">Recent results</h3>
          <ul className="player-details__recent">
            {recent.map((quiz) => (
              <li key={quiz.batchId}>
                <span className="player-details__quiz">{quiz.name}</span>{' '}
                <span>
                  {quiz.correct} of {quiz.total} correct · {formatThousands(quiz.points)} points ·{' '}
                  <span data-status={quiz.status}>
                    <span aria-hidden="true">{quiz.status === 'PASSED' ? '✓' : '✗'}</span>{' '}
                    {quiz.status === 'PASSED' ? 'Passed' : 'Not passed'}
                  </span>{' '}
                  · {formatLongDate(quiz.closedAt)}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  )
}
