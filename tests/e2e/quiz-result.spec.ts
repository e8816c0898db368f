import { expect, test, type APIRequestContext, type Page } from './fixtures'
import type { QuizBatchSummary, QuizData, QuizResult } from '../../src/core/quiz/contract'
import { createAccount, useAccount, type Account } from './accounts'
import { localDate } from './offline-support'
import { expectNoAxeViolations, PHONES } from './phone'

async function call<T>(request: APIRequestContext, account: Account, method: 'GET' | 'POST', path: string, data?: unknown): Promise<T> {
  const res = await request.fetch(path, { method, headers: { authorization: `Bearer ${account.token}` }, data })
  expect(res.ok(), `${method} ${path}`).toBe(true)
  return ((await res.json()) as { data: T }).data
}

/** The week's first quiz, answered through the API with the first option each time, and submitted. */
async function finishFirstQuiz(request: APIRequestContext, account: Account): Promise<QuizResult> {
  const [batch] = await call<QuizBatchSummary[]>(request, account, 'GET', `/quiz-batch/user/week?currentDate=${localDate()}`)
  const [quiz] = await call<QuizData[]>(request, account, 'GET', `/api/quiz/all/${batch.batchId}`)
  for (const q of quiz.questions) {
    await call(request, account, 'POST', '/quiz_attempt/submit-single', {
      batchId: batch.batchId,
      ethnicFactQuestionId: q.ethnicfactQuestionId,
      answerOptionId: q.answerOptions[0].id,
    })
  }
  await call(request, account, 'POST', `/quiz-batch/update_attempt/${batch.batchId}`)
  return call<QuizResult>(request, account, 'GET', `/quiz_attempt/calculate/${batch.batchId}`)
}

/** Axe in light and in dark mode; at 390 px a picture of each for a look by eye. */
async function checkBothSchemes(page: Page, name: string, shot: boolean): Promise<void> {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme })
    await expectNoAxeViolations(page)
    if (shot) await page.screenshot({ path: `/tmp/lane4-${name}-${colorScheme}.png`, fullPage: true })
  }
  await page.emulateMedia({ colorScheme: 'light' })
}

for (const [phoneName, phone] of PHONES) {
  test.describe(`on a ${phoneName} phone`, () => {
    test.use(phone)

    test('the quiz result says once whether it passed, with the pass mark, and why each right answer is right', async ({
      page,
      context,
      request,
      baseURL,
    }) => {
      const account = await createAccount(request, { languages: [1] })
      const result = await finishFirstQuiz(request, account)
      await useAccount(context, baseURL!, account)

      // The list: the finished quiz and the one not started, its badge readable in both schemes.
      await page.goto('/quiz')
      await expect(page.getByText('Not started')).toBeVisible()
      await checkBothSchemes(page, `quiz-list-${phone.viewport.width}`, phone.viewport.width === 390)

      await page.goto(`/quiz/${result.batchId}/submit/`)
      await expect(page.getByRole('heading', { level: 1, name: `${result.name}: result` })).toBeVisible()
      const verdict = result.correct >= result.passScore ? '✓ Passed' : '✗ Not passed'
      await expect(page.locator('.quiz-verdict__outcome')).toHaveText(verdict)
      await expect(page.getByText(`Pass mark: ${result.passScore} of ${result.total} · you had ${result.correct} right`)).toBeVisible()
      await expect(page.getByText(/Passed|Not passed|PASSED|FAILED/)).toHaveCount(1)

      // Every question of the review says why: a fact its note, a question made from a proverb the proverb.
      const items = page.locator('.quiz-review > li')
      await expect(items).toHaveCount(result.total)
      for (const [i, item] of [...result.review].sort((a, b) => a.position - b.position).entries()) {
        const why = items.nth(i).locator('.quiz-why')
        await expect(why.getByText('Why', { exact: true })).toBeVisible()
        if (item.source) {
          await expect(why.getByText(`A ${item.source.ethnic.name} proverb:`)).toBeVisible()
          await expect(why.getByText(item.source.interpretation, { exact: true })).toBeVisible()
        } else {
          await expect(why.getByText(item.note!, { exact: true })).toBeVisible()
        }
      }
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
      expect(overflow).toBeLessThanOrEqual(0)
      await checkBothSchemes(page, `quiz-result-${phone.viewport.width}`, phone.viewport.width === 390)
    })
  })
}
