import '../account-menu.css'
import { lazy, Suspense } from 'react'
import { Link } from 'react-router-dom'
import { useSession } from '@/lib/session'

/** The signed-in menu (avatar, links, logout) is loaded on demand: visitors, most first visits, never download it. */
const UserMenu = lazy(() => import('./user-menu'))

/**
 * The header's account corner: sign-in links for visitors; for users, the avatar and a menu
 * (docs/requirements.md#r3-accounts-and-sign-in). While the menu's code loads, the avatar's place is kept.
 */
export function AccountMenu() {
  const session = useSession()
  if (!session) {
    return (
      <div className="account-menu">
        <Link to="/auth/login">Sign in</Link>
        <Link to="/auth/signup" className="button button--primary button--small">
          Sign up
        </Link>
      </div>
    )
  }
  return (
    <Suspense
      fallback={
        <div className="account-menu">
          <span className="account-menu__toggle" aria-hidden="true" />
        </div>
      }
    >
      <UserMenu session={session} />
    </Suspense>
  )
}
