import type { FastifyReply, FastifyRequest } from 'fastify'
import { createHash } from 'node:crypto'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

type Entry = { body: string; etag: string; expires: number; br?: Buffer; gzip?: Buffer }

/** Bodies this small gain nothing from compression. */
const COMPRESS_FROM_BYTES = 1024

/** The codings a client accepts with a non-zero quality (`br;q=0` refuses br). */
export function acceptedCodings(header: string | undefined): Set<string> {
  const accepted = new Set<string>()
  for (const part of (header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';')
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
    if (name && (q === undefined || Number(q.slice(2)) > 0)) accepted.add(name)
  }
  return accepted
}

/** Brotli or gzip as the client accepts, compressed once per cached body. */
function encode(entry: Entry, acceptEncoding: string | undefined): { encoding?: 'br' | 'gzip'; payload: string | Buffer } {
  if (entry.body.length < COMPRESS_FROM_BYTES) return { payload: entry.body }
  const accepted = acceptedCodings(acceptEncoding)
  if (accepted.has('br')) {
    entry.br ??= brotliCompressSync(entry.body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
    return { encoding: 'br', payload: entry.br }
  }
  if (accepted.has('gzip')) {
    entry.gzip ??= gzipSync(entry.body, { level: 6 })
    return { encoding: 'gzip', payload: entry.gzip }
  }
  return { payload: entry.body }
}

/**
 * A JSON body sent once (not kept), compressed as the client accepts: a page of an offline pack is about 120 KB of
 * text and a fifth of that on the wire.
 */
export function sendCompressedJson(request: FastifyRequest, reply: FastifyReply, json: string): FastifyReply {
  const { encoding, payload } = encode({ body: json, etag: '', expires: 0 }, request.headers['accept-encoding'])
  reply.header('Vary', 'Accept-Encoding')
  if (encoding) reply.header('Content-Encoding', encoding)
  return reply.type('application/json; charset=utf-8').send(payload)
}

/** Whether an If-None-Match header names this (weak) validator, or any (`*`): weak comparison, as for a GET. */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  const tags = ifNoneMatch?.split(',').map((tag) => tag.trim().replace(/^W\//, '')) ?? []
  return tags.includes('*') || tags.includes(etag.replace(/^W\//, ''))
}

/**
 * Public corpus reads, and the app's pages with their heads (server/src/features/previews): the serialised body with a weak ETag, answered 304 when the client already has
 * it, compressed (br or gzip) when the client accepts it. Bodies are reused in memory for `ttlMs` (the corpus changes rarely and a short stale window is
 * harmless); it is a pure cache, so several server instances still agree within that window.
 * See docs/decisions/002-public-corpus-cache.md.
 */
export function createPublicCache(ttlMs: number, maxEntries = 1000) {
  const entries = new Map<string, Entry>()
  /** Loads under way, by key: requests missing one key together share its one load. */
  const loading = new Map<string, Promise<Entry>>()

  async function load(key: string, loader: () => Promise<unknown>, as: 'json' | 'html'): Promise<Entry> {
    const startedIn = generation
    const loaded = await loader()
    const body = as === 'html' ? String(loaded) : JSON.stringify(loaded)
    // Weak: the same validator stands for the plain, br and gzip representations of one body.
    const etag = `W/"${createHash('sha1').update(body).digest('base64url')}"`
    const entry = { body, etag, expires: Date.now() + ttlMs }
    // An answer loaded before a clear may hold what the clear was for: it is sent, not kept.
    if (ttlMs > 0 && startedIn === generation) {
      entries.delete(key)
      entries.set(key, entry)
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value as string)
    }
    return entry
  }

  /**
   * `load` gives the value to send as JSON, or with `as: 'html'` the page itself. `key` names the answer (by default
   * the request's URL): a route whose spellings of one question share an answer gives one for all of them.
   */
  async function sendPublic(
    request: FastifyRequest,
    reply: FastifyReply,
    loader: () => Promise<unknown>,
    as: 'json' | 'html' = 'json',
    key: string = request.url,
  ): Promise<FastifyReply> {
    const cacheKey = `${as} ${key}`
    let entry = entries.get(cacheKey)
    if (!entry || entry.expires <= Date.now()) {
      let shared = loading.get(cacheKey)
      if (!shared) {
        const started = load(cacheKey, loader, as)
        shared = started
        loading.set(cacheKey, started)
        const done = () => loading.get(cacheKey) === started && loading.delete(cacheKey)
        started.then(done, done)
      }
      entry = await shared
    }
    reply.header('ETag', entry.etag).header('Cache-Control', 'public, no-cache').header('Vary', 'Accept-Encoding')
    if (etagMatches(request.headers['if-none-match'], entry.etag)) return reply.code(304).send()
    const { encoding, payload } = encode(entry, request.headers['accept-encoding'])
    if (encoding) reply.header('Content-Encoding', encoding)
    return reply.type(as === 'html' ? 'text/html; charset=utf-8' : 'application/json; charset=utf-8').send(payload)
  }

  // Admins' corpus changes clear it, so this instance answers with them at once (others within ttlMs). What else is
  // kept for the corpus's sake (the offline packs' sizes and versions) follows the same window and the same clears.
  // Loads under way when it clears are not shared with requests after it.
  let generation = 0
  return Object.assign(sendPublic, {
    clear: () => {
      entries.clear()
      loading.clear()
      generation++
    },
    ttlMs,
    /** Counts the clears, so a cache of its own can tell it is out of date. */
    generation: () => generation,
  })
}

export type SendPublic = ReturnType<typeof createPublicCache>
