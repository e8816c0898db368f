/** An in-memory CacheStorage for the worker's unit tests: caches by name, entries by URL in the order they were put. */
export function memoryCaches(): CacheStorage & { names: () => string[] } {
  const stores = new Map<string, Map<string, Response>>()
  const keyOf = (request: RequestInfo | URL) =>
    typeof request === 'string' ? request : request instanceof URL ? request.href : request.url
  const cacheFor = (entries: Map<string, Response>) =>
    ({
      match: async (request: RequestInfo | URL) => entries.get(keyOf(request))?.clone(),
      put: async (request: RequestInfo | URL, response: Response) => void entries.set(keyOf(request), response.clone()),
      delete: async (request: RequestInfo | URL) => entries.delete(keyOf(request)),
      keys: async () => [...entries.keys()].map((url) => new Request(url)),
    }) as unknown as Cache
  return {
    open: async (name: string) => {
      if (!stores.has(name)) stores.set(name, new Map())
      return cacheFor(stores.get(name)!)
    },
    keys: async () => [...stores.keys()],
    delete: async (name: string) => stores.delete(name),
    has: async (name: string) => stores.has(name),
    match: async () => undefined,
    names: () => [...stores.keys()],
  } as unknown as CacheStorage & { names: () => string[] }
}
