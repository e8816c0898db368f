import '../account-menu.css'
import { useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate } from 'react-router-dom'
import { useDisclosure } from '@/components/disclosure'
import { useIsAdmin } from '@/entities/admin/queries'
import { waitingAtSignOut } from '@/core/shared/delivery'
import { notify } from '@/components/toasts'
import { clearAllDrafts } from '@/lib/drafts'
import { privateKeys } from '@/lib/query-keys'
import { signOut, type Session } from '@/lib/session'
import { logout } from '../api'
import { Avatar } from './avatar'

/**
 * Logout clears the token cookie and local storage and goes to /auth/login
 * (docs/requirements.md#r3-accounts-and-sign-in). What the reader did on this device and is not sent yet stays for
 * their next sign-in here, and the login page says how much.
 */
export function useLogout(session: Session) {
  const navigate = useNavigate()
  const client = useQueryClient()
  return async () => {
    const waiting = await import('@/lib/queues').then(({ countWaiting }) => countWaiting(session.user.id)).catch(() => 0)
    // Tell the server first so the token dies there too; sign out here whatever it answers.
    await logout().catch(() => undefined)
    navigate('/auth/login', { replace: true })
    signOut('signed-out')
    clearAllDrafts()
    client.removeQueries({ queryKey: privateKeys.all })
    if (waiting > 0) void notify(waitingAtSignOut(waiting), { autoClose: 10_000 })
  }
}

/**
 * A signed-in user's corner: the avatar and a menu. Whether the user is an admin is asked once the menu opens, so
 * admins find their console here. Loaded on demand by the account corner (account-menu.tsx): visitors never download it.
 */
export default function UserMenu({ session }: { session: Session }) {
  const { open, setOpen, id, root, button: toggle } = useDisclosure()
  const doLogout = useLogout(session)
  const admin = useIsAdmin(session.user.id, open)

  return (
    <div className="account-menu" ref={root}>
      <button
        ref={toggle}
        type="button"
        className="account-menu__toggle"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen(!open)}
      >
        {/* Named by text, not aria-label: the initials shown are a picture of the name, not its label. */}
        <span className="visually-hidden">{`Account: ${session.user.firstName} ${session.user.lastName}`}</span>
        <Avatar userId={session.user.id} />
      </button>
      <ul id={id} className="account-menu__list" hidden={!open}>
        <li>
          <Link to="/profile">Profile</Link>
        </li>
        <li>
          <Link to="/favourites">Favourites</Link>
        </li>
        <li>
          <Link to="/offline">Offline reading</Link>
        </li>
        {admin && (
          <li>
            <Link to="/admin">Admins</Link>
          </li>
        )}
        <li>
          <button type="button" onClick={() => void doLogout()}>
            Log out
          </button>
        </li>
      </ul>
    </div>
  )
}
