import type { FastifyReply, FastifyRequest } from 'fastify'
import { createHash } from 'node:crypto'

type Entry = { body: string; etag: string; expires: number }

/**
 * Public corpus reads: the serialised body with a strong ETag, answered 304 when the client already has
 * it. Bodies are reused in memory for `ttlMs` (the corpus changes rarely and a short stale window is
 * harmless); it is a pure cache, so several server instances still agree within that window.
 * See docs/decisions/002-public-corpus-cache.md.
 */
export function createPublicCache(ttlMs: number, maxEntries = 1000) {
  const entries = new Map<string, Entry>()

  return async function sendPublic(
    request: FastifyRequest,
    reply: FastifyReply,
    load: () => Promise<unknown>,
  ): Promise<FastifyReply> {
    const key = request.url
    const now = Date.now()
    let entry = entries.get(key)
    if (!entry || entry.expires <= now) {
      const body = JSON.stringify(await load())
      const etag = `"${createHash('sha1').update(body).digest('base64url')}"`
      entry = { body, etag, expires: now + ttlMs }
      if (ttlMs > 0) {
        entries.delete(key)
        entries.set(key, entry)
        if (entries.size > maxEntries) entries.delete(entries.keys().next().value as string)
      }
    }
    reply.header('ETag', entry.etag).header('Cache-Control', 'public, no-cache').header('Vary', 'Accept-Encoding')
    const ifNoneMatch = request.headers['if-none-match']
    if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === entry.etag)) {
      return reply.code(304).send()
    }
    return reply.type('application/json; charset=utf-8').send(entry.body)
  }
}

export type SendPublic = ReturnType<typeof createPublicCache>
