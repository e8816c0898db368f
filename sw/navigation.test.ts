import { expect, test, vi } from 'vitest'
import { answerNavigation } from './navigation'

const ORIGIN = 'https://owe.example'
const page = (path: string) => new Request(`${ORIGIN}${path}`)
const html = (body: string, status = 200) => new Response(body, { status, headers: { 'Content-Type': 'text/html' } })

function deps(fetch: (request: Request) => Promise<Response>, timeoutMs = 50) {
  const shell = vi.fn(async () => html('shell'))
  return { fetch: vi.fn(fetch), shell, timeoutMs }
}

test('a page the server renders comes from the server when it answers', async () => {
  const d = deps(async () => html('rendered'))
  const response = await answerNavigation(page('/search_result?proverb=omo-ni-ide'), d)
  expect(await response.text()).toBe('rendered')
  expect(d.shell).not.toHaveBeenCalled()
})

test("a reader's own page starts from the shell, without asking the server", async () => {
  const d = deps(async () => html('rendered'))
  for (const path of ['/quiz', '/profile', '/notifications/3', '/admin/proverbs']) {
    expect(await (await answerNavigation(page(path), d)).text()).toBe('shell')
  }
  expect(d.fetch).not.toHaveBeenCalled()
})

test('offline, the shell answers as soon as the network fails', async () => {
  const d = deps(async () => Promise.reject(new TypeError('Failed to fetch')), 60_000)
  expect(await (await answerNavigation(page('/'), d)).text()).toBe('shell')
})

test('a server too slow for the timeout is not waited for', async () => {
  vi.useFakeTimers()
  try {
    const d = deps(() => new Promise<Response>(() => {}), 2000)
    const answer = answerNavigation(page('/pricing'), d)
    await vi.advanceTimersByTimeAsync(2000)
    expect(await (await answer).text()).toBe('shell')
  } finally {
    vi.useRealTimers()
  }
})

test('a server error is not shown: the shell renders the page on the device', async () => {
  const d = deps(async () => html('Service Unavailable', 503))
  expect(await (await answerNavigation(page('/about'), d)).text()).toBe('shell')
})
