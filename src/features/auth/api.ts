import { API } from '@/core/http/api-paths'
import type { ExistsFlag, LoginResult } from '@/core/account/contract'
import type { Notice } from '@/core/http/contract'
import type { PromoCodeCheck } from '@/core/payments/contract'
import type { LoginInput, ResetPasswordInput, SignupInput } from '@/core/account/validation'
import { apiGet, apiSend, withQuery } from '@/lib/api-client'

/** `paymentToken` lets the new account pay for its plan before it is activated (the end of sign-up). */
export const register = (input: SignupInput) =>
  apiSend<Notice & { email: string; paymentToken?: string | null }>('POST', API.register, input)
export const activate = (token: string) => apiSend<Notice>('POST', API.activate, { token })
export const resendActivation = (email: string) => apiSend<Notice>('POST', API.resendActivation, { email })
export const login = (input: LoginInput) => apiSend<LoginResult>('POST', API.login, input)

export const checkEmail = (email: string, signal?: AbortSignal) => apiGet<ExistsFlag>(withQuery(API.checkEmail, { email }), { signal })
export const checkPhone = (phone: string, signal?: AbortSignal) => apiGet<ExistsFlag>(API.checkPhone(phone), { signal })
export const verifyPromoCode = (code: string, signal?: AbortSignal) => apiGet<PromoCodeCheck>(API.verifyPromoCode(code), { signal })

export const requestPasswordReset = (email: string) => apiSend<Notice>('POST', API.resetPasswordRequest, { email })
export const verifyResetToken = (token: string) => apiSend<{ valid: true }>('POST', API.verifyPasswordToken, { token })
export const saveResetPassword = (token: string, input: ResetPasswordInput) =>
  apiSend<Notice>('POST', API.saveResetPassword, { token, ...input })
