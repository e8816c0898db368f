import type { Insights } from '@core/analytics/contract'
import { ADMIN_API } from '@core/admin/api-paths'
import type { AdminRoutes } from '../shared'
import { insightsRange } from './range'
import { insightsFor } from './repository'

/** The console's Insights (docs/requirements.md#r17-analytics): what was read, searched and not found, sign-ups, money. */
export const insightsRoutes: AdminRoutes = (app, { db, now }) => {
  app.get(ADMIN_API.insights, async (request): Promise<{ data: Insights }> => {
    const { from, to } = insightsRange(request.query as Record<string, unknown>, now())
    return { data: await insightsFor(db, from, to) }
  })
}
