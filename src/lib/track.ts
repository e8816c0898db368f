import type { track as record } from './analytics'

/**
 * Records an analytics event through the client (src/lib/analytics.ts), which loads on first use: the
 * pages that count something carry only this, and the client stays one small file of its own.
 */
export function track(...event: Parameters<typeof record>): void {
  import('./analytics').then((client) => client.track(...event)).catch((error: unknown) => console.warn('Analytics could not load', error))
}
