import type { ReactNode } from 'react'
import { Link, useLocation, type Location } from 'react-router-dom'
import { LEARN_LINK } from '@/core/learning/texts'
import { useSession } from '@/lib/session'
import { LearnLabel } from './learn-label'

type Tab = {
  label: string
  to: string
  /** The paths this tab stands for: it is marked while the reader is on any of them. */
  owns: (pathname: string) => boolean
  icon: ReactNode
  /** Learn's: how many cards are due, for a signed-in reader. */
  due?: boolean
}

const under =
  (...roots: string[]) =>
  (pathname: string) =>
    roots.some((root) => pathname === root || pathname.startsWith(`${root}/`))

/** 24 px line icons; the label under each is what is read out. */
function Icon({ d }: { d: string }) {
  return (
    <svg className="tab-bar__icon" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      <path d={d} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  )
}

const HOME = 'M3 10.5 12 3l9 7.5V20a1 1 0 0 1-1 1h-5v-6H9v6H4a1 1 0 0 1-1-1Z'
const SEARCH = 'M10.5 18a7.5 7.5 0 1 1 0-15 7.5 7.5 0 0 1 0 15ZM16 16l5 5'
/** A deck of cards: one in front, the edge of the next behind it. */
const LEARN = 'M8 3h12a1 1 0 0 1 1 1v12M4 7h12a1 1 0 0 1 1 1v12a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V8a1 1 0 0 1 1-1Z'
const QUIZ = 'M9.1 9a3 3 0 0 1 5.8 1c0 2-3 2.5-3 4.5M12 18.5h.01M12 22a10 10 0 1 1 0-20 10 10 0 0 1 0 20Z'
const SAVED = 'M6 3h12a1 1 0 0 1 1 1v17l-7-4.5L5 21V4a1 1 0 0 1 1-1Z'
const ME = 'M12 12a4.5 4.5 0 1 0 0-9 4.5 4.5 0 0 0 0 9ZM3.5 21a8.5 8.5 0 0 1 17 0'

/**
 * Quiz, Learn and Saved need an account: a visitor who taps them meets the sign-in page, which remembers where
 * they were going. That tab stays marked there, so the reader sees where they are headed.
 */
function currentPath(location: Location): string {
  const from = (location.state as { from?: { pathname?: unknown } } | null)?.from?.pathname
  return location.pathname === '/auth/login' && typeof from === 'string' ? from : location.pathname
}

/**
 * The primary navigation on phones: six tabs fixed at the bottom, within reach of a thumb (60 px each on a
 * 360 px screen). Learn is the deck, with how many cards are due on its icon; Saved holds what the reader
 * keeps (favourites, and the peoples kept for offline reading); Me is the profile, or the sign-in page for a
 * visitor. Hidden on wide screens, where the header's navigation serves.
 */
export function TabBar() {
  const signedIn = useSession() !== null
  const location = useLocation()
  const path = currentPath(location)
  const tabs: Tab[] = [
    { label: 'Home', to: '/', owns: (p) => p === '/', icon: <Icon d={HOME} /> },
    { label: 'Search', to: '/search_result', owns: under('/search_result'), icon: <Icon d={SEARCH} /> },
    { label: 'Quiz', to: '/quiz', owns: under('/quiz'), icon: <Icon d={QUIZ} /> },
    { label: LEARN_LINK, to: '/learn', owns: under('/learn'), icon: <Icon d={LEARN} />, due: true },
    { label: 'Saved', to: '/favourites', owns: under('/favourites', '/offline'), icon: <Icon d={SAVED} /> },
    signedIn
      ? { label: 'Me', to: '/profile', owns: under('/profile', '/notifications', '/admin'), icon: <Icon d={ME} /> }
      : { label: 'Me', to: '/auth/login', owns: under('/auth'), icon: <Icon d={ME} /> },
  ]
  return (
    <nav className="tab-bar" aria-label="Main">
      <ul>
        {tabs.map((tab) => {
          const current = tab.owns(path)
          return (
            <li key={tab.label}>
              <Link to={tab.to} className="tab-bar__tab" aria-current={current ? 'page' : undefined}>
                {tab.icon}
                {tab.due ? <LearnLabel signedIn={signedIn} badgeClass="tab-bar__badge" /> : <span>{tab.label}</span>}
              </Link>
            </li>
          )
        })}
      </ul>
    </nav>
  )
}
