import { expect, SIGNING_OUT, expectProblems, test, type BrowserContext, type Page } from './fixtures'
import type { QuizBatchSummary, QuizResult } from '../../src/core/quiz/contract'
import { outboxQueue } from '../../src/offline/outbox'
import type { RunningServer } from '../support/server-process'
import { useAccount, withoutAdverts, type Account } from './accounts'
import { accountOn, apiAs, groupsOn, localDate, ownServer, signInThroughForm, stopWorker, waitForWorker } from './offline-support'

/**
 * The exactly-once matrix (docs/decisions/007-quizzes-exactly-once.md): answers given offline are kept on the device,
 * sent when the server can be reached, and each reaches the server once — counted in the server's own request log
 * (LOG_LEVEL=debug logs every request it receives).
 */
const DEBUG = { LOG_LEVEL: 'debug' }
let server: RunningServer
/** Every server process of the journey (it restarts on the same port and data folder). */
let logs: (() => string)[] = []

test.beforeEach(async ({ context }) => {
  server = await ownServer({ env: DEBUG })
  logs = [server.output]
  await context.addCookies([{ name: 'cookieConsent', value: 'true', url: server.url }])
  await context.grantPermissions(['background-sync'], { origin: server.url })
  await withoutAdverts(context)
})
test.afterEach(async () => {
  await server?.stop()
})

async function restartServer(): Promise<void> {
  await server.stop()
  server = await ownServer({ env: DEBUG, port: Number(new URL(server.url).port), dataDir: server.dataDir })
  logs.push(server.output)
}

/** Requests the server received for a path, across its restarts. */
function received(method: string, path: string): number {
  const pattern = new RegExp(`"method":"${method}","url":"${path.replace(/[/]/g, '\\/')}"`)
  return logs.flatMap((log) => log().split('\n')).filter((line) => line.includes('incoming request') && pattern.test(line)).length
}

const api = <T>(account: Account, path: string) => apiAs<T>(server, account, 'GET', path)

/** A reader of one group, signed in, with the week's first quiz open and its questions on the device. */
async function playerWithQuiz(page: Page, context: BrowserContext, slug = 'yoruba') {
  const group = (await groupsOn(server)).find((g) => g.slug === slug)!
  const account = await accountOn(server, [group.id])
  await useAccount(context, server.url, account)
  await page.goto(`${server.url}/quiz`)
  await waitForWorker(page)
  const [batch] = await api<QuizBatchSummary[]>(account, `/quiz-batch/user/week?currentDate=${localDate()}`)
  // Opened once online: the worker keeps the questions (never the key) for offline play.
  await page.goto(`${server.url}/quiz/${batch.batchId}`)
  await expect(page.getByText('Question 1 of 10')).toBeVisible()
  return { account, batch }
}

const status = (page: Page) => page.locator('.quiz-answer-status')

/** Answers every question with the option at `pick(i)`, each shown as saved before the next; returns the option texts. */
async function answerAll(page: Page, pick: (i: number) => number): Promise<string[]> {
  const chosen: string[] = []
  for (let i = 1; i <= 10; i++) {
    await expect(page.getByText(`Question ${i} of 10`)).toBeVisible()
    const option = page.getByRole('radio').nth(pick(i))
    chosen.push((await option.locator('xpath=..').innerText()).trim())
    await option.check()
    await expect(status(page)).toHaveText('Saved — will send when online')
    if (i < 10) await page.getByRole('button', { name: /Next/ }).click()
  }
  return chosen
}

/** What the server holds for the batch: the chosen option's text per question, and the result. */
async function serverSide(account: Account, batchId: number) {
  const result = await api<QuizResult>(account, `/quiz_attempt/calculate/${batchId}`)
  const chosen = result.review.map((r) => r.answerOptions.find((o) => o.id === r.chosenOptionId)?.text ?? null)
  return { result, chosen, correct: result.review.filter((r) => r.chosenOptionId === r.correctOptionId).length }
}

