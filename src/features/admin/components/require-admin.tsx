import { useQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { Link } from 'react-router-dom'
import { ADMIN_TEXTS } from '@/core/admin/texts'
import { ErrorState, Loading } from '@/components/query-state'
import { usePageTitle } from '@/lib/page-title'
import { useSession } from '@/lib/session'
import { adminAccessQuery } from '@/entities/admin/queries'

/**
 * The console for admins only. It sits inside the session guard (no session: the sign-in page); here
 * the server says whether this user is an admin, and anyone else is told plainly where they are.
 */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const userId = useSession()?.user.id ?? 0
  const access = useQuery({ ...adminAccessQuery(userId), enabled: userId !== 0 })
  // The console's sections name themselves.
  usePageTitle(access.data === true ? null : 'Admins')
  if (access.data === true) return children
  if (access.data === false) {
    return (
      <section className="admin-denied" aria-labelledby="admin-denied-title">
        <h1 id="admin-denied-title">{ADMIN_TEXTS.adminsOnly}</h1>
        <p>{ADMIN_TEXTS.adminsOnlyDetail}</p>
        <p>
          <Link to="/">Back to the proverbs</Link>
        </p>
      </section>
    )
  }
  if (access.isError)
    return <ErrorState title="Could not open the admins’ console" error={access.error} onRetry={() => void access.refetch()} />
  return <Loading label="Checking your access" />
}
