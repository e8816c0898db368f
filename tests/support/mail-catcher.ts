import fs from 'node:fs'
import path from 'node:path'
import { simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'

export type CaughtMail = {
  to: string
  from: { address: string; name: string } | undefined
  subject: string
  /** The Reply-To header as written (name and address). */
  replyTo: string | undefined
  text: string
  html: string
  receivedAt: number
}

/**
 * A local SMTP server (the real protocol, on 127.0.0.1) standing in for the mail provider: each
 * message is parsed and kept, in memory and, when a folder is given, as a JSON file other processes read.
 */
export async function startMailCatcher(options: { port?: number; folder?: string; refuse?: (recipient: string) => boolean } = {}) {
  const mails: CaughtMail[] = []
  if (options.folder) fs.mkdirSync(options.folder, { recursive: true })
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    // The app's pooled connection stays open; do not wait 30 s for it when the catcher closes.
    closeTimeout: 100,
    onRcptTo(address, _session, callback) {
      if (options.refuse?.(address.address)) callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }))
      else callback()
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase()).join(',')
          const mail: CaughtMail = {
            to,
            from: parsed.from?.value[0] ? { address: parsed.from.value[0].address ?? '', name: parsed.from.value[0].name } : undefined,
            subject: parsed.subject ?? '',
            replyTo: parsed.replyTo?.text,
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            receivedAt: Date.now(),
          }
          mails.push(mail)
          if (options.folder) {
            // Written whole, then renamed into place: a reader polling the folder never sees half a mail.
            const file = path.join(options.folder, `${mail.receivedAt}-${mails.length}.json`)
            fs.writeFileSync(`${file}.part`, JSON.stringify(mail))
            fs.renameSync(`${file}.part`, file)
          }
          callback()
        })
        .catch(callback)
    },
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve())
  })
  const address = server.server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    /** Mails received for one address. */
    to: (email: string) => mails.filter((mail) => mail.to.split(',').includes(email.toLowerCase())),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** The newest mail to an address in a catcher's folder, waiting up to `timeoutMs` for it. */
export async function waitForMailFile(folder: string, to: string, subject: RegExp, timeoutMs = 15_000): Promise<CaughtMail> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    const found = fs.existsSync(folder)
      ? fs
          .readdirSync(folder)
          .filter((name) => name.endsWith('.json'))
          .sort()
          .reverse()
          .map((name) => JSON.parse(fs.readFileSync(path.join(folder, name), 'utf8')) as CaughtMail)
          .find((mail) => mail.to === to.toLowerCase() && subject.test(mail.subject))
      : undefined
    if (found) return found
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`No mail to ${to} matching ${subject} within ${timeoutMs} ms`)
}

/** The first link in a mail's text that starts with the given path. */
export function linkIn(mail: CaughtMail, pathname: string): string {
  const match = new RegExp(`https?://\\S+${pathname.replace(/[/]/g, '\\/')}\\S*`).exec(mail.text)
  if (!match) throw new Error(`No ${pathname} link in: ${mail.text}`)
  return match[0]
}
