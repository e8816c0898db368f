import type { ApiErrorBody } from '@/core/contract'
import { env } from './env'

/** A failed API call: the server's status, code and message, or status 0 when the network failed. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message)
    this.name = 'ApiError'
  }

  get offline(): boolean {
    return this.status === 0
  }
}

type Query = Record<string, string | number | undefined | null>

export function withQuery(path: string, query: Query = {}): string {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value))
  }
  const qs = params.toString()
  return qs ? `${path}${path.includes('?') ? '&' : '?'}${qs}` : path
}

async function request(path: string, init: RequestInit = {}): Promise<Response> {
  let response: Response
  try {
    response = await fetch(`${env.apiBase}${path}`, {
      ...init,
      headers: { Accept: 'application/json', ...init.headers },
    })
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause
    throw new ApiError(0, 'network', 'You seem to be offline. Check your connection and try again.')
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as ApiErrorBody | null
    throw new ApiError(
      response.status,
      body?.error?.code ?? 'http_error',
      body?.error?.message ?? `The server answered ${response.status}.`,
      body?.error?.fields,
    )
  }
  return response
}

/** GET a `{ data }` body and return its data. */
export async function apiGet<T>(path: string, init?: RequestInit): Promise<T> {
  const body = (await (await request(path, init)).json()) as { data: T }
  return body.data
}

/** GET a paginated body (`{ data, page, size, totalPages, totalElements }`) whole. */
export async function apiGetPage<T>(path: string, init?: RequestInit): Promise<T> {
  return (await (await request(path, init)).json()) as T
}
