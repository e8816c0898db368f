import { CURRENCIES, type CurrencyCode, NAIRA_PER_DOLLAR } from './constants'
import { formatThousands } from './format'

/** Dollars to the given currency at the spec's rate (or a configured one). */
export function convertFromDollars(amountUsd: number, currency: CurrencyCode, nairaPerDollar = NAIRA_PER_DOLLAR): number {
  return currency === 'NGN' ? amountUsd * nairaPerDollar : amountUsd
}

/** "$1,234.50" or "₦25,000": symbol, thousands separators, cents only when there are any. */
export function formatCurrency(amount: number, currency: CurrencyCode): string {
  const whole = Number.isInteger(amount)
  const sign = amount < 0 ? '-' : ''
  return `${sign}${CURRENCIES[currency].symbol}${formatThousands(Math.abs(amount), whole ? 0 : 2)}`
}
