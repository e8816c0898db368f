import { expect, test } from 'vitest'
import { declarativePush, pushDataOfDeclarative } from './declarative-push'

const ORIGIN = 'https://owe.example'

test('a push becomes a declarative message with absolute links on our origin, and reads back as the same push', () => {
  const data = { title: 'Today’s proverb', body: 'Ìwà lẹ̀wà.', url: '/search_result?proverb=iwa-lewa', badge: 3 }
  const message = declarativePush(data, ORIGIN)
  expect(message.web_push).toBe(8030)
  expect(message.notification.navigate).toBe(`${ORIGIN}/search_result?proverb=iwa-lewa`)
  expect(message.app_badge).toBe(3)
  expect(pushDataOfDeclarative(JSON.parse(JSON.stringify(message)), ORIGIN)).toEqual(data)
  expect(declarativePush({ ...data, badge: undefined }, ORIGIN)).not.toHaveProperty('app_badge')
})

test('a url off our origin leads home; JSON that is not declarative is not read as one', () => {
  expect(declarativePush({ title: 'x', body: '', url: 'https://evil.example/' }, ORIGIN).notification.navigate).toBe(`${ORIGIN}/`)
  expect(pushDataOfDeclarative({ data: { title: 'FCM', url: '/quiz' } }, ORIGIN)).toBeNull()
  expect(pushDataOfDeclarative({ web_push: 8030, notification: { body: 'no title' } }, ORIGIN)).toBeNull()
  expect(pushDataOfDeclarative({ web_push: 8030, notification: { title: 'Hi', navigate: 'javascript:alert(1)' } }, ORIGIN)?.url).toBe('/')
})
