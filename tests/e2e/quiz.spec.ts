import { expect, test, type Page } from './fixtures'
import type { QuizBatchSummary, QuizData } from '../../src/core/quiz/contract'
import type { RunningServer } from '../support/server-process'
import { useAccount, type Account } from './accounts'
import { accountOn, apiAs, groupsOn, localDate, serverPerJourney } from './offline-support'

// The leaderboard is the server's whole: a server of the journey's own keeps other journeys off it.
let server: RunningServer
serverPerJourney((started) => (server = started))

const call = <T>(account: Account, method: string, path: string, body?: unknown) => apiAs<T>(server, account, method, path, body)

/** Another player finishes their week's first quiz through the API, answering the first option each time. */
async function rivalFinishes(account: Account): Promise<void> {
  const [batch] = await call<QuizBatchSummary[]>(account, 'GET', `/quiz-batch/user/week?currentDate=${localDate()}`)
  const [quiz] = await call<QuizData[]>(account, 'GET', `/api/quiz/all/${batch.batchId}`)
  for (const q of quiz.questions) {
    await call(account, 'POST', '/quiz_attempt/submit-single', {
      batchId: batch.batchId,
      ethnicFactQuestionId: q.ethnicfactQuestionId,
      answerOptionId: q.answerOptions[0].id,
    })
  }
  await call(account, 'POST', `/quiz-batch/update_attempt/${batch.batchId}`)
}

const section = (page: Page, name: string) => page.getByRole('region', { name })

test('a player sees the week, generates a quiz, plays it through to a result, and finds themselves on the leaderboard', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000)
  const groups = await groupsOn(server)
  const me = await accountOn(server, [groups.find((g) => g.slug === 'kiswahili')!.id])
  const rival = await accountOn(server, [groups.find((g) => g.slug === 'amharic')!.id])
  await rivalFinishes(rival)
  await useAccount(context, server.url, me)

  await page.goto(`${server.url}/`)
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Quiz' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Quizzes' })).toBeVisible()
  const week = section(page, "This week's quizzes")
  await expect(week.getByText('Weekly mix')).toBeVisible()
  await expect(week.getByText('Your people')).toBeVisible()
  await expect(week.getByRole('link', { name: /Start/ })).toHaveCount(2)
  await expect(section(page, 'Recently finished').getByText('No finished quizzes yet')).toBeVisible()

  // Generate one: the kinds of quiz, then straight into the new quiz.
  await page.getByRole('button', { name: 'Generate a quiz' }).click()
  await page.getByRole('radio', { name: /Across the continent/ }).check()
  await page.getByRole('button', { name: 'Generate', exact: true }).click()
  await expect(page).toHaveURL(/\/quiz\/\d+$/)
  await expect(page.getByText('Question 1 of 10')).toBeVisible()
  await expect(page.getByRole('progressbar')).toHaveAttribute('value', '1')

  // Play: each answer is sent at once while online; the numbers mark what is answered.
  for (let i = 1; i <= 10; i++) {
    await page.getByRole('radio').first().check()
    await expect(page.locator('.quiz-answer-status')).toHaveText('Sent')
    await expect(page.getByRole('button', { name: `Question ${i}, answered` })).toBeVisible()
    if (i < 10) await page.getByRole('button', { name: /Next/ }).click()
  }
  // Back goes back; the choice is still there.
  await page.getByRole('button', { name: /Back/ }).click()
  await expect(page.getByText('Question 9 of 10')).toBeVisible()
  await expect(page.getByRole('radio').first()).toBeChecked()

  await page.getByRole('button', { name: 'Submit answers' }).click()
  await expect(page).toHaveURL(/\/quiz\/\d+\/submit\/$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Across the continent: result' })).toBeVisible()
  const correct = Number(await page.locator('dt:text-is("Correct") + dd').innerText())
  await expect(page.getByText(`Pass mark: 6 of 10 · you had ${correct} right`)).toBeVisible()
  await expect(page.locator('dt:text-is("Points") + dd')).toHaveText(String(correct * 10))
  await expect(page.locator('.quiz-review > li')).toHaveCount(10)
  // The verdict is said once, in words.
  await expect(page.locator('.quiz-verdict__outcome')).toHaveText(correct >= 6 ? '✓ Passed' : '✗ Not passed')
  await expect(page.getByText(/Passed|Not passed|PASSED|FAILED/)).toHaveCount(1)

  // Back on /quiz: the finished quiz, and the leaderboard with this player's row found by id.
  await page.goto(`${server.url}/quiz`)
  await expect(section(page, 'Recently finished').getByText('Across the continent')).toBeVisible()
  const board = page.getByRole('table', { name: "This week's leaderboard" })
  await expect(board.getByRole('row')).toHaveCount(3)
  const mine = board.locator('tr[aria-current="true"]')
  await expect(mine).toContainText(`${me.firstName} ${me.lastName}`)
  await expect(mine.getByText('You')).toBeVisible()
  await expect(board.getByRole('img', { name: 'Gold medal' })).toHaveCount(1)
  await expect(board.getByRole('img', { name: 'Silver medal' })).toHaveCount(1)

  // A player's details open on click and close with Escape.
  // Both players carry the same name here: "You" is decided by id, and the rival is the other row.
  expect(`${rival.firstName} ${rival.lastName}`).toBe(`${me.firstName} ${me.lastName}`)
  await expect(board.getByText('You')).toHaveCount(1)
  const rivalName = board.locator('tbody tr:not([aria-current])').getByRole('button', { name: `${rival.firstName} ${rival.lastName}` })
  await rivalName.click()
  await expect(page.getByRole('heading', { name: 'Recent results' })).toBeVisible()
  await expect(page.getByText('Weekly mix').last()).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(page.getByRole('heading', { name: 'Recent results' })).toBeHidden()
  await expect(rivalName).toBeFocused()
})
