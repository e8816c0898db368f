import { isServerRendered } from '../src/core/shared/pages'

/** How long a navigation waits for the server's page before the shell answers (docs/decisions/017-server-rendered-pages.md). */
export const NAVIGATION_TIMEOUT_MS = 2000

type Deps = {
  fetch: (request: Request) => Promise<Response>
  /** The precached shell, which renders any route on the device. */
  shell: () => Promise<Response>
  timeoutMs?: number
}

/**
 * A navigation: a page the server renders comes from the server when it answers in time (its content and
 * data in the HTML, as a first visit gets it); offline, slow or failing, and for a reader's own pages,
 * the precached shell answers at once or as soon as the network has failed.
 */
export async function answerNavigation(request: Request, { fetch, shell, timeoutMs = NAVIGATION_TIMEOUT_MS }: Deps): Promise<Response> {
  if (!isServerRendered(new URL(request.url).pathname)) return shell()
  let timer: ReturnType<typeof setTimeout> | undefined
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), timeoutMs)
  })
  try {
    const response = await Promise.race([fetch(request).catch(() => null), late])
    return response?.ok ? response : await shell()
  } finally {
    clearTimeout(timer)
  }
}
