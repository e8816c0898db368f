import { API } from '@/core/http/api-paths'
import type { SuggestionResult, UnsubscribeResult } from '@/core/community/contract'
import type { Notice } from '@/core/http/contract'
import type { CorrectionInput } from '@/core/community/corrections'
import type { ContactInput, SuggestionInput } from '@/core/community/validation'
import { apiSend } from '@/lib/api-client'
import { getToken } from '@/lib/session'

/** Public calls that also name a signed-in sender, so the server can keep their id. */
const asSender = () => ({ auth: Boolean(getToken()) })

export const suggestProverb = (input: SuggestionInput) => apiSend<SuggestionResult>('POST', API.suggestProverb, input, asSender())
export const sendContactMessage = (input: ContactInput) => apiSend<Notice>('POST', API.contact, input, asSender())
export const unsubscribe = (email: string, token: string) => apiSend<UnsubscribeResult>('POST', API.unsubscribe, { email, token })
export const sendCorrection = (slug: string, input: CorrectionInput) =>
  apiSend<Notice>('POST', API.proverbCorrections(slug), input, asSender())
