import { Fragment, useId, useRef, type KeyboardEvent } from 'react'
import type { LeaderboardEntry, LeaderboardPeriod } from '@/core/quiz/contract'
import { formatLongDate, formatThousands } from '@/core/shared/format'
import { medalFor } from '@/core/quiz/quiz'
import { MedalBadge } from './medal'
import { PlayerDetails } from './player-details'

type Props = {
  entries: LeaderboardEntry[]
  period: LeaderboardPeriod
  /** The signed-in user: their row is found by id (names are not unique). */
  viewerId: number
  openId: number | null
  onToggle: (userId: number | null) => void
}

/** Position, player, points and date; a player's name opens their details beneath the row (Escape closes). */
export function LeaderboardTable({ entries, period, viewerId, openId, onToggle }: Props) {
  const buttons = useRef(new Map<number, HTMLButtonElement>())
  const close = (event: KeyboardEvent, userId: number) => {
    if (event.key !== 'Escape') return
    event.stopPropagation()
    onToggle(null)
    buttons.current.get(userId)?.focus()
  }
  const captionId = useId()
  return (
    // A frame of its own that scrolls sideways when the columns outgrow a phone (large text), never the page; reached
    // by keyboard so it can be scrolled without a pointer.
    <div className="leaderboard-frame" role="group" aria-labelledby={captionId} tabIndex={0}>
      <table className="leaderboard-table">
        <caption id={captionId} className="visually-hidden">
          {period === 'week' ? "This week's leaderboard" : 'All-time leaderboard'}
        </caption>
        <thead>
          <tr>
            <th scope="col">Position</th>
            <th scope="col">Player</th>
            <th scope="col">Points</th>
            <th scope="col">Date</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => {
            const you = entry.userId === viewerId
            const open = openId === entry.userId
            const name = `${entry.firstName} ${entry.lastName}`
            const medal = entry.medal ?? medalFor(entry.position)
            const detailsId = `player-details-${entry.userId}`
            return (
              <Fragment key={entry.userId}>
                <tr className={you ? 'leaderboard-table__row is-you' : 'leaderboard-table__row'} aria-current={you ? 'true' : undefined}>
                  <td className="leaderboard-table__position">
                    {medal && <MedalBadge medal={medal} />} {formatThousands(entry.position)}
                  </td>
                  <th scope="row">
                    <button
                      type="button"
                      className="leaderboard-table__player"
                      ref={(element) => {
                        if (element) buttons.current.set(entry.userId, element)
                        else buttons.current.delete(entry.userId)
                      }}
                      aria-expanded={open}
                      aria-controls={detailsId}
                      onClick={() => onToggle(open ? null : entry.userId)}
                      onKeyDown={(event) => close(event, entry.userId)}
                    >
                      {name}
                    </button>
                    {you && <span className="tag tag--accent">You</span>}
                  </th>
                  <td>{formatThousands(entry.points)}</td>
                  <td>{formatLongDate(entry.date)}</td>
                </tr>
                {open && (
                  <tr className="leaderboard-table__details" onKeyDown={(event) => close(event, entry.userId)}>
                    <td colSpan={4} id={detailsId} role="region" aria-label={`Details of ${name}`}>
                      <PlayerDetails viewerId={viewerId} period={period} userId={entry.userId} />
                    </td>
                  </tr>
                )}
              </Fragment>
            )
          })}
        </tbody>
      </table>
    </div>
  )
}
