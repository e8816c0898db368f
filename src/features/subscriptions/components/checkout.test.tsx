// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import type { PaymentOptionInfo, PaymentQuote, PaymentState, Plan } from '@/core/payments/contract'
import { PAYMENT_REFERENCE_PATTERN } from '@/core/payments/payment'
import { ACCOUNT_TEXTS } from '@/core/account/texts'
import { workerStandIn } from '@/lib/test-analytics'
import { json, renderWithApp } from '@/lib/test-render'
import { Checkout } from './checkout'

vi.mock('@/lib/session', () => import('@/lib/test-session'))

const SILVER: Plan = { id: 2, name: 'Silver', amount: 17.99, noOfEthnics: 2, description: 'Two peoples.' }
const OPTIONS: PaymentOptionInfo[] = [
  { id: 'paystack', label: 'Paystack (card, bank, USSD)', currencies: ['NGN', 'USD'], testMode: false },
  { id: 'stripe', label: 'Card (Stripe)', currencies: ['USD'], testMode: false },
]

let starts: { body: PaymentState; auth: string | null }[]
let quotes: URLSearchParams[]
let quoteAuth: (string | null)[]
let options: PaymentOptionInfo[]
let startAnswer: (() => Response) | undefined
let promoChecks: string[]

/** The server's quote: 10% off with WELCOME10, naira at 1000 per dollar. */
function quoteFor(params: URLSearchParams): Response {
  const currency = params.get('currency') as 'USD' | 'NGN'
  const coupon = params.get('coupon')
  if (coupon?.toUpperCase() === 'OWNCODE1') {
    return json(
      {
        error: {
          code: 'bad_request',
          message: 'You cannot use your own referral code.',
          fields: { coupon: 'You cannot use your own referral code.' },
        },
      },
      400,
    )
  }
  const factor = currency === 'NGN' ? 1000 : 1
  const list = 17.99 * factor
  const percentOff = coupon ? 10 : 0
  const amount = (Math.round(1799 * (1 - percentOff / 100)) / 100) * factor
  const quote: PaymentQuote = {
    packageId: 2,
    planName: 'Silver',
    currency,
    listAmount: list,
    discount: Math.round((list - amount) * 100) / 100,
    amount,
    percentOff,
    coupon: coupon ? coupon.toUpperCase() : null,
  }
  return json({ data: quote })
}

beforeEach(() => {
  starts = []
  quotes = []
  quoteAuth = []
  options = OPTIONS
  startAnswer = undefined
  promoChecks = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const parsed = new URL(url, 'http://localhost')
      if (parsed.pathname === '/api/payments/options') return json({ data: options })
      if (parsed.pathname.startsWith('/api/user/profile/verify_promo-code/')) {
        const code = decodeURIComponent(parsed.pathname.split('/').pop()!).toUpperCase()
        promoChecks.push(code)
        return json({ data: { code, valid: code === 'WELCOME10' || code === 'OWNCODE1', percentOff: 10 } })
      }
      if (parsed.pathname === '/api/payments/quote') {
        quotes.push(parsed.searchParams)
        quoteAuth.push(new Headers(init?.headers).get('Authorization'))
        return quoteFor(parsed.searchParams)
      }
      if (parsed.pathname === '/api/payments/initialize' && init?.method === 'POST') {
        const headers = new Headers(init.headers)
        starts.push({ body: JSON.parse(String(init.body)) as PaymentState, auth: headers.get('Authorization') })
        if (startAnswer) return startAnswer()
        return json({ data: { reference: 'r', redirectUrl: 'https://checkout.example/pay/r', amount: 17.99, currency: 'USD' } })
      }
      return json({ error: { code: 'not_found', message: url } }, 404)
    }),
  )
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

const total = () => screen.getByTestId('checkout-total').textContent
const payButton = () => screen.getByRole('button', { name: /^Pay/ })

test('dollars by default; Paystack may switch to naira and the amount shown is the server’s', async () => {
  renderWithApp(<Checkout plan={SILVER} redirect={vi.fn()} />)
  await waitFor(() => expect(total()).toBe('$17.99'))
  fireEvent.click(screen.getByRole('radio', { name: /Naira/ }))
  await waitFor(() => expect(total()).toBe('₦17,990'))
  expect(quotes.at(-1)?.get('currency')).toBe('NGN')
  expect(quotes.at(-1)?.get('option')).toBe('paystack')
})

// docs/requirements.md#r5-plans-and-payments
test('every other option is forced to dollars', async () => {
  renderWithApp(<Checkout plan={SILVER} initialCurrency="NGN" redirect={vi.fn()} />)
  await waitFor(() => expect(total()).toBe('₦17,990'))
  fireEvent.click(screen.getByRole('radio', { name: 'Card (Stripe)' }))
  await waitFor(() => expect(total()).toBe('$17.99'))
  expect(screen.queryByRole('radio', { name: /Naira/ })).toBeNull()
  expect(screen.getByText('This option charges in US dollars.')).toBeTruthy()
})

