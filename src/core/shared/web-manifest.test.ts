import { expect, test } from 'vitest'
import { SHARE_TARGET_PATH, SHARED_TEXT_PARAM, sharedProverbPath } from './share-target'
import { WEB_MANIFEST } from './web-manifest'

test('the installed app’s shortcuts: today’s proverb, the deck’s review, the week’s quiz and search, each on our origin', () => {
  expect(WEB_MANIFEST.shortcuts?.map(({ name, url }) => [name, url])).toEqual([
    ['Today’s proverb', '/#today-title'],
    ['Review your deck', '/learn'],
    ['This week’s quiz', '/quiz'],
    ['Search', '/search_result'],
  ])
  for (const shortcut of WEB_MANIFEST.shortcuts ?? []) {
    expect(shortcut.url.startsWith('/') && !shortcut.url.startsWith('//'), shortcut.name).toBe(true)
    // Launchers show the short name where the full one does not fit; every shortcut has an icon to show.
    expect(shortcut.short_name!.length, shortcut.name).toBeLessThanOrEqual(12)
    expect(shortcut.icons?.[0]?.src, shortcut.name).toMatch(/^\/icons\//)
  }
})

test('the share target takes a shared title, text and link as a posted form, where the worker and the server answer', () => {
  expect(WEB_MANIFEST.share_target).toEqual({
    action: SHARE_TARGET_PATH,
    method: 'POST',
    enctype: 'application/x-www-form-urlencoded',
    params: { title: 'title', text: 'text', url: 'url' },
  })
  expect(WEB_MANIFEST.scope).toBe('/')
  expect(SHARE_TARGET_PATH.startsWith(WEB_MANIFEST.scope ?? '')).toBe(true)
})

test('a share lands on "Suggest a proverb" with its words', () => {
  expect(sharedProverbPath({ text: 'Ìwà l’ẹwà' })).toBe(`/add_proverb?${SHARED_TEXT_PARAM}=%C3%8Cw%C3%A0+l%E2%80%99%E1%BA%B9w%C3%A0`)
  expect(sharedProverbPath({ text: '  ', title: null, url: null })).toBe('/add_proverb')
})
