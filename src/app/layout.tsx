import { Link, NavLink, Outlet } from 'react-router-dom'
import { Toasts } from '@/components/toasts'
import { CookieBanner } from '@/features/consent/cookie-banner'

const NAV = [
  { to: '/', label: 'Home', end: true },
  { to: '/search_result', label: 'Search' },
  { to: '/pricing', label: 'Pricing' },
  { to: '/about', label: 'About' },
]

export function Layout() {
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="site-header">
        <Link to="/" className="brand" aria-label="Òwe, home">
          <img src="/favicon.svg" alt="" width={32} height={32} />
          <span>Òwe</span>
        </Link>
        <nav aria-label="Main">
          <ul>
            {NAV.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end={item.end}>
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
      <footer className="site-footer">
        <nav aria-label="Footer">
          <ul>
            <li>
              <Link to="/about">About</Link>
            </li>
            <li>
              <Link to="/pricing">Pricing</Link>
            </li>
            <li>
              <Link to="/terms">Terms of use</Link>
            </li>
            <li>
              <Link to="/privacy_policy">Privacy policy</Link>
            </li>
          </ul>
        </nav>
        <p>Proverbs belong to the peoples who made them. Òwe gathers them with care.</p>
      </footer>
      <CookieBanner />
      <Toasts />
    </>
  )
}
