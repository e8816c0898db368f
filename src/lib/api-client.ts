import type { ApiErrorBody } from '@/core/http/contract'
import { env } from './env'
import { OFFLINE_HEADER } from '@/offline/messages'
import { markSavedCopy } from './saved-copies'
import { getToken, signOut } from './session'

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

/** Sends one API request: the network in the browser; the server's own routes while it renders a page (src/entry-server.tsx). */
export type ApiTransport = (path: string, init: RequestInit) => Promise<Response>

let transport: ApiTransport = (path, init) => fetch(`${env.apiBase}${path}`, init)

export function setApiTransport(next: ApiTransport): void {
  transport = next
}

const OFFLINE_MESSAGE = 'You seem to be offline. Check your connection and try again.'

/**
 * `auth: true` marks a call that needs the signed-in user: it carries the bearer token
 * (docs/requirements.md#r15-api-contract).
 */
export type RequestOptions = RequestInit & { auth?: boolean }

async function errorFrom(status: number, body: ApiErrorBody | null, token: string | undefined): Promise<ApiError> {
  // The server ended this session (expired, logged out elsewhere, password changed): sign out cleanly.
  // Only when the token that failed is still the current one, so a late answer cannot end a new session.
  if (status === 401 && token && token === getToken()) signOut('expired')
  return new ApiError(
    status,
    body?.error?.code ?? 'http_error',
    body?.error?.message ?? `The server answered ${status}.`,
    body?.error?.fields,
  )
}

function authHeaders(auth: boolean | undefined): { token: string | undefined; headers: Record<string, string> } {
  if (!auth) return { token: undefined, headers: {} }
  const token = getToken()
  if (!token) throw new ApiError(401, 'unauthorized', 'Please sign in to continue.')
  return { token, headers: { Authorization: `Bearer ${token}` } }
}

async function request(path: string, { auth, ...init }: RequestOptions = {}): Promise<Response> {
  const { token, headers } = authHeaders(auth)
  let response: Response
  try {
    response = await transport(path, {
      ...init,
      headers: { Accept: 'application/json', ...headers, ...init.headers },
    })
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause
    throw new ApiError(0, 'network', OFFLINE_MESSAGE)
  }
  if (!response.ok) {
    throw await errorFrom(response.status, (await response.json().catch(() => null)) as ApiErrorBody | null, token)
  }
  return response
}

/** GET a `{ data }` body and return its data. */
export async function apiGet<T>(path: string, init?: RequestOptions): Promise<T> {
  const response = await request(path, init)
  const body = (await response.json()) as { data: T }
  noteSavedCopy(response, body.data)
  return body.data
}

/** An answer from the device's copy (the worker's X-Owe-Offline header) is remembered with its age. */
function noteSavedCopy(response: Response, data: unknown): void {
  const saved = response.headers.get(OFFLINE_HEADER)
  if (saved) markSavedCopy(data, Date.parse(saved))
}

/** GET a paginated body (`{ data, page, size, totalPages, totalElements }`) whole. */
export async function apiGetPage<T>(path: string, init?: RequestOptions): Promise<T> {
  const response = await request(path, init)
  const body = (await response.json()) as T
  noteSavedCopy(response, body)
  return body
}

/** GET a binary body; null when the server answers 204 (the profile picture, docs/requirements.md#r4-profile). */
export async function apiGetBlob(path: string, init?: RequestOptions): Promise<Blob | null> {
  const response = await request(path, { ...init, headers: { Accept: '*/*', ...init?.headers } })
  return response.status === 204 ? null : response.blob()
}

/** POST, PUT, PATCH or DELETE a JSON body and return the answer's data. */
export async function apiSend<T>(
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  body?: unknown,
  init?: RequestOptions,
): Promise<T> {
  const response = await request(path, {
    ...init,
    method,
    ...(body === undefined ? {} : { body: JSON.stringify(body), headers: { 'Content-Type': 'application/json', ...init?.headers } }),
  })
  return ((await response.json()) as { data: T }).data
}

/**
 * Uploads a form with progress (fetch cannot report upload progress; XMLHttpRequest can). Always an
 * authenticated call.
 */
export function apiUpload<T>(path: string, form: FormData, onProgress: (fraction: number) => void): Promise<T> {
  const { token, headers } = authHeaders(true)
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open('POST', `${env.apiBase}${path}`)
    for (const [name, value] of Object.entries({ Accept: 'application/json', ...headers })) xhr.setRequestHeader(name, value)
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total)
    }
    xhr.onerror = () => reject(new ApiError(0, 'network', OFFLINE_MESSAGE))
    xhr.onload = () => {
      let body: unknown = null
      try {
        body = JSON.parse(xhr.responseText)
      } catch {
        body = null
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve((body as { data: T }).data)
      else void errorFrom(xhr.status, body as ApiErrorBody | null, token).then(reject)
    }
    xhr.send(form)
  })
}
