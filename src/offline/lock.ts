const queues = new Map<string, Promise<unknown>>()

/**
 * Runs `work` holding the lock of this name: one at a time in this runtime (a plain queue, which is all
 * there is where Web Locks are missing) and across the page and the worker (the Web Lock).
 */
export function withLock<T>(name: string, work: () => Promise<T>): Promise<T> {
  const run = (queues.get(name) ?? Promise.resolve()).then(() => {
    const locks = typeof navigator === 'undefined' ? undefined : navigator.locks
    return locks ? (locks.request(name, () => work()) as Promise<T>) : work()
  })
  queues.set(
    name,
    run.catch(() => undefined),
  )
  return run
}
