// @vitest-environment jsdom
import { afterEach, expect, test, vi } from 'vitest'
import { ADS_MIN_INTERVAL_MS } from '@/core/shared/constants'
import type { AdvertFile } from '@/core/adverts/contract'
import { advertLink, isAdFreeRoute, isDue, lastShowing, lastShownKey, linkLabel, nextAdvert, recordShowing, wantsAdverts } from './rules'

afterEach(() => {
  localStorage.clear()
  vi.restoreAllMocks()
})

// docs/requirements.md#r8-adverts
test('adverts without a package, or with one and the toggle on; nothing while either is unknown', () => {
  expect(wantsAdverts(false, undefined)).toBe(true)
  expect(wantsAdverts(false, false)).toBe(true)
  expect(wantsAdverts(true, false)).toBe(false)
  expect(wantsAdverts(true, true)).toBe(true)
  expect(wantsAdverts(true, undefined)).toBe(false)
  expect(wantsAdverts(undefined, true)).toBe(false)
})

test('no adverts over a quiz being played, sign-in, the plans, the payment pages or the notification test page', () => {
  for (const path of [
    '/quiz/12',
    '/quiz/12/',
    '/quiz/abc',
    '/auth/login',
    '/auth/signup',
    '/auth/reset_password',
    '/pricing',
    '/pricing/',
    '/pricing/checkout',
    '/payment_success',
    '/register_payment_success',
    '/test',
    '/test/',
  ])
    expect(isAdFreeRoute(path), path).toBe(true)
  for (const path of [
    '/',
    '/quiz',
    '/quiz/',
    '/quiz/12/submit',
    '/quiz/12/submit/',
    '/about',
    '/profile',
    '/favourites',
    '/notifications/3',
    '/authors',
    '/pricing-faq',
    '/testimonials',
  ])
    expect(isAdFreeRoute(path), path).toBe(false)
})

test('adverts take turns in the list order, starting again after the last or when the last one is gone', () => {
  const list: AdvertFile[] = [1, 2, 3].map((id) => ({ id, type: 'image/webp', name: `a${id}` }))
  expect(nextAdvert(list, undefined)?.id).toBe(1)
  expect(nextAdvert(list, 1)?.id).toBe(2)
  expect(nextAdvert(list, 3)?.id).toBe(1)
  expect(nextAdvert(list, 99)?.id).toBe(1)
  expect(nextAdvert([], 1)).toBeUndefined()
})

test('an advert is due when none was shown, or 5 minutes after the last; the clock set back does not hold it off', () => {
  const now = Date.parse('2026-11-21T12:00:00Z')
  expect(isDue(7, now)).toBe(true)
  recordShowing(7, 2, now)
  expect(lastShowing(7)).toEqual({ at: now, advertId: 2 })
  expect(isDue(7, now + ADS_MIN_INTERVAL_MS - 1)).toBe(false)
  expect(isDue(7, now + ADS_MIN_INTERVAL_MS)).toBe(true)
  expect(isDue(7, now - 60_000)).toBe(true)
  expect(isDue(8, now)).toBe(true)
})

test('a damaged record counts as none; blocked storage still spaces adverts for this page', () => {
  localStorage.setItem(lastShownKey(7), 'not json')
  expect(lastShowing(7)).toBeNull()
  localStorage.setItem(lastShownKey(7), JSON.stringify({ at: 'noon' }))
  expect(lastShowing(7)).toBeNull()

  vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
    throw new DOMException('full', 'QuotaExceededError')
  })
  recordShowing(9, 1, 1_000)
  expect(isDue(9, 1_000 + ADS_MIN_INTERVAL_MS - 1)).toBe(false)
})

test('the link button says where it leads', () => {
  expect(linkLabel('/pricing')).toBe('See the plans')
  expect(linkLabel('/quiz')).toBe('Play the quiz')
  expect(linkLabel('/profile#notifications')).toBe('Set a reminder')
  expect(linkLabel('/about')).toBe('Find out more')
})

test('an advert for the plans leads a reader with a plan chosen at sign-up and not paid for to that plan’s checkout', () => {
  const silver = { id: 2, name: 'Silver' }
  expect(advertLink('/pricing', silver)).toEqual({ to: '/pricing?plan=2', label: 'Pay for Silver' })
  expect(advertLink('/pricing?from=advert', silver)).toEqual({ to: '/pricing?plan=2', label: 'Pay for Silver' })
  expect(advertLink('/pricing', null)).toEqual({ to: '/pricing', label: 'See the plans' })
  expect(advertLink('/pricing', undefined)).toEqual({ to: '/pricing', label: 'See the plans' })
  expect(advertLink('/quiz', silver)).toEqual({ to: '/quiz', label: 'Play the quiz' })
})
