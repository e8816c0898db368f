import http from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * The plumbing the payment providers' stand-ins (paystack-stand-in.ts, stripe-stand-in.ts) share: an HTTP
 * server on 127.0.0.1 handed each request with its whole body, HTML pages and redirects for the hosted
 * checkout, signed webhooks posted and tracked until delivered. Each stand-in keeps its own protocol.
 */

export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

/** Requests to one path (or paths matching), in order. */
export const requestsTo = <R extends { path: string }>(requests: R[], path: string | RegExp) =>
  requests.filter((r) => (typeof path === 'string' ? r.path === path : path.test(r.path)))

/**
 * Serves `handle` on a free port of 127.0.0.1, once each request's body has arrived. A handler that
 * throws answers 500 with `errorBody` of the message (in the provider's error shape).
 */
export async function startStandInServer(
  handle: (req: http.IncomingMessage, res: http.ServerResponse, raw: string) => Promise<void>,
  errorBody: (message: string) => unknown,
) {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      void handle(req, res, Buffer.concat(chunks).toString('utf8')).catch((error: unknown) => {
        res.writeHead(500, { 'content-type': 'application/json' })
        res.end(JSON.stringify(errorBody(`Stand-in error: ${String(error)}`)))
      })
    })
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve())
  })
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/** An HTML page and a 303 redirect, each recorded (with its status) before it is sent. */
export function htmlAnswers(res: http.ServerResponse, record: (status: number) => void) {
  return {
    page: (status: number, html: string) => {
      record(status)
      res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' })
      res.end(html)
    },
    redirect: (location: string) => {
      record(303)
      res.writeHead(303, { location })
      res.end()
    },
  }
}

export type HostedCheckoutAction = 'pay' | 'decline' | 'cancel'

/**
 * The hosted checkout's route (no API key, as on the provider's own checkout site): its page on GET, a
 * button's form post (`…/pay`, `…/decline`, `…/cancel`) handed to `act`, 404 for an unknown checkout and
 * 405 for anything else.
 */
export async function hostedCheckout<T>(
  method: string | undefined,
  [, id, action]: RegExpExecArray,
  answers: ReturnType<typeof htmlAnswers>,
  checkout: {
    title: string
    missing: string
    find: (id: string) => T | undefined
    page: (item: T) => string
    act: (item: T, action: HostedCheckoutAction) => Promise<void>
  },
) {
  const { page } = answers
  const item = checkout.find(id)
  if (!item) return page(404, `<!doctype html><title>${checkout.title}</title><h1>${checkout.title}</h1><p>${checkout.missing}</p>`)
  if (method === 'GET' && !action) return page(200, checkout.page(item))
  if (method !== 'POST' || !action) return page(405, '<!doctype html><title>Method not allowed</title>')
  await checkout.act(item, action as HostedCheckoutAction)
}

/** The hosted checkout page: what is being paid for, and while it is open, a test card and the three buttons. */
export function checkoutPageHtml(page: {
  title: string
  intro: string
  /** Term and value (escaped here); a testId marks the value for tests. */
  details: { term: string; value: string; testId?: string }[]
  /** Where the buttons post: `${actions}/pay` and so on. */
  actions: string
  open: boolean
  card: string
  /** The status line once it is no longer open (escaped here). */
  closed: string
}): string {
  const button = (action: HostedCheckoutAction, label: string) =>
    `<form method="post" action="${page.actions}/${action}"><button type="submit">${label}</button></form>`
  const details = page.details.map(
    ({ term, value, testId }) => `<dt>${term}</dt><dd${testId ? ` data-testid="${testId}"` : ''}>${escapeHtml(value)}</dd>`,
  )
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${page.title}</title></head>
<body>
<main>
<h1>${page.title}</h1>
<p>${page.intro}</p>
<dl>
${details.join('\n')}
</dl>
${
  page.open
    ? `<p>${page.card}</p>
${button('pay', 'Pay')}
${button('decline', 'Decline')}
${button('cancel', 'Cancel')}`
    : `<p role="status">${escapeHtml(page.closed)}</p>`
}
</main>
</body>
</html>`
}

export type WebhookDelivery = { status: number | null; error?: string }

/**
 * Posts a signed webhook to `target`, logging `delivery` at once and filling in the answer's status (or
 * the network error) when it comes. Never throws for the network.
 */
export async function postWebhook<D extends WebhookDelivery>(
  log: D[],
  delivery: D,
  target: string,
  signed: { body: string; headers: Record<string, string> },
) {
  log.push(delivery)
  try {
    const response = await fetch(target, {
      method: 'POST',
      headers: signed.headers,
      body: signed.body,
      signal: AbortSignal.timeout(10_000),
    })
    delivery.status = response.status
    await response.text()
  } catch (error) {
    delivery.error = error instanceof Error ? error.message : String(error)
  }
  return delivery
}

/** The provider's own webhook deliveries: tracked while under way, so tests can wait for them with idle(). */
export function deliveryTracker() {
  const inFlight = new Set<Promise<unknown>>()
  return {
    track: (sending: Promise<unknown>) => {
      inFlight.add(sending)
      void sending.finally(() => inFlight.delete(sending))
      return sending
    },
    /** Waits for the webhooks still being delivered. */
    idle: async () => {
      while (inFlight.size > 0) await Promise.all([...inFlight])
    },
  }
}