test('answers given offline survive a reload and a worker restart, and reach a server that comes back exactly once', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000)
  const { account, batch } = await playerWithQuiz(page, context)

  await context.setOffline(true)
  const chosen = await answerAll(page, (i) => i % 4)
  // Reload offline: the questions and every choice come back from the device.
  await page.reload()
  await expect(page.getByText('Question 1 of 10')).toBeVisible()
  await expect(page.getByRole('button', { name: /answered$/ })).toHaveCount(10)
  await expect(page.getByRole('button', { name: 'Question 1, answered' })).toBeVisible()
  await expect(status(page)).toHaveText('Saved — will send when online')
  await page.getByRole('button', { name: 'Submit answers' }).click()
  await expect(page).toHaveURL(new RegExp(`/quiz/${batch.batchId}/submit/?$`))
  await expect(page.getByText('Waiting to sync')).toBeVisible()

  await stopWorker(context, page)
  await server.stop()
  // Back online, but the server is down: nothing can arrive, and nothing is lost.
  await context.setOffline(false)
  await page.evaluate(() => window.dispatchEvent(new Event('online')))
  await expect(page.getByText('Waiting to sync')).toBeVisible()
  await restartServer()
  expect(received('POST', '/quiz_attempt/submit-single')).toBe(0)

  // The retry reaches the server that came back; the result replaces the wait. The failures while it was
  // down backed off (1 s doubling, at most a minute), so the next try comes within a minute of its return.
  await expect(page.getByText('Waiting to sync')).toBeHidden({ timeout: outboxQueue.backoff.maxMs + 15_000 })
  const { result, chosen: stored, correct } = await serverSide(account, batch.batchId)
  await expect(page.locator('dt:text-is("Correct") + dd')).toHaveText(String(result.correct))
  expect(stored).toEqual(chosen)
  expect(result.correct).toBe(correct)
  expect(received('POST', '/quiz_attempt/submit-single')).toBe(10)
  expect(received('POST', `/quiz-batch/update_attempt/${batch.batchId}`)).toBe(1)
})

test('a replayed sync event sends nothing twice', async ({ page, context }) => {
  test.setTimeout(90_000)
  const { account, batch } = await playerWithQuiz(page, context, 'igbo')
  await context.setOffline(true)
  const chosen = await answerAll(page, (i) => (i * 3) % 4)
  await page.getByRole('button', { name: 'Submit answers' }).click()
  await expect(page.getByText('Waiting to sync')).toBeVisible()

  const cdp = await context.newCDPSession(page)
  await cdp.send('ServiceWorker.enable')
  const registrationId = await new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const live = registrations.find((r: { isDeleted: boolean; scopeURL: string }) => !r.isDeleted && r.scopeURL.startsWith(server.url))
      if (live) resolve(live.registrationId)
    })
  })
  const sync = () =>
    cdp.send('ServiceWorker.dispatchSyncEvent', { origin: server.url, registrationId, tag: 'owe-outbox', lastChance: false })
  await context.setOffline(false)
  // Three sync events at once with the page's own drain on `online`: one lock, one send each.
  await Promise.all([sync(), sync(), sync(), page.evaluate(() => window.dispatchEvent(new Event('online')))])
  await expect(page.getByText('Waiting to sync')).toBeHidden({ timeout: 30_000 })
  await sync()
  await sync()
  await cdp.detach()

  const { chosen: stored } = await serverSide(account, batch.batchId)
  expect(stored).toEqual(chosen)
  expect(received('POST', '/quiz_attempt/submit-single')).toBe(10)
  expect(received('POST', `/quiz-batch/update_attempt/${batch.batchId}`)).toBe(1)
})

