import { expect, test } from 'vitest'
import { API_NAVIGATION_DENYLIST, isChartChunk, isDataPath, isScrollImage } from './url-match'

test('scroll images are recognised by their path', () => {
  expect(isScrollImage(new URL('https://owe.test/img/yoruba-scroll.jpeg'))).toBe(true)
  expect(isScrollImage(new URL('https://owe.test/img/afan-oromo-scroll.jpeg'))).toBe(true)
  expect(isScrollImage(new URL('https://owe.test/img/afan-oromo-scroll.avif'))).toBe(true)
  expect(isScrollImage(new URL('https://owe.test/img/afan-oromo-scroll.png'))).toBe(false)
  expect(isScrollImage(new URL('https://owe.test/icons/icon-192.png'))).toBe(false)
  expect(isScrollImage(new URL('https://owe.test/api/img/x-scroll.jpeg'))).toBe(false)
})

test('Chart.js’s chunk is recognised by its built name, and nothing else is', () => {
  expect(isChartChunk(new URL('https://owe.test/assets/draw-chart-C3x_9aZk.js'))).toBe(true)
  expect(isChartChunk(new URL('https://owe.test/assets/draw-chart-C3x_9aZk.js.map'))).toBe(false)
  expect(isChartChunk(new URL('https://owe.test/assets/index-C3x_9aZk.js'))).toBe(false)
  expect(isChartChunk(new URL('https://owe.test/draw-chart-C3x_9aZk.js'))).toBe(false)
  expect(isChartChunk(new URL('https://owe.test/assets/progress-draw-chart-C3x.js'))).toBe(false)
})

test('API paths are never answered with the app shell; app routes are', () => {
  const denied = (path: string) => API_NAVIGATION_DENYLIST.some((re) => re.test(path))
  expect(denied('/api/proverbs/public')).toBe(true)
  expect(denied('/quiz-batch/user/week')).toBe(true)
  expect(denied('/quiz_attempt/submit-single')).toBe(true)
  expect(denied('/user/notification/fetch')).toBe(true)
  expect(denied('/sitemap.xml')).toBe(true)
  expect(denied('/robots.txt')).toBe(true)
  expect(denied('/notifications')).toBe(false)
  expect(denied('/quiz')).toBe(false)
  expect(denied('/search_result')).toBe(false)
  expect(denied('/auth/login')).toBe(false)
})

test('the worker keeps the proverb reads, the user’s languages and the quiz reads, nothing else', () => {
  const kept = (path: string) => isDataPath(new URL(`https://owe.test${path}`))
  expect(kept('/api/proverbs/public?q=omo')).toBe(true)
  expect(kept('/api/proverbs/proverbs_logged/yoruba/')).toBe(true)
  expect(kept('/api/userPackage/languages')).toBe(true)
  expect(kept('/api/userPackage/languages/update')).toBe(false)
  expect(kept('/api/user/profile/full')).toBe(false)
  expect(kept('/accounts/login')).toBe(false)
  expect(kept('/quiz-batch/user/week')).toBe(true)
  expect(kept('/quiz-batch/user/week-gen-source')).toBe(true)
  expect(kept('/quiz-batch/user/recent/all')).toBe(true)
  expect(kept('/api/quiz/all/41')).toBe(true)
  expect(kept('/quiz_attempt/calculate/41')).toBe(true)
  expect(kept('/api/questionProperty/all?page=1')).toBe(true)
  expect(kept('/api/quiz/answer/41/3')).toBe(false)
  expect(kept('/api/quiz/all/41/extra')).toBe(false)
  expect(kept('/quiz_attempt/submit-single')).toBe(false)
  expect(kept('/quiz-batch/update_attempt/41')).toBe(false)
  // Opening a message reads it on the server: a stored answer would make an offline read look delivered.
  expect(kept('/user/notification/fetch/3')).toBe(false)
  expect(kept('/user/notification/unread/count')).toBe(false)
  expect(kept('/firebase/device/save/')).toBe(false)
})
