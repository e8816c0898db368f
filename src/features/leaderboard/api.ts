import { API } from '@/core/http/api-paths'
import type { LeaderboardPage, LeaderboardPeriod, LeaderboardPlayer } from '@/core/quiz/contract'
import { apiGet, apiGetPage, withQuery } from '@/lib/api-client'

export const fetchPlayers = (period: LeaderboardPeriod, page: number, size: number, signal?: AbortSignal) =>
  apiGetPage<LeaderboardPage>(withQuery(API.leaderboardPlayers, { period, page, size }), { auth: true, signal })

/** One player's standing and latest results; without a user id, the caller's. */
export const fetchPlayer = (period: LeaderboardPeriod, userId: number | undefined, signal?: AbortSignal) =>
  apiGet<LeaderboardPlayer>(withQuery(API.leaderboardPlayer, { period, userId }), { auth: true, signal })
