import { lazy, Suspense, useEffect, useRef } from 'react'
import { Link, Outlet, useLocation } from 'react-router-dom'
import { useQueryClient } from '@tanstack/react-query'
import { ConnectionStatus } from '@/components/connection-status'
import { InstallButton } from '@/components/install-button'
import { Toasts } from '@/components/toasts'
import { useKeepByDefault } from '@/features/proverbs/keep-by-default'
import { AccountMenu } from '@/features/account/components/account-menu'
import { CookieBanner } from '@/features/consent/cookie-banner'
import { privateKeys } from '@/lib/query-keys'
import { useSession } from '@/lib/session'
import { SiteNav } from './site-nav'
import { TabBar } from './tab-bar'

/** Signed-in users only, so loaded on demand: visitors never download it. */
const NotificationBell = lazy(() => import('@/features/notifications/components/notification-bell'))
/** Foreground pushes, adverts and the first screen's offer, for signed-in users only, so loaded on demand like the bell. */
const SignedInLayers = lazy(() => import('./signed-in-layers'))

/**
 * Every page is counted (src/lib/analytics.ts, asked for here: after the browser has painted the page,
 * whose own code loads only after the first paint). After an in-app navigation, focus moves to the main
 * region (announced by screen readers with the new page's title) instead of staying on a link that is
 * gone; the first load keeps the browser's focus.
 */
function useOnNavigation() {
  const { pathname, search } = useLocation()
  const main = useRef<HTMLElement>(null)
  const first = useRef(true)
  useEffect(() => {
    void import('@/lib/analytics').then((counter) => counter.pageView(pathname, search))
    if (first.current) {
      first.current = false
      return
    }
    main.current?.focus({ preventScroll: true })
    window.scrollTo({ top: 0 })
  }, [pathname, search])
  return main
}

/** When a session ends (logout, expiry, another tab), the private cache goes with it. */
function useDropPrivateDataOnSignOut() {
  const userId = useSession()?.user.id
  const client = useQueryClient()
  const previous = useRef(userId)
  useEffect(() => {
    if (previous.current !== undefined && previous.current !== userId)
      client.removeQueries({ queryKey: privateKeys.user(previous.current) })
    previous.current = userId
  }, [userId, client])
}

export function Layout() {
  const signedIn = useSession() !== null
  // A signed-in reader's page the server drew as a visitor's: their own sections (home's streak and languages) come in
  // after hydration, above parts the server drew, which wait unseen meanwhile (src/main.tsx adds the class; at most 5 s:
  // src/app/styles.css). Rendered signed in, they show again, a painted frame later: hidden before they move and shown
  // after, they never move in view (home's streak pushed Trending off a phone's screen, CLS 0.06 to 0.08 cold). Literal
  // class names, not a shared constant: the first page's JavaScript is at its budget.
  useEffect(() => {
    if (signedIn) requestAnimationFrame(() => requestAnimationFrame(() => document.documentElement.classList.remove('session-pending')))
  }, [signedIn])
  const main = useOnNavigation()
  useDropPrivateDataOnSignOut()
  useKeepByDefault()
  return (
    <>
      {/* First, in the page's flow: it is read before anything else and never lies over a control. */}
      <CookieBanner />
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="site-header">
        <Link to="/" className="brand" aria-label="Òwe, home">
          <img src="/favicon.svg" alt="" width={32} height={32} />
          <span>Òwe</span>
        </Link>
        <SiteNav signedIn={signedIn} />
        <InstallButton />
        <div className="site-header__end">
          {signedIn && (
            <Suspense fallback={<span className="bell-placeholder" aria-hidden="true" />}>
              <NotificationBell />
            </Suspense>
          )}
          <AccountMenu />
        </div>
      </header>
      <ConnectionStatus />
      <main id="main" tabIndex={-1} ref={main}>
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
            <li>
              <Link to="/add_proverb">Suggest a proverb</Link>
            </li>
            <li>
              <Link to="/contact">Contact</Link>
            </li>
          </ul>
        </nav>
        <p>Proverbs belong to the peoples who made them. Òwe gathers them with care.</p>
      </footer>
      <TabBar />
      <Toasts />
      {signedIn && (
        <Suspense fallback={null}>
          <SignedInLayers />
        </Suspense>
      )}
    </>
  )
}
