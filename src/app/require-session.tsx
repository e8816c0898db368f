import { Navigate, Outlet, useLocation } from 'react-router-dom'
import { peekEndReason, useSession } from '@/lib/session'

/**
 * Any route that is not public (docs/requirements.md#r3-accounts-and-sign-in), opened without a user token, goes to
 * /auth/login — which brings the user back here after signing in.
 */
export function RequireSession() {
  const session = useSession()
  const location = useLocation()
  // A deliberate logout goes to the sign-in page plainly (docs/requirements.md#r3-accounts-and-sign-in); anything else
  // comes back here after.
  if (!session) return <Navigate to="/auth/login" replace state={peekEndReason() === 'signed-out' ? null : { from: location }} />
  return <Outlet />
}
