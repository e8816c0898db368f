import { useMutation } from '@tanstack/react-query'
import { resendActivation } from './api'

/** "Send a new activation link" for an address; the server answers the same for every address. */
export function useResendActivation() {
  return useMutation({ mutationFn: resendActivation })
}
