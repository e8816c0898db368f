import { describe, expect, it } from 'vitest'
import { currencyFor, PAYMENT_REFERENCE_PATTERN, newPaymentReference, paymentType, priceInMinorUnits } from './payment'

// docs/requirements.md#r5-plans-and-payments
describe('currencyFor', () => {
  it('is dollars by default', () => {
    expect(currencyFor(null)).toBe('USD')
    expect(currencyFor('paystack')).toBe('USD')
  })
  it('lets Paystack charge in naira', () => {
    expect(currencyFor('paystack', 'NGN')).toBe('NGN')
  })
  it('forces every other option to dollars', () => {
    expect(currencyFor('stripe', 'NGN')).toBe('USD')
    expect(currencyFor('test', 'NGN')).toBe('USD')
  })
})

// docs/requirements.md#r5-plans-and-payments
describe('paymentType', () => {
  it('is the option uppercased', () => {
    expect(paymentType('paystack')).toBe('PAYSTACK')
    expect(paymentType('stripe')).toBe('STRIPE')
  })
})

describe('priceInMinorUnits', () => {
  it('charges the plan in cents', () => {
    expect(priceInMinorUnits(17.99, 0, 'USD', 1000)).toEqual({ list: 1799, amount: 1799 })
  })
  it('converts naira at the rate, exactly the dollar price', () => {
    // $17.99 at 1000 ₦ per $1 is ₦17,990, i.e. 1,799,000 kobo.
    expect(priceInMinorUnits(17.99, 0, 'NGN', 1000)).toEqual({ list: 1_799_000, amount: 1_799_000 })
  })
  it('takes the discount off the dollar cents, rounded to a cent', () => {
    // 10% off $17.99 is $16.191 → $16.19; in naira ₦16,190.
    expect(priceInMinorUnits(17.99, 10, 'USD', 1000).amount).toBe(1619)
    expect(priceInMinorUnits(17.99, 10, 'NGN', 1000).amount).toBe(1_619_000)
  })
  it('keeps a percentage within 0–100', () => {
    expect(priceInMinorUnits(10, 150, 'USD', 1000).amount).toBe(0)
    expect(priceInMinorUnits(10, -5, 'USD', 1000).amount).toBe(1000)
  })
})

describe('newPaymentReference', () => {
  it('makes unguessable references of the accepted form', () => {
    const a = newPaymentReference()
    expect(a).toMatch(PAYMENT_REFERENCE_PATTERN)
    expect(newPaymentReference()).not.toBe(a)
  })
  it('never takes the form of the server’s renewal references', () => {
    expect(PAYMENT_REFERENCE_PATTERN.test('renew_1_1826873508')).toBe(false)
    expect(PAYMENT_REFERENCE_PATTERN.test('owe_short')).toBe(false)
  })
})
