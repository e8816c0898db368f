import '../subscriptions.css'
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { errorMessage, ErrorState, Loading } from '@/components/query-state'
import { CURRENCIES, type CurrencyCode } from '@/core/shared/constants'
import type { ActivePackage, PaymentOptionInfo, Plan } from '@/core/payments/contract'
import { formatLongDate } from '@/core/shared/format'
import { formatCurrency } from '@/core/shared/money'
import { currencyFor, newPaymentReference, paymentType, type PaymentOption } from '@/core/payments/payment'
import { ACCOUNT_TEXTS } from '@/core/account/texts'
import { track } from '@/lib/track'
import { ApiError } from '@/lib/api-client'
import { verifyPromoCode } from '../api'
import { useStartPayment } from '../mutations'
import { paymentOptionsQuery, quoteQuery } from '../queries'

export type CheckoutProps = {
  plan: Plan
  /**
   * The currency the prices were being shown in; naira sticks only with Paystack
   * (docs/requirements.md#r5-plans-and-payments).
   */
  initialCurrency?: CurrencyCode
  /** A promo code to start with (the one given at sign-up). */
  initialCoupon?: string | null
  /** At the end of sign-up, before activation: the token that stands in for a session. */
  registrationToken?: string
  /** The package the user holds now, if any: paying for another plan replaces it, for the same one extends it. */
  current?: ActivePackage | null
  /** Move focus (and the view) to the checkout's heading when it appears. */
  focusOnMount?: boolean
  /** Where the browser goes to pay; replaced in tests. */
  redirect?: (url: string) => void
}

const goTo = (url: string) => window.location.assign(url)

/**
 * Paying for a plan: a payment option, the currency (naira only through Paystack), auto-renew and a
 * promo code. The amount comes from the server's quote and is the amount sent (and charged); the
 * server refuses a start whose amount differs, so a price that changed meanwhile is shown, not charged.
 */
export function Checkout({
  plan,
  initialCurrency = 'USD',
  initialCoupon = null,
  registrationToken,
  current = null,
  focusOnMount = false,
  redirect = goTo,
}: CheckoutProps) {
  const options = useQuery(paymentOptionsQuery())
  if (options.isPending) return <Loading label="Loading the payment options" />
  if (options.isError)
    return <ErrorState error={options.error} onRetry={() => void options.refetch()} title="Could not load the payment options" />
  if (options.data.length === 0) return <p className="notice">Payments are not available right now. Please try again later.</p>
  return (
    <CheckoutForm
      plan={plan}
      options={options.data}
      initialCurrency={initialCurrency}
      initialCoupon={initialCoupon}
      registrationToken={registrationToken}
      current={current}
      focusOnMount={focusOnMount}
      redirect={redirect}
    />
  )
}

type FormProps = Omit<CheckoutProps, 'initialCurrency' | 'initialCoupon' | 'redirect' | 'focusOnMount' | 'current'> & {
  focusOnMount: boolean
  current: ActivePackage | null
  options: PaymentOptionInfo[]
  initialCurrency: CurrencyCode
  initialCoupon: string | null
  redirect: (url: string) => void
}

