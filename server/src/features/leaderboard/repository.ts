import { and, asc, count, desc, eq, exists, gt, lt, or, sql } from 'drizzle-orm'
import type { LeaderboardEntry, LeaderboardPage, LeaderboardPeriod, LeaderboardPlayer } from '@core/quiz/contract'
import { medalFor, outcomeOf, weekStartOf } from '@core/quiz/quiz'
import type { Db } from '../../db/client'
import { leaderboardTotals, questionProperties, quizBatches, quizBatchQuestions, users } from '../../db/schema'
import { notFound } from '../../http/errors'
import { paginated } from '../../http/paginated'

/** The rows of a period: this week's (by its Monday) or all time's. */
function periodKey(period: LeaderboardPeriod, now: Date): { weekStart: string; key: string } {
  const weekStart = weekStartOf(now)
  return { weekStart, key: period === 'week' ? weekStart : 'all' }
}

/** Ranked by points, then by who reached them first, then by id: every player has one place. */
const RANKING = [desc(leaderboardTotals.points), asc(leaderboardTotals.finishedAt), asc(leaderboardTotals.userId)]

export async function leaderboardPage(db: Db, period: LeaderboardPeriod, page: number, size: number, now: Date): Promise<LeaderboardPage> {
  const { weekStart, key } = periodKey(period, now)
  const [{ total }] = await db.select({ total: count() }).from(leaderboardTotals).where(eq(leaderboardTotals.period, key))
  const rows = await db
    .select({
      userId: leaderboardTotals.userId,
      points: leaderboardTotals.points,
      finishedAt: leaderboardTotals.finishedAt,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(leaderboardTotals)
    .innerJoin(users, eq(users.id, leaderboardTotals.userId))
    .where(eq(leaderboardTotals.period, key))
    .orderBy(...RANKING)
    .limit(size)
    .offset((page - 1) * size)
  const data: LeaderboardEntry[] = rows.map((row, i) => {
    const position = (page - 1) * size + i + 1
    return {
      position,
      userId: row.userId,
      firstName: row.firstName,
      lastName: row.lastName,
      points: row.points,
      date: row.finishedAt.toISOString(),
      medal: medalFor(position),
    }
  })
  return { ...paginated(data, total, { page, size }), period, weekStart }
}

/**
 * A player's place and recent results. Anyone may see a player who has finished a quiz (they are on the
 * board); the caller may always see themselves; anyone else is as unknown as a missing id.
 */
export async function leaderboardPlayer(
  db: Db,
  period: LeaderboardPeriod,
  userId: number,
  callerId: number,
  now: Date,
): Promise<LeaderboardPlayer> {
  const { weekStart, key } = periodKey(period, now)
  const [player] = await db
    .select({ userId: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(
      and(
        eq(users.id, userId),
        userId === callerId
          ? undefined
          : exists(
              db
                .select()
                .from(leaderboardTotals)
                .where(and(eq(leaderboardTotals.period, 'all'), eq(leaderboardTotals.userId, users.id))),
            ),
      ),
    )
  if (!player) throw notFound('No player has that id.')
  const [mine] = await db
    .select()
    .from(leaderboardTotals)
    .where(and(eq(leaderboardTotals.period, key), eq(leaderboardTotals.userId, userId)))
  let entry: LeaderboardEntry | null = null
  if (mine) {
    // Players ahead: more points, or as many reached earlier, or at the same moment with a smaller id.
    const [{ ahead }] = await db
      .select({ ahead: count() })
      .from(leaderboardTotals)
      .where(
        and(
          eq(leaderboardTotals.period, key),
          or(
            gt(leaderboardTotals.points, mine.points),
            and(eq(leaderboardTotals.points, mine.points), lt(leaderboardTotals.finishedAt, mine.finishedAt)),
            and(
              eq(leaderboardTotals.points, mine.points),
              eq(leaderboardTotals.finishedAt, mine.finishedAt),
              lt(leaderboardTotals.userId, userId),
            ),
          ),
        ),
      )
    const position = ahead + 1
    entry = { position, ...player, points: mine.points, date: mine.finishedAt.toISOString(), medal: medalFor(position) }
  }
  const recentRows = await db
    .select({
      batch: quizBatches,
      name: questionProperties.name,
      total: sql<number>`(select count(*)::int from ${quizBatchQuestions} where ${quizBatchQuestions.batchId} = ${quizBatches.id})`,
    })
    .from(quizBatches)
    .innerJoin(questionProperties, eq(questionProperties.id, quizBatches.propertyId))
    .where(and(eq(quizBatches.userId, userId), gt(quizBatches.attempts, 0)))
    .orderBy(desc(quizBatches.closedAt))
    .limit(5)
  const recent = recentRows.map(({ batch, name, total }) => ({
    batchId: batch.id,
    name,
    correct: batch.correct ?? 0,
    total,
    points: batch.points ?? 0,
    status: outcomeOf(batch.correct ?? 0, batch.passScore),
    closedAt: batch.closedAt!.toISOString(),
  }))
  return { period, weekStart, entry, player, recent }
}
