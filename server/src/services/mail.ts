import type { FastifyBaseLogger } from 'fastify'
import nodemailer from 'nodemailer'
import type { Db } from '../db/client'
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

export type Mailer = {
  kind: 'smtp' | 'outbox'
  send(mail: Mail): Promise<void>
  close(): void
}

/**
 * Mail leaves through SMTP when SMTP_URL is configured. Without it each message is kept in the
 * mail_outbox table and its link printed to the log, so a local user can still activate (PRODUCT.md).
 */
export function createMailer(options: { smtpUrl: string | null; from: string; db: Db; log: FastifyBaseLogger }): Mailer {
  const { smtpUrl, from, db, log } = options
  if (smtpUrl) {
    // Short timeouts: a stuck mail server must not hold a sign-up request open for minutes.
    const transport = nodemailer.createTransport(
      { url: smtpUrl, pool: true, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 } as Parameters<
        typeof nodemailer.createTransport
      >[0],
      { from },
    )
    return {
      kind: 'smtp',
      send: async ({ to, subject, text, html, replyTo }) => {
        await transport.sendMail({ to, subject, text, html, ...(replyTo ? { replyTo } : {}) })
      },
      close: () => transport.close(),
    }
  }
  return {
    kind: 'outbox',
    send: async ({ to, subject, text, link }) => {
      await db.insert(mailOutbox).values({ to, subject, text, link })
      log.info({ to, subject, link }, `Mail kept in the outbox (no SMTP_URL): ${subject} → ${link}`)
    },
    close: () => {},
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
