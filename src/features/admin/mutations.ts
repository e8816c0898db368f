import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useAdminId } from '@/entities/admin/queries'
import { adminKeys } from './queries'

/**
 * A change from the console: afterwards the sections it touches are asked again (and the audit log,
 * which records every change). `refreshAfterFailure` for a change made of several requests, of which
 * some may have gone through.
 */
export function useAdminMutation<In, Out>(
  sections: string[],
  mutationFn: (input: In) => Promise<Out>,
  { refreshAfterFailure = false } = {},
) {
  const client = useQueryClient()
  const userId = useAdminId()
  const refresh = () =>
    Promise.all([...sections, 'audit'].map((section) => client.invalidateQueries({ queryKey: adminKeys.section(userId, section) })))
  return useMutation({
    mutationFn,
    onSuccess: refresh,
    onError: refreshAfterFailure ? refresh : undefined,
  })
}
