import { and, eq, isNotNull } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { Tx } from '../../db/client'
import { users } from '../../db/schema'
import { escapeHtml, type Mail, type Mailer } from '../../services/mail'

type ContactMessage = { email: string; firstName: string; surname: string; phoneNumber: string; message: string }

/** OWE_CONTACT_EMAIL when set; otherwise every activated admin (admin role). */
async function adminAddresses(tx: Tx, contactEmail: string | null): Promise<string[]> {
  if (contactEmail) return [contactEmail]
  const rows = await tx
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.role, 'admin'), isNotNull(users.activatedAt)))
  return rows.map((row) => row.email)
}

export function contactForwardMail(to: string, message: ContactMessage): Mail {
  const name = `${message.firstName} ${message.surname}`
  const intro = `${name} wrote through the Òwe contact form:`
  const details = [`Email: ${message.email}`, `Phone: ${message.phoneNumber}`]
  const text = [intro, '', message.message, '', ...details, '', 'Reply to this email to answer them.', '', 'Òwe — African proverbs'].join(
    '\n',
  )
  const html = [
    `<p>${escapeHtml(intro)}</p>`,
    `<blockquote style="white-space:pre-wrap">${escapeHtml(message.message)}</blockquote>`,
    ...details.map((line) => `<p>${escapeHtml(line)}</p>`),
    '<p>Reply to this email to answer them.</p>',
    '<p style="color:#666">Òwe — African proverbs</p>',
  ].join('\n')
  return {
    to,
    subject: `Contact form: ${name}`,
    text,
    html,
    link: `mailto:${message.email}`,
    replyTo: { name, address: message.email },
    // Admins who unsubscribe stop getting forwards; every message stays in contact_messages.
    optional: true,
  }
}

/**
 * Queues the forwards of a contact message to the admins, in the transaction that stores it, when mail
 * really leaves (SMTP). The mail worker delivers them; the message stays in contact_messages whatever
 * becomes of them.
 */
export async function forwardContactMessage(
  deps: { tx: Tx; mailer: Mailer; log: FastifyBaseLogger; contactEmail: string | null },
  message: ContactMessage & { id: number },
): Promise<void> {
  const { tx, mailer, log, contactEmail } = deps
  if (mailer.kind !== 'smtp') return
  const recipients = await adminAddresses(tx, contactEmail)
  if (recipients.length === 0)
    log.warn({ contactMessageId: message.id }, 'contact message stored; nobody to forward it to (no OWE_CONTACT_EMAIL and no admin)')
  for (const to of recipients) await mailer.send(contactForwardMail(to, message), { tx })
}
