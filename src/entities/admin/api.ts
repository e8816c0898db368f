import { ADMIN_API } from '@/core/admin/api-paths'
import { ApiError, apiGetPage, withQuery } from '@/lib/api-client'

/** Whether the signed-in user is an admin: the smallest admin list is asked, and a 403 means not one. */
export const fetchIsAdmin = (signal?: AbortSignal) =>
  apiGetPage(withQuery(ADMIN_API.audit, { page: 1, size: 1 }), { auth: true, signal }).then(
    () => true,
    (error: unknown) => {
      if (error instanceof ApiError && error.status === 403) return false
      throw error
    },
  )
