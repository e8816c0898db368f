/**
 * Load for the scale test: one autocannon instance per kind of request and server, every response's status
 * and latency tallied by kind (autocannon's own histogram keeps 2xx latencies only, and per instance).
 */
import autocannon from 'autocannon'

/** What one kind of request got back, over every server it was sent to. */
export type Tally = { statuses: Map<number, number>; latencies: number[]; errors: number; timeouts: number }

export const newTally = (): Tally => ({ statuses: new Map(), latencies: [], errors: 0, timeouts: 0 })

export type Load = {
  url: string
  connections: number
  durationSeconds: number
  /** Requests a second for the whole instance; closed-loop (as fast as answers come) when absent. */
  overallRate?: number
  requests: autocannon.Request[]
}

/** Runs one autocannon instance to its end, adding every response to `tally`. */
export function drive(load: Load, tally: Tally): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: load.url,
        connections: load.connections,
        duration: load.durationSeconds,
        overallRate: load.overallRate,
        pipelining: 1,
        timeout: 10,
        requests: load.requests,
      },
      (error, result) => {
        if (error) return reject(error)
        tally.errors += result.errors
        tally.timeouts += result.timeouts
        resolve(result)
      },
    )
    instance.on('response', (_client, status, _bytes, ms) => {
      tally.statuses.set(status, (tally.statuses.get(status) ?? 0) + 1)
      tally.latencies.push(ms)
    })
  })
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]
}

export const countOf = (tally: Tally) => [...tally.statuses.values()].reduce((sum, n) => sum + n, 0)
export const fivexx = (tally: Tally) => [...tally.statuses].filter(([status]) => status >= 500).reduce((sum, [, n]) => sum + n, 0)

export function merge(tallies: Tally[]): Tally {
  const all = newTally()
  for (const t of tallies) {
    for (const [status, n] of t.statuses) all.statuses.set(status, (all.statuses.get(status) ?? 0) + n)
    for (const ms of t.latencies) all.latencies.push(ms)
    all.errors += t.errors
    all.timeouts += t.timeouts
  }
  return all
}

/** One line per kind and one overall: requests, req/s, p50/p90/p99, and every status seen with its count. */
export function report(byKind: Record<string, Tally>, seconds: number): string[] {
  const rows = Object.entries(byKind).concat([['overall', merge(Object.values(byKind))]])
  const width = Math.max(...rows.map(([name]) => name.length))
  return rows.map(([name, tally]) => {
    const sorted = [...tally.latencies].sort((a, b) => a - b)
    const ms = (p: number) => `${percentile(sorted, p).toFixed(1)}`.padStart(7)
    const statuses = [...tally.statuses]
      .sort(([a], [b]) => a - b)
      .map(([status, n]) => `${status}×${n}`)
      .join(' ')
    const failures = tally.errors ? `; errors ${tally.errors} (timeouts ${tally.timeouts})` : ''
    return `${name.padEnd(width)}  ${String(countOf(tally)).padStart(7)} req  ${(countOf(tally) / seconds).toFixed(0).padStart(5)} req/s  p50 ${ms(50)} ms  p90 ${ms(90)} ms  p99 ${ms(99)} ms  [${statuses}]${failures}`
  })
}
