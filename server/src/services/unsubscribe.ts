import { createHmac, timingSafeEqual } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import { COMMUNITY_TEXTS } from '@core/community/texts'
import type { Db, Tx } from '../db/client'
import { unsubscribes } from '../db/schema'
import { escapeHtml, type Mail, type Mailer } from './mail'
import { loadServerSecret } from './server-secrets'

const LINK_SECRET = 'link'

/**
 * The secret that signs unsubscribe links: OWE_LINK_SECRET, or one made by the first server to start and
 * kept in server_secrets, so a link mailed yesterday still works after a restart and on every instance.
 */
export async function loadLinkSecret(db: Db, configured: string | null): Promise<string> {
  return loadServerSecret(db, LINK_SECRET, configured)
}

export const normaliseEmail = (email: string) => email.trim().toLowerCase()

/** HMAC-SHA256 of the lower-cased address: the link proves it came from a mail we sent there. */
export function unsubscribeToken(secret: string, email: string): string {
  return createHmac('sha256', secret).update(normaliseEmail(email)).digest('base64url')
}

export function isValidUnsubscribeToken(secret: string, email: string, token: string): boolean {
  const expected = Buffer.from(unsubscribeToken(secret, email))
  const given = Buffer.from(token)
  return given.length === expected.length && timingSafeEqual(given, expected)
}

export function unsubscribeUrl(publicUrl: string, secret: string, email: string): string {
  const query = new URLSearchParams({ email: normaliseEmail(email), token: unsubscribeToken(secret, email) })
  return `${publicUrl}/unsubscribe?${query.toString()}`
}

export async function isUnsubscribed(db: Db | Tx, email: string): Promise<boolean> {
  const [row] = await db
    .select({ email: unsubscribes.email })
    .from(unsubscribes)
    .where(eq(unsubscribes.email, normaliseEmail(email)))
  return Boolean(row)
}

function withFooter(mail: Mail, url: string): Mail {
  return {
    ...mail,
    text: `${mail.text}\n\n${COMMUNITY_TEXTS.mailFooter}: ${url}`,
    html: `${mail.html}\n<p style="color:#666;font-size:small">${escapeHtml(COMMUNITY_TEXTS.mailFooter)}: <a href="${escapeHtml(url)}">${escapeHtml(url)}</a></p>`,
  }
}

/**
 * Every mail leaves with its address's unsubscribe link; optional mail is not sent to an address that
 * has unsubscribed (activation and password reset always are: the account needs them). `secret` is read
 * when a mail is sent: the server loads it once its database is ready.
 */
export function withUnsubscribeLinks(
  mailer: Mailer,
  options: { db: Db; secret: () => string; publicUrl: string; log: FastifyBaseLogger },
): Mailer {
  const { db, secret, publicUrl, log } = options
  return {
    kind: mailer.kind,
    wake: () => mailer.wake(),
    send: async (mail, sendOptions = {}) => {
      // Inside the caller's transaction when there is one: PGlite runs one at a time, so a second
      // connection's query would wait for this transaction forever.
      if (mail.optional && (await isUnsubscribed(sendOptions.tx ?? db, mail.to))) {
        log.info({ to: mail.to, subject: mail.subject }, 'not sent: the address has unsubscribed')
        return
      }
      await mailer.send(withFooter(mail, unsubscribeUrl(publicUrl, secret(), mail.to)), sendOptions)
    },
  }
}
