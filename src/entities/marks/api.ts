import { API } from '@/core/http/api-paths'
import type { ProverbMarks } from '@/core/proverbs/contract'
import { apiGet } from '@/lib/api-client'

/** The ids of the signed-in reader's hearts (favourites) and likes. */
export const fetchMarks = (signal?: AbortSignal) => apiGet<ProverbMarks>(API.marks, { signal, auth: true })
