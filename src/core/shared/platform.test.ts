import { expect, test } from 'vitest'
import { isIosSafari, shouldShowInstallGuide, usesApplePush } from './platform'
import { ANDROID_CHROME, IPAD_DESKTOP_SAFARI, IPHONE_CHROME, IPHONE_EDGE, IPHONE_SAFARI, MAC_SAFARI } from './platform-fixtures'

test('the Home Screen guide is for Safari on an iPhone or iPad (an iPad that asks for desktop pages too)', () => {
  expect(shouldShowInstallGuide(IPHONE_SAFARI, false)).toBe(true)
  expect(shouldShowInstallGuide(IPAD_DESKTOP_SAFARI, false)).toBe(true)
})

test('the guide is never shown elsewhere: a Mac, Chrome or Edge on iOS, Android', () => {
  for (const facts of [MAC_SAFARI, IPHONE_CHROME, IPHONE_EDGE, ANDROID_CHROME]) {
    expect(isIosSafari(facts), facts.userAgent).toBe(false)
    expect(shouldShowInstallGuide(facts, false), facts.userAgent).toBe(false)
  }
})

test('the guide is shown once: not again once seen', () => {
  expect(shouldShowInstallGuide(IPHONE_SAFARI, true)).toBe(false)
})

test('the guide is never shown in the installed app (opened from the Home Screen)', () => {
  expect(shouldShowInstallGuide({ ...IPHONE_SAFARI, standalone: true }, false)).toBe(false)
  expect(shouldShowInstallGuide({ ...IPAD_DESKTOP_SAFARI, standalone: true }, false)).toBe(false)
})

test('WebKit browsers push through Apple’s service; the others through FCM', () => {
  expect([IPHONE_SAFARI, MAC_SAFARI, IPHONE_CHROME].map(usesApplePush)).toEqual([true, true, true])
  expect(usesApplePush(ANDROID_CHROME)).toBe(false)
})