function CheckoutForm({ plan, options, initialCurrency, initialCoupon, registrationToken, current, focusOnMount, redirect }: FormProps) {
  const id = useId()
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => {
    if (!focusOnMount) return
    heading.current?.focus()
    heading.current?.scrollIntoView?.({ block: 'start' })
  }, [focusOnMount])
  const client = useQueryClient()
  const [option, setOption] = useState<PaymentOption>(() =>
    initialCurrency === 'NGN' && options.some((o) => o.id === 'paystack') ? 'paystack' : options[0].id,
  )
  const [requestedCurrency, setRequestedCurrency] = useState<CurrencyCode>(initialCurrency)
  // Recurring charges are the user's choice to make: off until they tick it.
  const [autoRenew, setAutoRenew] = useState(false)
  const [couponInput, setCouponInput] = useState(initialCoupon ?? '')
  // A code carried in (from sign-up or the link) is applied at once: the first price shown is the discounted one.
  const [coupon, setCoupon] = useState<string | null>(() => initialCoupon?.trim() || null)
  const [couponError, setCouponError] = useState<string | null>(null)
  const [checkingCoupon, setCheckingCoupon] = useState(false)
  const references = useRef(new Map<string, string>())

  const chosen = options.find((o) => o.id === option) ?? options[0]
  const currency = currencyFor(chosen.id, requestedCurrency)
  const signedIn = !registrationToken
  const quote = useQuery({
    ...quoteQuery({ packageId: plan.id, currency, option: chosen.id, coupon, signedIn }),
    placeholderData: keepPreviousData,
  })
  // A code the server refuses (unknown, spent, the reader's own) is said under the field and dropped, so the
  // refusal comes before any price and the price then shown is the one the reader would pay.
  const refusal =
    coupon !== null && quote.error instanceof ApiError && quote.error.status === 400 ? (quote.error.fields?.coupon ?? null) : null
  useEffect(() => {
    if (refusal === null) return
    setCouponError(refusal)
    setCoupon(null)
  }, [refusal])

  const pay = useStartPayment({
    onStarted: (start) => {
      // Counted once the payment is started and the reader goes to pay (the event is handed over as the page is left).
      track('checkout_start', { detail: plan.name, currency: start.currency })
      redirect(start.redirectUrl)
    },
    onFailed: (error, state) => {
      // The server answered (a refusal, a provider out of reach): that payment is over, and trying again
      // is a new one. Only a lost answer keeps the reference, since the start may have happened.
      if (error instanceof ApiError && !error.offline) {
        for (const [key, reference] of references.current) if (reference === state.reference) references.current.delete(key)
      }
    },
  })

  async function applyCoupon() {
    const code = couponInput.trim()
    setCouponError(null)
    if (!code) {
      setCoupon(null)
      return
    }
    setCheckingCoupon(true)
    try {
      // The promo-code check first; the quote then prices it (and refuses one's own referral code).
      const check = await verifyPromoCode(code)
      if (!check.valid) {
        setCoupon(null)
        setCouponError(ACCOUNT_TEXTS.promoInvalid)
        return
      }
      const checked = await client.fetchQuery(quoteQuery({ packageId: plan.id, currency, option: chosen.id, coupon: code, signedIn }))
      setCoupon(checked.coupon)
    } catch (error) {
      setCoupon(null)
      setCouponError(
        error instanceof ApiError && error.fields?.coupon
          ? error.fields.coupon
          : error instanceof ApiError && error.status === 400
            ? ACCOUNT_TEXTS.promoInvalid
            : errorMessage(error),
      )
    } finally {
      setCheckingCoupon(false)
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault()
    if (!quote.data || pay.isPending) return
    const body = { option: chosen.id, currency, amount: quote.data.amount, autoRenew, coupon: quote.data.coupon }
    // The same choices again (a second click, a retry) are the same payment; new choices a new one.
    const key = JSON.stringify(body)
    const reference = references.current.get(key) ?? newPaymentReference()
    references.current.set(key, reference)
    pay.mutate({
      paymentOption: body.option,
      currency: body.currency,
      amount: body.amount,
      autoRenew: body.autoRenew,
      coupon: body.coupon,
      reference,
      metadata: { payment_type: paymentType(body.option), packageId: plan.id, registration: Boolean(registrationToken) },
      ...(registrationToken ? { registrationToken } : {}),
    })
  }

  const redirecting = pay.isSuccess
  const busy = pay.isPending || redirecting
  return (
    <form className="checkout" onSubmit={submit} aria-labelledby={`${id}-title`} noValidate>
      <h2 id={`${id}-title`} ref={heading} tabIndex={-1}>
        Pay for the {plan.name} plan
      </h2>
      {current && (
        <p className="notice" data-testid="checkout-current">
          {current.plan.id === plan.id
            ? `You have the ${plan.name} plan until ${formatLongDate(current.expiresAt)}. Paying now adds a year after that.`
            : `Your ${current.plan.name} plan runs until ${formatLongDate(current.expiresAt)}. The ${plan.name} plan replaces it as soon as you pay; the rest of the ${current.plan.name} period is not carried over.`}
        </p>
      )}
      <fieldset className="checkout__options">
        <legend>Payment option</legend>
        {options.map((o) => (
          <label key={o.id} className="choice">
            <input
              type="radio"
              name="paymentOption"
              value={o.id}
              checked={o.id === chosen.id}
              onChange={() => setOption(o.id)}
              disabled={busy}
            />
            <span>{o.testMode ? <span className="badge badge--test">{o.label}</span> : o.label}</span>
          </label>
        ))}
      </fieldset>

      {chosen.currencies.includes('NGN') ? (
        <fieldset className="checkout__currency">
          <legend>Currency</legend>
          {(Object.keys(CURRENCIES) as CurrencyCode[])
            .filter((code) => chosen.currencies.includes(code))
            .map((code) => (
              <label key={code} className="choice">
                <input
                  type="radio"
                  name="currency"
                  value={code}
                  checked={currency === code}
                  onChange={() => setRequestedCurrency(code)}
                  disabled={busy}
                />
                <span>
                  {CURRENCIES[code].symbol} {code === 'NGN' ? 'Naira' : 'US dollars'}
                </span>
              </label>
            ))}
        </fieldset>
      ) : (
        <p className="subtle">This option charges in US dollars.</p>
      )}

      <label className="choice">
        <input
          type="checkbox"
          name="autoRenew"
          checked={autoRenew}
          onChange={(event) => setAutoRenew(event.target.checked)}
          disabled={busy}
        />
        <span>Renew automatically each year. You can turn this off at any time in your profile.</span>
      </label>

      <div className="field">
        <label htmlFor={`${id}-coupon`}>Promo code (optional)</label>
        <div className="checkout__coupon">
          <input
            id={`${id}-coupon`}
            name="coupon"
            value={couponInput}
            autoCapitalize="characters"
            autoComplete="off"
            onChange={(event) => setCouponInput(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault()
                void applyCoupon()
              }
            }}
            aria-invalid={couponError ? true : undefined}
            aria-describedby={couponError ? `${id}-coupon-error` : undefined}
            disabled={busy}
          />
          <button type="button" className="button" onClick={() => void applyCoupon()} disabled={busy || checkingCoupon}>
            {checkingCoupon ? 'Checking…' : 'Apply'}
          </button>
        </div>
        {couponError && (
          <p id={`${id}-coupon-error`} className="field__error" role="alert">
            {couponError}
          </p>
        )}
      </div>

      <div className="checkout__summary" aria-live="polite">
        {quote.isPending || refusal !== null ? (
          <Loading label="Working out the price" lines={1} />
        ) : quote.isError ? (
          <ErrorState error={quote.error} onRetry={() => void quote.refetch()} title="Could not work out the price" />
        ) : (
          <dl>
            {quote.data.discount > 0 && (
              <>
                <dt>{plan.name} plan, one year</dt>
                <dd>{formatCurrency(quote.data.listAmount, quote.data.currency)}</dd>
                <dt>
                  {quote.data.coupon} ({quote.data.percentOff}% off)
                </dt>
                <dd>−{formatCurrency(quote.data.discount, quote.data.currency)}</dd>
              </>
            )}
            <dt>You pay</dt>
            <dd className="checkout__total" data-testid="checkout-total">
              {formatCurrency(quote.data.amount, quote.data.currency)}
            </dd>
          </dl>
        )}
      </div>

      {pay.isError && (
        <p className="notice notice--error" role="alert">
          {errorMessage(pay.error)}
        </p>
      )}
      <div className="form__actions">
        <button type="submit" className="button button--primary" disabled={!quote.data || quote.isFetching || busy}>
          {busy
            ? `Taking you to ${chosen.testMode ? 'the test checkout' : chosen.label}…`
            : quote.data
              ? `Pay ${formatCurrency(quote.data.amount, quote.data.currency)}`
              : 'Pay'}
        </button>
      </div>
    </form>
  )
}