// docs/requirements.md#r5-plans-and-payments
test('paying sends the payment state and goes to the provider', async () => {
  const redirect = vi.fn()
  renderWithApp(<Checkout plan={SILVER} initialCurrency="NGN" redirect={redirect} />)
  await waitFor(() => expect(total()).toBe('₦17,990'))
  // Off until the user ticks it: recurring charges are their choice.
  expect((screen.getByRole('checkbox', { name: /Renew automatically/ }) as HTMLInputElement).checked).toBe(false)
  fireEvent.click(screen.getByRole('checkbox', { name: /Renew automatically/ }))
  fireEvent.click(payButton())
  await waitFor(() => expect(redirect).toHaveBeenCalledWith('https://checkout.example/pay/r'))
  const [{ body, auth }] = starts
  expect(body).toMatchObject({
    paymentOption: 'paystack',
    currency: 'NGN',
    amount: 17990,
    autoRenew: true,
    coupon: null,
    metadata: { payment_type: 'PAYSTACK', packageId: 2, registration: false },
  })
  expect(body.reference).toMatch(PAYMENT_REFERENCE_PATTERN)
  expect(body).not.toHaveProperty('registrationToken')
  expect(auth).toBe('Bearer token-7')
})

test('a promo code is checked and priced by the server; a bad one says so', async () => {
  renderWithApp(<Checkout plan={SILVER} redirect={vi.fn()} />)
  await waitFor(() => expect(total()).toBe('$17.99'))
  const field = screen.getByLabelText('Promo code (optional)')
  fireEvent.change(field, { target: { value: 'nope' } })
  fireEvent.click(screen.getByRole('button', { name: 'Apply' }))
  expect((await screen.findByRole('alert')).textContent).toBe(ACCOUNT_TEXTS.promoInvalid)
  expect(promoChecks).toEqual(['NOPE'])
  expect(quotes.some((q) => q.get('coupon'))).toBe(false)
  expect(total()).toBe('$17.99')
  // Valid by the promo-code check, refused by the quote: the server's reason is shown.
  fireEvent.change(field, { target: { value: 'owncode1' } })
  fireEvent.click(screen.getByRole('button', { name: 'Apply' }))
  await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('You cannot use your own referral code.'))
  expect(total()).toBe('$17.99')
  fireEvent.change(field, { target: { value: 'welcome10' } })
  fireEvent.click(screen.getByRole('button', { name: 'Apply' }))
  await waitFor(() => expect(total()).toBe('$16.19'))
  expect(screen.getByText('WELCOME10 (10% off)')).toBeTruthy()
  fireEvent.click(payButton())
  await waitFor(() => expect(starts).toHaveLength(1))
  expect(starts[0].body).toMatchObject({ coupon: 'WELCOME10', amount: 16.19 })
})

test('a start whose answer was lost is retried as the same payment; one the server refused is a new one', async () => {
  let lose = true
  startAnswer = () => {
    if (lose) throw new TypeError('Failed to fetch')
    return json({ error: { code: 'provider_unavailable', message: 'Paystack could not be reached. Please try again.' } }, 502)
  }
  renderWithApp(<Checkout plan={SILVER} redirect={vi.fn()} />)
  await waitFor(() => expect(total()).toBe('$17.99'))
  fireEvent.click(payButton())
  expect((await screen.findByRole('alert')).textContent).toMatch(/offline/)
  lose = false
  fireEvent.click(payButton())
  await waitFor(() => expect(starts).toHaveLength(2))
  // The first may have reached the server: the same reference, so it cannot become two payments.
  expect(starts[1].body.reference).toBe(starts[0].body.reference)
  await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Paystack could not be reached. Please try again.'))
  fireEvent.click(payButton())
  await waitFor(() => expect(starts).toHaveLength(3))
  // That one was refused (and is over on the server): trying again is a new payment.
  expect(starts[2].body.reference).not.toBe(starts[1].body.reference)
})

test('a plan already held is extended; another plan replaces it, and the checkout says so', async () => {
  const current = {
    id: 4,
    plan: { id: 3, name: 'Gold', amount: 29.99, noOfEthnics: 4, description: '' },
    startsAt: '2026-01-10T09:00:00.000Z',
    expiresAt: '2027-01-10T09:00:00.000Z',
    autoRenew: false,
    canAutoRenew: false,
    active: true,
    paymentOption: 'test' as const,
    groups: [],
  }
  renderWithApp(<Checkout plan={SILVER} current={current} redirect={vi.fn()} />)
  expect((await screen.findByTestId('checkout-current')).textContent).toBe(
    'Your Gold plan runs until January 10th, 2027. The Silver plan replaces it as soon as you pay; the rest of the Gold period is not carried over.',
  )
  cleanup()
  renderWithApp(<Checkout plan={SILVER} current={{ ...current, plan: SILVER }} redirect={vi.fn()} />)
  expect((await screen.findByTestId('checkout-current')).textContent).toBe(
    'You have the Silver plan until January 10th, 2027. Paying now adds a year after that.',
  )
})

