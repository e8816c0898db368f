import '../leaderboard.css'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import type { LeaderboardPeriod } from '@/core/quiz/contract'
import { formatLongDate, formatThousands } from '@/core/shared/format'
import { Pagination } from '@/components/pagination'
import { EmptyState, ErrorState, Loading } from '@/components/query-state'
import { useSession } from '@/lib/session'
import { playerQuery, playersQuery } from '../queries'
import { LeaderboardTable } from './leaderboard-table'

const PAGE_SIZE = 20
const PERIODS: { value: LeaderboardPeriod; label: string }[] = [
  { value: 'week', label: 'This week' },
  { value: 'all', label: 'All time' },
]

/** The leaderboard: this week or all time, the signed-in user's row marked "You", their place when not on the page. */
export function Leaderboard() {
  const session = useSession()
  if (!session) return null
  return <Board key={session.user.id} viewerId={session.user.id} />
}

function Board({ viewerId }: { viewerId: number }) {
  const [period, setPeriod] = useState<LeaderboardPeriod>('week')
  const [page, setPage] = useState(1)
  const [openId, setOpenId] = useState<number | null>(null)
  const players = useQuery(playersQuery(viewerId, period, page, PAGE_SIZE))
  const board = players.data
  const shown = board && !players.isPlaceholderData ? board : undefined
  const youOnPage = shown?.data.some((entry) => entry.userId === viewerId) ?? false
  const own = useQuery({ ...playerQuery(viewerId, period), enabled: shown !== undefined && shown.totalElements > 0 && !youOnPage })

  const choosePeriod = (next: LeaderboardPeriod) => {
    setPeriod(next)
    setPage(1)
    setOpenId(null)
  }

  const turnPage = (next: number) => {
    setPage(next)
    setOpenId(null)
  }

  return (
    <section aria-labelledby="leaderboard-title" className="quiz-section leaderboard">
      <h2 id="leaderboard-title">Leaderboard</h2>
      <div role="group" aria-label="Period" className="leaderboard__periods">
        {PERIODS.map(({ value, label }) => (
          <button
            key={value}
            type="button"
            className="button button--small"
            aria-pressed={period === value}
            onClick={() => choosePeriod(value)}
          >
            {label}
          </button>
        ))}
      </div>
      {players.isPending ? (
        <Loading label="Loading the leaderboard" />
      ) : board === undefined ? (
        <ErrorState error={players.error} onRetry={() => void players.refetch()} title="Could not load the leaderboard" />
      ) : board.totalElements === 0 && !players.isPlaceholderData ? (
        <EmptyState title={period === 'week' ? 'No one has finished a quiz this week yet' : 'No one has finished a quiz yet'} />
      ) : (
        <div aria-busy={players.isPlaceholderData}>
          {board.period === 'week' && <p className="subtle">Week of {formatLongDate(board.weekStart)}</p>}
          <LeaderboardTable entries={board.data} period={board.period} viewerId={viewerId} openId={openId} onToggle={setOpenId} />
          <Pagination
            page={board.page}
            totalPages={board.totalPages}
            totalElements={board.totalElements}
            onPage={turnPage}
            noun="players"
          />
          {shown && !youOnPage && own.data && (
            <p className="leaderboard__you" aria-live="polite">
              {own.data.entry
                ? `You: position ${formatThousands(own.data.entry.position)} with ${formatThousands(own.data.entry.points)} points.`
                : period === 'week'
                  ? 'You have no points this week yet.'
                  : 'You have no points yet.'}
            </p>
          )}
        </div>
      )}
    </section>
  )
}
