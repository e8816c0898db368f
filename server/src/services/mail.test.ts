import { simpleParser, type AddressObject, type ParsedMail } from 'mailparser'
import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { linkMail } from './mail'
import type { QueuedMail } from './mail-queue'
import { createSmtpTransport, isPermanent, retryDelayMs, type MailTransport } from './mail-worker'

/** What a local SMTP server (the real protocol, on 127.0.0.1) accepted, parsed as a mail client would. */
const inbox: ParsedMail[] = []
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onRcptTo(address, _session, callback) {
    if (address.address.startsWith('nobody')) callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }))
    else callback()
  },
  onData(stream, _session, callback) {
    simpleParser(stream).then((mail) => {
      inbox.push(mail)
      callback()
    }, callback)
  },
})

const recipients = (mail: ParsedMail) => ([] as AddressObject[]).concat(mail.to ?? []).flatMap((to) => to.value.map((a) => a.address))

let transport: MailTransport
beforeAll(async () => {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve())
  })
  const { port } = server.server.address() as AddressInfo
  transport = createSmtpTransport(`smtp://127.0.0.1:${port}`, 'Òwe <no-reply@owe.example>')
})
afterAll(async () => {
  transport.close()
  await new Promise<void>((resolve) => server.close(() => resolve()))
})

const LINK = 'https://owe.example/auth/activate?token=abc_DEF-123&next=%2Fquiz'

/** A mail as the queue holds it. */
function queued(mail: ReturnType<typeof linkMail>, replyTo?: { name: string; address: string }): QueuedMail {
  const at = new Date()
  return {
    id: 1,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    link: mail.link,
    replyToName: replyTo?.name ?? null,
    replyToAddress: replyTo?.address ?? null,
    status: 'sending',
    attempts: 1,
    nextAttemptAt: at,
    lockedUntil: at,
    lastError: null,
    sentAt: null,
    createdAt: at,
  }
}

test('the SMTP transport delivers a queued link mail that a mail client reads back intact', async () => {
  const mail = linkMail(
    'ada@example.com',
    'Activate your Òwe account',
    'Hello Ada,',
    ['Welcome to Òwe.', 'It lasts two days.'],
    'Activate your account',
    LINK,
  )
  await transport.send(queued(mail, { name: 'Kofi Mensah', address: 'kofi@example.com' }))

  const received = inbox.find((message) => recipients(message).includes('ada@example.com'))!
  expect(recipients(received)).toEqual(['ada@example.com'])
  expect(received.from?.value).toEqual([{ address: 'no-reply@owe.example', name: 'Òwe' }])
  expect(received.subject).toBe('Activate your Òwe account')
  expect(received.text).toContain(`Activate your account: ${LINK}`)
  expect(received.text).toContain('Hello Ada,')
  expect(received.html).toContain(`<a href="${LINK.replace(/&/g, '&amp;')}">Activate your account</a>`)
  expect(received.html).toContain('<p>Welcome to Òwe.</p>')
  expect(received.replyTo?.value).toEqual([{ address: 'kofi@example.com', name: 'Kofi Mensah' }])
})

test('a recipient the server refuses (550) rejects the send, and that refusal is final: no retry', async () => {
  const refusal = await transport.send(queued(linkMail('nobody@example.com', 'Hi', 'Hello,', [], 'Open', LINK))).then(
    () => null,
    (error: unknown) => error,
  )
  expect(refusal).not.toBeNull()
  expect(isPermanent(refusal)).toBe(true)
  expect(inbox.some((message) => recipients(message).includes('nobody@example.com'))).toBe(false)
})

test('a server out of reach or a 4xx is worth another try; waits grow from 30 s and stop at an hour', () => {
  expect(isPermanent(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNECTION' }))).toBe(false)
  expect(isPermanent(Object.assign(new Error('try later'), { responseCode: 421 }))).toBe(false)
  expect(isPermanent(Object.assign(new Error('no such user'), { responseCode: 550 }))).toBe(true)
  expect([1, 2, 3, 4, 8, 10].map(retryDelayMs)).toEqual([30_000, 60_000, 120_000, 240_000, 3_600_000, 3_600_000])
})

test('linkMail escapes HTML in the HTML part and leaves the text part as written', () => {
  const mail = linkMail(
    'x@example.com',
    'Subject',
    'Hello <b>Ade</b> & "Bisi",',
    ["Tom's line"],
    'Go <now>',
    'https://owe.example/?a=1&b="2"',
  )
  expect(mail.html).toContain('<p>Hello &lt;b&gt;Ade&lt;/b&gt; &amp; &quot;Bisi&quot;,</p>')
  expect(mail.html).toContain('<p>Tom&#39;s line</p>')
  expect(mail.html).toContain('<a href="https://owe.example/?a=1&amp;b=&quot;2&quot;">Go &lt;now&gt;</a>')
  expect(mail.text).toContain('Hello <b>Ade</b> & "Bisi",')
  expect(mail.text).toContain('Go <now>: https://owe.example/?a=1&b="2"')
  expect(mail).toMatchObject({ to: 'x@example.com', subject: 'Subject', link: 'https://owe.example/?a=1&b="2"' })
})
