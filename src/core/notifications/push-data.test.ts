import { expect, test } from 'vitest'
import { appPath, pushDataOf, reminderProverbSlug } from './push-data'

const ORIGIN = 'https://owe.example'

test('only paths on our own origin are opened', () => {
  expect(appPath('/search_result?proverb=omode-ni', ORIGIN)).toBe('/search_result?proverb=omode-ni')
  expect(appPath('/notifications#3', ORIGIN)).toBe('/notifications#3')
  expect(appPath('https://evil.example/x', ORIGIN)).toBeNull()
  expect(appPath('//evil.example/x', ORIGIN)).toBeNull()
  expect(appPath('/\\evil.example', ORIGIN)).toBeNull()
  expect(appPath('javascript:alert(1)', ORIGIN)).toBeNull()
  expect(appPath('notifications', ORIGIN)).toBeNull()
})

test('a push’s data needs a title; a foreign or missing url opens the home page', () => {
  expect(pushDataOf({ title: 'Your proverb', body: 'Ìwà lẹ̀sìn', url: '/search_result?proverb=iwa' }, ORIGIN)).toEqual({
    title: 'Your proverb',
    body: 'Ìwà lẹ̀sìn',
    url: '/search_result?proverb=iwa',
  })
  expect(pushDataOf({ title: 'Hi', url: 'https://evil.example' }, ORIGIN)).toEqual({ title: 'Hi', body: '', url: '/' })
  expect(pushDataOf({ body: 'no title' }, ORIGIN)).toBeNull()
  expect(pushDataOf(undefined, ORIGIN)).toBeNull()
  expect(pushDataOf('text', ORIGIN)).toBeNull()
})

test('a reminder’s url names its proverb', () => {
  expect(reminderProverbSlug('/search_result?proverb=yoruba-iwa-lesin')).toBe('yoruba-iwa-lesin')
  expect(reminderProverbSlug('/search_result?q=omo')).toBeNull()
  expect(reminderProverbSlug('/notifications')).toBeNull()
})
