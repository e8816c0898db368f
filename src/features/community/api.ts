import { API } from '@/core/http/api-paths'
import type { SuggestionResult, UnsubscribeResult } from '@/core/community/contract'
import { IDEMPOTENCY_HEADER, type Notice } from '@/core/http/contract'
import type { CorrectionInput } from '@/core/community/corrections'
import type { ContactInput, SuggestionInput } from '@/core/community/validation'
import { apiSend } from '@/lib/api-client'
import { getToken } from '@/lib/session'

/** Public calls that also name a signed-in sender, so the server can keep their id. */
const asSender = () => ({ auth: Boolean(getToken()) })
/** …sent under their own key: the same form sent again from the device later (src/offline/forms.ts) is kept once. */
const once = (key: string) => ({ ...asSender(), headers: { [IDEMPOTENCY_HEADER]: key } })

export const suggestProverb = (input: SuggestionInput, key: string) =>
  apiSend<SuggestionResult>('POST', API.suggestProverb, input, once(key))
export const sendContactMessage = (input: ContactInput) => apiSend<Notice>('POST', API.contact, input, asSender())
export const unsubscribe = (email: string, token: string) => apiSend<UnsubscribeResult>('POST', API.unsubscribe, { email, token })
export const sendCorrection = (slug: string, input: CorrectionInput, key: string) =>
  apiSend<Notice>('POST', API.proverbCorrections(slug), input, once(key))
