import type { FastifyBaseLogger } from 'fastify'
import { simpleParser, type AddressObject, type ParsedMail } from 'mailparser'
import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, expect, test } from 'vitest'
import type { Db } from '../db/client'
import { createMailer, linkMail } from './mail'

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

let mailer: ReturnType<typeof createMailer>
beforeAll(async () => {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve())
  })
  const { port } = server.server.address() as AddressInfo
  mailer = createMailer({
    smtpUrl: `smtp://127.0.0.1:${port}`,
    from: 'Òwe <no-reply@owe.example>',
    // The SMTP branch touches neither the database nor the log.
    db: undefined as unknown as Db,
    log: undefined as unknown as FastifyBaseLogger,
  })
})
afterAll(async () => {
  mailer.close()
  await new Promise<void>((resolve) => server.close(() => resolve()))
})

const LINK = 'https://owe.example/auth/activate?token=abc_DEF-123&next=%2Fquiz'

test('with an SMTP URL the mailer delivers a link mail that a mail client reads back intact', async () => {
  expect(mailer.kind).toBe('smtp')
  const mail = linkMail('ada@example.com', 'Activate your Òwe account', 'Hello Ada,', ['Welcome to Òwe.', 'It lasts two days.'], 'Activate your account', LINK)
  await mailer.send(mail)

  const received = inbox.find((message) => recipients(message).includes('ada@example.com'))!
  expect(recipients(received)).toEqual(['ada@example.com'])
  expect(received.from?.value).toEqual([{ address: 'no-reply@owe.example', name: 'Òwe' }])
  expect(received.subject).toBe('Activate your Òwe account')
  expect(received.text).toContain(`Activate your account: ${LINK}`)
  expect(received.text).toContain('Hello Ada,')
  expect(received.html).toContain(`<a href="${LINK.replace(/&/g, '&amp;')}">Activate your account</a>`)
  expect(received.html).toContain('<p>Welcome to Òwe.</p>')
})

test('a recipient the server refuses makes send() reject, so the caller can log it', async () => {
  await expect(mailer.send(linkMail('nobody@example.com', 'Hi', 'Hello,', [], 'Open', LINK))).rejects.toThrow()
  expect(inbox.some((message) => recipients(message).includes('nobody@example.com'))).toBe(false)
})

test('linkMail escapes HTML in the HTML part and leaves the text part as written', () => {
  const mail = linkMail('x@example.com', 'Subject', 'Hello <b>Ade</b> & "Bisi",', ["Tom's line"], 'Go <now>', 'https://owe.example/?a=1&b="2"')
  expect(mail.html).toContain('<p>Hello &lt;b&gt;Ade&lt;/b&gt; &amp; &quot;Bisi&quot;,</p>')
  expect(mail.html).toContain('<p>Tom&#39;s line</p>')
  expect(mail.html).toContain('<a href="https://owe.example/?a=1&amp;b=&quot;2&quot;">Go &lt;now&gt;</a>')
  expect(mail.text).toContain('Hello <b>Ade</b> & "Bisi",')
  expect(mail.text).toContain('Go <now>: https://owe.example/?a=1&b="2"')
  expect(mail).toMatchObject({ to: 'x@example.com', subject: 'Subject', link: 'https://owe.example/?a=1&b="2"' })
})
