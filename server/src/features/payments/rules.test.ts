import { expect, test } from 'vitest'
import { checkoutDescription, longDate, oneYearAfter, quoteOf, returnBase, returnUrls } from './rules'

const silver = { id: 2, name: 'Silver', amount: '17.99' }

test('the quote is the plan’s price in cents, the discount taken off in cents, then converted to naira', () => {
  expect(quoteOf(silver, null, 'USD', 1000)).toEqual({
    packageId: 2,
    planName: 'Silver',
    currency: 'USD',
    listAmount: 17.99,
    discount: 0,
    amount: 17.99,
    percentOff: 0,
    coupon: null,
    amountMinor: 1799,
  })
  expect(quoteOf(silver, { code: 'WELCOME10', percentOff: 10 }, 'USD', 1000)).toMatchObject({
    listAmount: 17.99,
    discount: 1.8,
    amount: 16.19,
    amountMinor: 1619,
    percentOff: 10,
    coupon: 'WELCOME10',
  })
  // Naira is the dollar price converted exactly: 1619 cents at 1000 ₦ a dollar is ₦16,190.
  expect(quoteOf(silver, { code: 'WELCOME10', percentOff: 10 }, 'NGN', 1000)).toMatchObject({
    listAmount: 17990,
    discount: 1800,
    amount: 16190,
    amountMinor: 1_619_000,
  })
  expect(quoteOf(silver, null, 'NGN', 1550)).toMatchObject({ amount: 27884.5, amountMinor: 2_788_450 })
  expect(quoteOf(silver, { code: 'FREE', percentOff: 100 }, 'USD', 1000)).toMatchObject({ amount: 0, discount: 17.99 })
})

test('a package lasts a calendar year', () => {
  expect(oneYearAfter(new Date('2026-11-21T12:00:00Z')).toISOString()).toBe('2027-11-21T12:00:00.000Z')
  expect(oneYearAfter(new Date('2028-02-29T08:00:00Z')).toISOString()).toBe('2029-03-01T08:00:00.000Z')
})

test('a checkout returns to the app’s success page, or the sign-up’s, with the reference; cancelling adds cancelled=1', () => {
  expect(returnUrls('https://owe.example', 'owe_0123456789abcdef', false)).toEqual({
    callbackUrl: 'https://owe.example/payment_success?reference=owe_0123456789abcdef',
    cancelUrl: 'https://owe.example/payment_success?reference=owe_0123456789abcdef&cancelled=1',
  })
  expect(returnUrls('https://owe.example', 'owe_0123456789abcdef', true).callbackUrl).toBe(
    'https://owe.example/register_payment_success?reference=owe_0123456789abcdef',
  )
  expect(checkoutDescription('Gold')).toBe('Òwe Gold plan, one year')
  expect(longDate(new Date('2027-11-21T23:30:00Z'))).toBe('21 November 2027')
})

test('a checkout returns to the site origin it was started from, and only to one of the site’s', () => {
  const origins = ['https://owe.example', 'https://www.owe.example']
  expect(returnBase('https://owe.example', origins, 'https://www.owe.example')).toBe('https://www.owe.example')
  expect(returnBase('https://owe.example/app', origins, 'https://www.owe.example/pricing?plan=2')).toBe('https://www.owe.example/app')
  expect(returnBase('https://owe.example', origins, undefined)).toBe('https://owe.example')
  for (const other of [
    'https://evil.example',
    'null',
    'http://owe.example',
    'https://www.owe.example.evil.example',
    'javascript:alert(1)',
    '//www.owe.example',
    '',
  ]) {
    expect(returnBase('https://owe.example', origins, other)).toBe('https://owe.example')
  }
})
