import { NavLink } from 'react-router-dom'
import { LEARN_LINK } from '@/core/learning/texts'
import { LearnLabel } from './learn-label'

const NAV = [
  { to: '/', label: 'Home', end: true },
  { to: '/search_result', label: 'Search' },
  { to: '/pricing', label: 'Pricing' },
  { to: '/about', label: 'About' },
]
/** Shown to signed-in users only: the quizzes and the deck need an account. Learn carries its due count. */
const SIGNED_IN_NAV = [
  { to: '/quiz', label: 'Quiz', end: false },
  { to: '/learn', label: LEARN_LINK, end: false, due: true },
]

/**
 * The header's navigation (wide screens; on phones the tab bar serves). Signed-in readers also have Quiz and
 * Learn, Learn with how many cards are due.
 */
export function SiteNav({ signedIn }: { signedIn: boolean }) {
  const nav = signedIn ? [...NAV.slice(0, 2), ...SIGNED_IN_NAV, ...NAV.slice(2)] : NAV
  return (
    <nav aria-label="Main">
      <ul>
        {nav.map((item) => (
          <li key={item.to}>
            <NavLink to={item.to} end={item.end} className={'due' in item ? 'site-nav__due' : undefined}>
              {'due' in item ? <LearnLabel signedIn={signedIn} badgeClass="site-nav__badge" /> : item.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  )
}
