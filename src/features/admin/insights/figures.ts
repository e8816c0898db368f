import { SIGNUP_STEPS, type Insights, type InsightsDay, type SignupStep } from '@/core/analytics/contract'
import { listDays, type DayRange } from '@/core/analytics/insights-range'
import { SIGNUP_STEP_LABELS } from '@/core/analytics/texts'

// The Insights answer shaped for the charts and tables: every day of the range, the funnel in the
// wizard's order with its shares, revenue apart per currency.

const NO_COUNTS: Omit<InsightsDay, 'day'> = {
  visitors: 0,
  pageViews: 0,
  proverbViews: 0,
  searches: 0,
  shares: 0,
  installs: 0,
  pushOptIns: 0,
  quizStarts: 0,
  quizFinishes: 0,
}

/** Every day of the range in order, a day nothing was counted on with zeros: a chart's days are evenly spaced. */
export function everyDay(range: DayRange, days: InsightsDay[]): InsightsDay[] {
  const counted = new Map(days.map((day) => [day.day, day]))
  return listDays(range).map((day) => counted.get(day) ?? { day, ...NO_COUNTS })
}

/** Whether the range holds nothing at all: no visit, search, sign-up, checkout or payment. */
export function isEmpty(insights: Insights): boolean {
  const counted = insights.days.some(({ day: _day, ...counts }) => Object.values(counts).some((n) => n > 0))
  const listed = [
    insights.topProverbs,
    insights.topGroups,
    insights.topSearches,
    insights.zeroResultSearches,
    insights.checkouts,
    insights.revenue,
  ].some((list) => list.length > 0)
  return !counted && !listed && insights.signupFunnel.every((step) => step.count === 0)
}

export type FunnelStep = { step: SignupStep; label: string; count: number; share: number | null }

/** Each step in the wizard's order (a step nobody reached counts 0) with its share of step 1 (none while step 1 is 0). */
export function funnelSteps(funnel: Insights['signupFunnel']): FunnelStep[] {
  const counts = new Map(funnel.map(({ step, count }) => [step, count]))
  const first = counts.get(SIGNUP_STEPS[0]) ?? 0
  return SIGNUP_STEPS.map((step) => {
    const count = counts.get(step) ?? 0
    return { step, label: SIGNUP_STEP_LABELS[step], count, share: first > 0 ? count / first : null }
  })
}

export type CurrencyRevenue = { currency: string; amounts: number[]; payments: number[]; total: number; count: number }

/** Revenue per currency (amounts in different currencies are never added up), each over every day of the range. */
export function revenueByCurrency(range: DayRange, revenue: Insights['revenue']): CurrencyRevenue[] {
  const days = listDays(range)
  const currencies = [...new Set(revenue.map((row) => row.currency))].sort()
  return currencies.map((currency) => {
    const rows = revenue.filter((row) => row.currency === currency)
    const byDay = new Map(rows.map((row) => [row.day, row]))
    return {
      currency,
      amounts: days.map((day) => byDay.get(day)?.amount ?? 0),
      payments: days.map((day) => byDay.get(day)?.payments ?? 0),
      // In cents while adding, so 4.99 three times is 14.97, not 14.970000000000002.
      total: rows.reduce((sum, row) => sum + Math.round(row.amount * 100), 0) / 100,
      count: rows.reduce((sum, row) => sum + row.payments, 0),
    }
  })
}
