import { expect, test } from 'vitest'
import { newReferralCode, REFERRAL_ALPHABET } from './referral-code'

test('a referral code is OWE and six characters nobody misreads', () => {
  expect(REFERRAL_ALPHABET).not.toMatch(/[0O1IL]/)
  for (let i = 0; i < 200; i++) expect(newReferralCode()).toMatch(/^OWE[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{6}$/)
  expect(newReferralCode(() => 0)).toBe('OWEAAAAAA')
  expect(newReferralCode((max) => max - 1)).toBe('OWE999999')
})
