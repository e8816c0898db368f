import type { FastifyBaseLogger } from 'fastify'
import type { Db, Tx } from '../db/client'
import { mailOutbox } from '../db/schema'

export type Mail = {
  to: string
  subject: string
  text: string
  html: string
  link: string
  /** Where answers go (a contact message forwarded: its sender). */
  replyTo?: { name: string; address: string }
  /** Mail the person can do without (not activation or password reset): never sent to an unsubscribed address. */
  optional?: boolean
}

export type SendOptions = {
  /** The transaction of the change the mail tells about: the mail is committed with it, or not at all. */
  tx?: Tx
}

/**
 * How the server sends mail (ADR 011). `send` never talks to a mail server: it commits the mail to the `mail_outbox`
 * table (in the caller's transaction when given one) and returns. With SMTP_URL set the mail worker (mail-worker.ts)
 * delivers it, retrying with back-off; without it the mail is kept in the table and its link printed to the log, so a
 * local user can still activate (docs/requirements.md#r14-operations).
 */
export type Mailer = {
  kind: 'smtp' | 'outbox'
  send(mail: Mail, options?: SendOptions): Promise<void>
  /** Tells the worker mail is waiting: call it once the transaction that queued mail has committed. */
  wake(): void
}

export function createMailer(options: { smtp: boolean; db: Db; log: FastifyBaseLogger; now: () => Date; onQueued?: () => void }): Mailer {
  const { smtp, db, log, now, onQueued } = options
  return {
    kind: smtp ? 'smtp' : 'outbox',
    async send(mail, { tx } = {}) {
      const { to, subject, text, html, link, replyTo } = mail
      const at = now()
      await (tx ?? db).insert(mailOutbox).values({
        createdAt: at,
        nextAttemptAt: at,
        to,
        subject,
        text,
        html,
        link,
        replyToName: replyTo?.name ?? null,
        replyToAddress: replyTo?.address ?? null,
        status: smtp ? 'pending' : 'kept',
      })
      if (!smtp) {
        log.info({ to, subject, link }, `Mail kept in the outbox (no SMTP_URL): ${subject} → ${link}`)
        return
      }
      // Committed now, unless a transaction holds it: its caller wakes the worker after the commit.
      if (!tx) onQueued?.()
    },
    wake: () => onQueued?.(),
  }
}

export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!)

/** A plain message with one call to action, as text and as simple HTML. */
export function linkMail(to: string, subject: string, greeting: string, lines: string[], action: string, link: string): Mail {
  const text = [greeting, '', ...lines, '', `${action}: ${link}`, '', 'Òwe — African proverbs'].join('\n')
  const html = [
    `<p>${escapeHtml(greeting)}</p>`,
    ...lines.map((line) => `<p>${escapeHtml(line)}</p>`),
    `<p><a href="${escapeHtml(link)}">${escapeHtml(action)}</a></p>`,
    `<p style="color:#666">Òwe — African proverbs</p>`,
  ].join('\n')
  return { to, subject, text, html, link }
}