test("user A's queued answers are not sent while user B is signed in, and are when A is back", async ({ page, context }) => {
  test.setTimeout(90_000)
  const { account: a, batch } = await playerWithQuiz(page, context, 'hausa')
  await context.setOffline(true)
  const options = page.getByRole('radio')
  const picked = (await options.nth(2).locator('xpath=..').innerText()).trim()
  await options.nth(2).check()
  await expect(status(page)).toHaveText('Saved — will send when online')

  // A signs out while offline; B signs in on the same device once the network is back.
  await page.getByRole('button', { name: /^Account:/ }).click()
  expectProblems(SIGNING_OUT)
  await page.getByRole('button', { name: 'Log out' }).click()
  await expect(page).toHaveURL(/\/auth\/login/)
  await context.setOffline(false)
  const b = await accountOn(server, [(await groupsOn(server)).find((g) => g.slug === 'zulu')!.id])
  await signInThroughForm(page, server, b)
  await page.goto(`${server.url}/quiz`)
  await expect(page.getByRole('heading', { name: /This week/ })).toBeVisible()
  await page.evaluate(() => window.dispatchEvent(new Event('online')))
  await page.waitForTimeout(3000)
  expect(received('POST', '/quiz_attempt/submit-single')).toBe(0)
  expect(
    (
      await api<{ answerOptionId: number | null }>(
        a,
        `/api/quiz/answer/${batch.batchId}/${(await api<{ questions: { ethnicfactQuestionId: number }[] }[]>(a, `/api/quiz/all/${batch.batchId}`))[0].questions[0].ethnicfactQuestionId}`,
      )
    ).answerOptionId,
  ).toBeNull()

  // A signs in again: their answer goes, with their own token.
  await page.getByRole('button', { name: /^Account:/ }).click()
  expectProblems(SIGNING_OUT)
  await page.getByRole('button', { name: 'Log out' }).click()
  await expect(page).toHaveURL(/\/auth\/login/)
  await signInThroughForm(page, server, a)
  await page.goto(`${server.url}/quiz/${batch.batchId}`)
  await expect(status(page)).toHaveText('Sent', { timeout: 30_000 })
  const quiz = (
    await api<{ questions: { answerOptions: { id: number; text: string }[]; chosenOptionId: number | null }[] }[]>(
      a,
      `/api/quiz/all/${batch.batchId}`,
    )
  )[0]
  expect(quiz.questions[0].answerOptions.find((o) => o.id === quiz.questions[0].chosenOptionId)?.text).toBe(picked)
  expect(received('POST', '/quiz_attempt/submit-single')).toBe(1)
})

test('signing in sends the answers that waited for that reader at once, on whatever page the sign-in lands', async ({ page, context }) => {
  test.setTimeout(90_000)
  const { account, batch } = await playerWithQuiz(page, context, 'akan')
  await context.setOffline(true)
  await page.getByRole('radio').nth(1).check()
  await expect(status(page)).toHaveText('Saved — will send when online')
  // Signed out while offline: the answer stays on the device, waiting for its reader.
  await page.getByRole('button', { name: /^Account:/ }).click()
  expectProblems(SIGNING_OUT)
  await page.getByRole('button', { name: 'Log out' }).click()
  await expect(page).toHaveURL(/\/auth\/login/)
  await context.setOffline(false)
  await page.evaluate(() => window.dispatchEvent(new Event('online')))
  await page.waitForTimeout(1000)
  expect(received('POST', '/quiz_attempt/submit-single')).toBe(0)

  // Back on the sign-in page (no reload, no quiz page): signing in is what sends it.
  await page.getByLabel('Email').fill(account.email)
  await page.getByLabel('Password').fill(account.password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByRole('button', { name: /^Account:/ })).toBeVisible()
  await expect.poll(() => received('POST', '/quiz_attempt/submit-single'), { timeout: 15_000 }).toBe(1)
  expect(page.url()).not.toContain('/quiz/')
  const [quiz] = await api<{ questions: { chosenOptionId: number | null }[] }[]>(account, `/api/quiz/all/${batch.batchId}`)
  expect(quiz.questions[0].chosenOptionId).not.toBeNull()
})

test("questions that cannot be loaded: the toast 'An error occured fetching questions' and back to /quiz", async ({ page, context }) => {
  const group = (await groupsOn(server)).find((g) => g.slug === 'akan')!
  const account = await accountOn(server, [group.id])
  const [batch] = await api<QuizBatchSummary[]>(account, `/quiz-batch/user/week?currentDate=${localDate()}`)
  await useAccount(context, server.url, account)
  await page.goto(`${server.url}/profile`)
  await waitForWorker(page)
  // Never opened, so nothing of it is on the device; and the server is gone.
  await server.stop()
  await page.goto(`${server.url}/quiz/${batch.batchId}`)
  await expect(page.getByText('An error occured fetching questions')).toBeVisible({ timeout: 15_000 })
  await expect(page).toHaveURL(new RegExp(`${server.url}/quiz$`))
})
