/**
 * How long a reader waits for the network when the device could answer (docs/decisions/022-device-first.md): one bound
 * shared by pages and their data. A request that outlasts it marks the server as hanging (a bus between masts: the
 * connection opens, nothing answers); from then on what the device holds answers at once, pages and reads alike, while
 * the network's answers are still awaited in the background. The first answer the server gives clears the mark.
 */
export const HANG_BOUND_MS = 800

/** How long no request of a reader's must have been in flight before the connection counts as idle. */
const QUIET_MS = 500
/** The longest a background download waits for that: a reader's own page may be opened offline next, and needs its files. */
const IDLE_WAIT_MAX_MS = 3000

export function createNetworkHealth(
  now: () => number = Date.now,
  sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms)),
  boundMs = HANG_BOUND_MS,
) {
  let hangingSince: number | null = null
  let lastAnswer = Number.NEGATIVE_INFINITY
  let lastActive = Number.NEGATIVE_INFINITY
  const started = new Set<{ at: number }>()
  /** When the oldest request still unanswered began, when nothing has been answered since. */
  const waitingSince = () => {
    let oldest = Number.POSITIVE_INFINITY
    for (const request of started) oldest = Math.min(oldest, request.at)
    return oldest > lastAnswer && oldest !== Number.POSITIVE_INFINITY ? oldest : null
  }
  return {
    /** Whether a request outlasted the bound (or one still in flight has) and no answer has come since. */
    hanging(): boolean {
      const since = waitingSince()
      return hangingSince !== null || (since !== null && now() - since >= boundMs)
    },
    /** What is left of the bound for a new request: the bound, less what the oldest unanswered request has waited already. */
    remaining(): number {
      const since = waitingSince()
      return since === null ? boundMs : Math.max(0, boundMs - (now() - since))
    },
    timedOut(): void {
      hangingSince ??= now()
    },
    /**
     * Follows a reader's request: while it is in flight the connection is busy; any answer from the server, even an
     * error, says the server answers again. A network failure (offline) says nothing about hanging.
     */
    watch(request: Promise<Response>): Promise<Response> {
      const entry = { at: now() }
      started.add(entry)
      request
        .then(
          () => {
            hangingSince = null
            lastAnswer = now()
          },
          () => undefined,
        )
        .finally(() => {
          started.delete(entry)
          lastActive = now()
        })
      return request
    },
    /** Resolves once no watched request has been in flight for a while, or after a few seconds at most. */
    async idle(): Promise<void> {
      const deadline = now() + IDLE_WAIT_MAX_MS
      while ((started.size > 0 || now() - lastActive < QUIET_MS) && now() < deadline) await sleep(QUIET_MS / 4)
    },
  }
}

export type NetworkHealth = ReturnType<typeof createNetworkHealth>
