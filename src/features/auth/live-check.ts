import { useQuery } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import type { AnySchema } from 'yup'
import { checkEmail, checkPhone, verifyPromoCode } from './api'
import { authKeys } from './queries'

/** The value once it has stopped changing for `delay` ms. */
export function useDebounced<T>(value: T, delay = 400): T {
  const [settled, setSettled] = useState(value)
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay)
    return () => clearTimeout(timer)
  }, [value, delay])
  return settled
}

const checkers = {
  email: checkEmail,
  phone: checkPhone,
  promo: verifyPromoCode,
} as const

/**
 * A debounced server check of a field (the email, phone and promo-code checks,
 * docs/requirements.md#r3-accounts-and-sign-in). It runs only for values the field's own rule accepts, so a half-typed
 * address costs no request.
 */
export function useLiveCheck<K extends keyof typeof checkers>(kind: K, value: string | undefined, rule: AnySchema) {
  const settled = useDebounced((value ?? '').trim())
  const valid = settled !== '' && rule.isValidSync(settled)
  return useQuery({
    queryKey: authKeys.liveCheck(kind, settled),
    queryFn: ({ signal }) => checkers[kind](settled, signal) as Promise<Awaited<ReturnType<(typeof checkers)[K]>>>,
    enabled: valid,
    staleTime: 30_000,
    retry: false,
  })
}
