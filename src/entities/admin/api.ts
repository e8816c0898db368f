import type { SessionUser } from '@/core/account/contract'
import { API } from '@/core/http/api-paths'
import { apiGet } from '@/lib/api-client'

/**
 * Whether the signed-in user is an admin, asked of the session itself (read afresh by the server), so a reader who is
 * not one is never sent to a route that refuses them.
 */
export const fetchIsAdmin = (signal?: AbortSignal) =>
  apiGet<{ user: SessionUser }>(API.session, { auth: true, signal }).then(({ user }) => user.admin === true)