test('a changed price is shown again, not charged', async () => {
  startAnswer = () => json({ error: { code: 'conflict', message: 'The price has changed. Check the new amount and try again.' } }, 409)
  renderWithApp(<Checkout plan={SILVER} redirect={vi.fn()} />)
  await waitFor(() => expect(total()).toBe('$17.99'))
  const before = quotes.length
  fireEvent.click(payButton())
  expect((await screen.findByRole('alert')).textContent).toBe('The price has changed. Check the new amount and try again.')
  await waitFor(() => expect(quotes.length).toBeGreaterThan(before))
})

test('a price that cannot be worked out can be asked for again', async () => {
  let failQuote = true
  const realFetch = globalThis.fetch
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (failQuote && url.startsWith('/api/payments/quote'))
        return json({ error: { code: 'unavailable', message: 'The server is resting.' } }, 503)
      return realFetch(url, init)
    }),
  )
  renderWithApp(<Checkout plan={SILVER} redirect={vi.fn()} />)
  expect((await screen.findByRole('alert')).textContent).toContain('The server is resting.')
  expect((payButton() as HTMLButtonElement).disabled).toBe(true)
  failQuote = false
  fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
  await waitFor(() => expect(total()).toBe('$17.99'))
})

test('at the end of sign-up the registration token stands in for a session', async () => {
  renderWithApp(<Checkout plan={SILVER} registrationToken="pay-token" initialCoupon="WELCOME10" redirect={vi.fn()} />)
  await waitFor(() => expect(total()).toBe('$16.19'))
  expect(quoteAuth).toEqual([null])
  fireEvent.click(payButton())
  await waitFor(() => expect(starts).toHaveLength(1))
  expect(starts[0].body).toMatchObject({ registrationToken: 'pay-token', metadata: { registration: true }, coupon: 'WELCOME10' })
  expect(starts[0].auth).toBeNull()
})

test('a promo code carried in is applied at once: the first price shown is the discounted one', async () => {
  renderWithApp(<Checkout plan={SILVER} initialCoupon="welcome10" redirect={vi.fn()} />)
  await waitFor(() => expect(total()).toBe('$16.19'))
  // Never priced without the code, and asked with the session so the server knows whose code it is.
  expect(quotes.map((q) => q.get('coupon'))).toEqual(['welcome10'])
  expect(quoteAuth).toEqual(['Bearer token-7'])
  expect(screen.getByText('WELCOME10 (10% off)')).toBeTruthy()
  expect(payButton().textContent).toBe('Pay $16.19')
})

test('the reader’s own referral code carried in is refused before any price is shown', async () => {
  renderWithApp(<Checkout plan={SILVER} initialCoupon="OWNCODE1" redirect={vi.fn()} />)
  expect((await screen.findByRole('alert')).textContent).toBe('You cannot use your own referral code.')
  await waitFor(() => expect(total()).toBe('$17.99'))
  // The first question to the server carried the code: no price was worked out before the refusal.
  expect(quotes.map((q) => q.get('coupon'))).toEqual(['OWNCODE1', null])
  expect(screen.getByRole('alert').textContent).toBe('You cannot use your own referral code.')
})

test('the test mode option says what it is once', async () => {
  options = [{ id: 'test', label: 'Test mode (no money moves)', currencies: ['USD'], testMode: true }]
  renderWithApp(<Checkout plan={SILVER} redirect={vi.fn()} />)
  const radio = await screen.findByRole('radio', { name: 'Test mode (no money moves)' })
  expect(radio.closest('label')!.textContent).toBe('Test mode (no money moves)')
})

test('a checkout is counted as started, with its plan and currency, once the payment is started and before the reader leaves to pay', async () => {
  const worker = await workerStandIn()
  const redirect = vi.fn()
  renderWithApp(<Checkout plan={SILVER} redirect={redirect} />)
  await waitFor(() => expect(total()).toBe('$17.99'))
  startAnswer = () => json({ error: { code: 'bad_request', message: 'The price has changed.' } }, 400)
  fireEvent.click(payButton())
  await screen.findByText('The price has changed.')
  expect(await worker.events()).toEqual([])
  startAnswer = undefined
  fireEvent.click(payButton())
  await waitFor(() => expect(redirect).toHaveBeenCalled())
  expect(await worker.events()).toMatchObject([{ type: 'checkout_start', detail: 'Silver', currency: 'USD' }])
  worker.remove()
})
