import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import type { LeaderboardPeriod } from '@/core/quiz/contract'
import { privateKey } from '@/lib/query-keys'
import { fetchPlayer, fetchPlayers } from './api'

/**
 * Under `privateKeys.user(viewerId)`: the board is asked for with the viewer's token and marks their row, so it goes
 * at sign-out like the rest of their data.
 */
export const leaderboardKeys = {
  all: (viewerId: number) => privateKey(viewerId, 'leaderboard'),
  players: (viewerId: number, period: LeaderboardPeriod, page: number, size: number) =>
    [...leaderboardKeys.all(viewerId), 'players', period, page, size] as const,
  /** `'self'`: the caller, as get_player answers without a user id. */
  player: (viewerId: number, period: LeaderboardPeriod, userId: number | 'self') =>
    [...leaderboardKeys.all(viewerId), 'player', period, userId] as const,
}

export const playersQuery = (viewerId: number, period: LeaderboardPeriod, page: number, size: number) =>
  queryOptions({
    queryKey: leaderboardKeys.players(viewerId, period, page, size),
    queryFn: ({ signal }) => fetchPlayers(period, page, size, signal),
    placeholderData: keepPreviousData,
    // Shown at once from the device, always asked again: other players finish quizzes all the time.
    staleTime: 0,
    meta: { persist: true },
  })

/** The viewer's own standing is kept for offline; other players' details are asked for when opened. */
export const playerQuery = (viewerId: number, period: LeaderboardPeriod, userId?: number) =>
  queryOptions({
    queryKey: leaderboardKeys.player(viewerId, period, userId ?? 'self'),
    queryFn: ({ signal }) => fetchPlayer(period, userId, signal),
    staleTime: 0,
    meta: { persist: userId === undefined },
  })
