import type { FastifyBaseLogger } from 'fastify'
import nodemailer from 'nodemailer'
import type { Db } from '../db/client'
import { claimDueMail, markMailFailed, markMailSent, releaseMail, retryMailLater, type QueuedMail } from './mail-queue'

/** What leaves for the mail server: one queued mail. */
export type MailTransport = {
  send(mail: QueuedMail): Promise<void>
  /** `force` also ends a delivery in progress (it fails, and its mail goes back to the queue). */
  close(options?: { force?: boolean }): void
}

/** SMTP through nodemailer's pool; a stuck server fails a send after the timeouts, never an HTTP answer. */
export function createSmtpTransport(smtpUrl: string, from: string): MailTransport {
  const transport = nodemailer.createTransport(
    { url: smtpUrl, pool: true, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 } as Parameters<
      typeof nodemailer.createTransport
    >[0],
    { from },
  )
  return {
    send: async (mail) => {
      const replyTo = mail.replyToAddress ? { name: mail.replyToName ?? '', address: mail.replyToAddress } : undefined
      await transport.sendMail({
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html ?? undefined,
        ...(replyTo ? { replyTo } : {}),
      })
    },
    // nodemailer's pool takes { force } (its type does not say so): without it a delivery in progress
    // keeps its connection until the server answers or a socket timeout ends it.
    close: (options) => (transport.close as (options?: { force?: boolean }) => void)(options),
  }
}

/** A mail server's 5xx reply is final (no such mailbox, refused): trying again would only be refused again. */
export function isPermanent(error: unknown): boolean {
  const code = (error as { responseCode?: unknown }).responseCode
  return typeof code === 'number' && code >= 500 && code < 600
}

const MINUTE = 60_000

/** Whether the work settles (either way) within `ms`. */
async function settlesWithin(work: Promise<unknown> | undefined, ms: number): Promise<boolean> {
  if (!work) return true
  let timer: NodeJS.Timeout | undefined
  const settled = await Promise.race([
    work.then(
      () => true,
      () => true,
    ),
    new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), ms))),
  ])
  clearTimeout(timer)
  return settled
}
/** How long a stopping worker lets the sends in hand finish. */
const STOP_WAIT_MS = 5000

/** 30 s, 1, 2, 4 … minutes after the attempts so far, at most an hour: ten tries span about four hours. */
export const retryDelayMs = (attempts: number) => Math.min(60 * MINUTE, 30_000 * 2 ** Math.max(0, attempts - 1))

export type MailWorkerOptions = {
  db: Db
  transport: MailTransport
  log: FastifyBaseLogger
  now: () => Date
  /** How often to look for mail that is due (retries, and mail committed in other transactions or servers). */
  pollMs: number
  maxAttempts?: number
  batchSize?: number
  /** Mails sent at once (the SMTP pool's connections). */
  concurrency?: number
  /** How long a claim lasts: a worker that dies while sending leaves its mails to others after this. */
  leaseMs?: number
}

export type MailWorker = {
  start(): void
  /** Looks for due mail now (a request just queued some). */
  wake(): void
  /** Sends what is due now, until nothing is; resolves with how many were sent (tests, benchmarks). */
  drain(): Promise<number>
  /** Stops between mails: what was claimed and not yet tried goes back to the queue. Waits for sends in flight. */
  stop(): Promise<void>
}

export function createMailWorker(options: MailWorkerOptions): MailWorker {
  const { db, transport, log, now, pollMs, maxAttempts = 10, batchSize = 20, concurrency = 5, leaseMs = 5 * MINUTE } = options
  let timer: NodeJS.Timeout | undefined
  let running: Promise<number> | undefined
  let again = false
  let stopping = false

  async function deliver(mail: QueuedMail): Promise<boolean> {
    try {
      await transport.send(mail)
      await markMailSent(db, mail, now())
      return true
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error)
      if (isPermanent(error) || mail.attempts >= maxAttempts) {
        await markMailFailed(db, mail, reason)
        log.error({ mailId: mail.id, to: mail.to, attempts: mail.attempts, err: error }, 'mail could not be delivered; admins can retry it')
      } else {
        const at = new Date(now().getTime() + retryDelayMs(mail.attempts))
        await retryMailLater(db, mail, at, reason)
        log.warn(
          { mailId: mail.id, attempts: mail.attempts, retryAt: at.toISOString(), reason },
          'mail not delivered yet; trying again later',
        )
      }
      return false
    }
  }

  /** One batch: claimed, sent `concurrency` at a time; returns how many were claimed and how many sent. */
  async function batch(): Promise<{ claimed: number; sent: number }> {
    const mails = await claimDueMail(db, now(), batchSize, leaseMs)
    let next = 0
    let sent = 0
    const sender = async () => {
      while (next < mails.length && !stopping) {
        if (await deliver(mails[next++])) sent++
      }
    }
    await Promise.all(Array.from({ length: Math.min(concurrency, mails.length) }, sender))
    if (next < mails.length) await releaseMail(db, mails.slice(next))
    return { claimed: mails.length, sent }
  }

  async function loop(): Promise<number> {
    let sent = 0
    for (;;) {
      const result = await batch()
      sent += result.sent
      // A full batch may have more behind it.
      if (stopping || result.claimed < batchSize) return sent
    }
  }

  function run(): Promise<number> {
    if (running) {
      again = true
      return running
    }
    running = loop()
      .catch((error: unknown) => {
        log.error({ err: error }, 'the mail worker failed; it tries again at its next look')
        return 0
      })
      .finally(() => {
        running = undefined
        if (again && !stopping) {
          again = false
          void run()
        }
      })
    return running
  }

  return {
    start() {
      if (timer || stopping) return
      timer = setInterval(() => void run(), pollMs)
      timer.unref()
      void run()
    },
    wake() {
      if (!stopping) void run()
    },
    async drain() {
      // A run already going may have looked before the newest mail was committed: let it end, then look again.
      await running
      let total = 0
      for (;;) {
        const sent = await run()
        total += sent
        if (sent === 0) return total
      }
    },
    async stop() {
      stopping = true
      clearInterval(timer)
      timer = undefined
      // Sends in hand get a few seconds. One stuck on a mail server that does not answer is then cut short:
      // closing the transport by force fails it, and its mail (with those claimed but not yet tried) goes
      // back to the queue. Should even that hang, the claim runs out and the next start sends it.
      if (!(await settlesWithin(running, STOP_WAIT_MS))) {
        transport.close({ force: true })
        await settlesWithin(running, 1000)
        return
      }
      transport.close()
    },
  }
}
