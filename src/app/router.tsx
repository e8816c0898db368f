import { lazy, Suspense, useState, type ComponentType } from 'react'
import { Navigate, Route, Routes, useLocation } from 'react-router-dom'
import { isPublicRoute } from '@/core/shared/constants'
import { useSession } from '@/lib/session'
import { Loading } from '@/components/query-state'
import { HomeRoute } from '@/features/proverbs/routes/home'
import { ErrorBoundary } from './error-boundary'
import { Layout } from './layout'
import { RequireSession } from './require-session'
import { usePageTitle } from '@/lib/page-title'
import { PUBLIC_PAGE_TITLES } from '@/core/shared/pages'

/**
 * Pages other than home load their code on demand, so `/` ships only what it shows: a feature's route
 * straight from the feature, a page that composes features from ./pages. `preload` fetches the code ahead:
 * a page the server rendered is hydrated with its code already here (nothing suspends, so nothing can throw
 * the server's markup away for a placeholder).
 */
function lazyPage<K extends string = 'default'>(
  title: string | null,
  load: () => Promise<Record<NoInfer<K>, ComponentType>>,
  name = 'default' as K,
) {
  let loaded: ComponentType | undefined
  let loading: Promise<ComponentType> | undefined
  const preload = () =>
    (loading ??= load().then((module) => (loaded = module[name]))).catch((error: unknown) => {
      loading = undefined
      throw error
    })
  const Lazy = lazy(() => preload().then((component) => ({ default: component })))
  function Page() {
    usePageTitle(title)
    // Chosen once: switching from the lazy wrapper to the loaded page later would mount the page afresh.
    const [Component] = useState(() => loaded ?? Lazy)
    return (
      <Suspense fallback={<Loading label="Loading the page" />}>
        <Component />
      </Suspense>
    )
  }
  return { element: <Page />, preload }
}

const page = <K extends string = 'default'>(title: string | null, load: () => Promise<Record<NoInfer<K>, ComponentType>>, name?: K) =>
  lazyPage(title, load, name).element

/** A page the server renders: its code can be fetched before hydration, and `module` (its source file) names its code and styles in the build's manifest. */
const publicPage = <K extends string = 'default'>(
  module: string,
  title: string | null,
  load: () => Promise<Record<NoInfer<K>, ComponentType>>,
  name?: K,
) => ({ ...lazyPage(title, load, name), module })

/** The pages the server renders (src/core/shared/pages.ts `isServerRendered`), home aside (its code is the first script). */
const PUBLIC_PAGES = {
  '/search_result': publicPage(
    'src/features/proverbs/routes/search.tsx',
    null,
    () => import('@/features/proverbs/routes/search'),
    'SearchRoute',
  ),
  '/pricing': publicPage('src/app/pages/pricing.tsx', PUBLIC_PAGE_TITLES['/pricing'], () => import('./pages/pricing')),
  '/about': publicPage(
    'src/features/pages/routes.tsx',
    PUBLIC_PAGE_TITLES['/about'],
    () => import('@/features/pages/routes'),
    'AboutRoute',
  ),
  '/terms': publicPage(
    'src/features/pages/routes.tsx',
    PUBLIC_PAGE_TITLES['/terms'],
    () => import('@/features/pages/routes'),
    'TermsRoute',
  ),
  '/privacy_policy': publicPage(
    'src/features/pages/routes.tsx',
    PUBLIC_PAGE_TITLES['/privacy_policy'],
    () => import('@/features/pages/routes'),
    'PrivacyRoute',
  ),
  '/auth/login': publicPage(
    'src/features/auth/routes/login.tsx',
    PUBLIC_PAGE_TITLES['/auth/login'],
    () => import('@/features/auth/routes/login'),
  ),
  '/auth/signup': publicPage(
    'src/features/auth/routes/signup.tsx',
    PUBLIC_PAGE_TITLES['/auth/signup'],
    () => import('@/features/auth/routes/signup'),
    'SignupRoute',
  ),
  '/add_proverb': publicPage(
    'src/features/community/routes/add-proverb.tsx',
    PUBLIC_PAGE_TITLES['/add_proverb'],
    () => import('@/features/community/routes/add-proverb'),
    'AddProverbRoute',
  ),
  '/contact': publicPage(
    'src/features/community/routes/contact.tsx',
    PUBLIC_PAGE_TITLES['/contact'],
    () => import('@/features/community/routes/contact'),
    'ContactRoute',
  ),
}

const publicPageAt = (pathname: string) =>
  Object.hasOwn(PUBLIC_PAGES, pathname) ? PUBLIC_PAGES[pathname as keyof typeof PUBLIC_PAGES] : undefined

/** The source file of the page at this path, when the server renders it and it is not home (whose code and styles are the first page's). */
export const pageModule = (pathname: string): string | undefined => publicPageAt(pathname)?.module

/** Fetches the code of the page at this path, when it is one the server renders (home's is in the first script). */
export async function preloadPage(pathname: string): Promise<void> {
  await publicPageAt(pathname)?.preload()
}

/** The list and one message: one chunk (the list's module brings the message's page along). */
const notificationPages = () => import('@/features/notifications/routes/notifications')

function Home() {
  usePageTitle()
  return <HomeRoute />
}

/**
 * A route that is not public (docs/requirements.md#r3-accounts-and-sign-in) needs a session, unknown ones included, so
 * a visitor meets the sign-in page; public paths without a page yet, and anything a signed-in user mistypes, show /404.
 */
function UnknownRoute() {
  const session = useSession()
  const location = useLocation()
  if (!session && !isPublicRoute(location.pathname)) return <Navigate to="/auth/login" replace state={{ from: location }} />
  return <Navigate to="/404" replace />
}

export function AppRoutes() {
  return (
    <ErrorBoundary>
      <Routes>
        <Route element={<Layout />}>
          <Route path="/" element={<Home />} />
          {/* The search route names itself: it is either the search or one proverb. */}
          <Route path="/search_result" element={PUBLIC_PAGES['/search_result'].element} />
          <Route path="/pricing" element={PUBLIC_PAGES['/pricing'].element} />
          <Route path="/about" element={PUBLIC_PAGES['/about'].element} />
          <Route path="/terms" element={PUBLIC_PAGES['/terms'].element} />
          <Route path="/privacy_policy" element={PUBLIC_PAGES['/privacy_policy'].element} />
          <Route path="/404" element={page('Not found', () => import('@/features/pages/routes'), 'NotFoundRoute')} />
          <Route path="/auth/login" element={PUBLIC_PAGES['/auth/login'].element} />
          <Route path="/auth/signup" element={PUBLIC_PAGES['/auth/signup'].element} />
          <Route path="/auth/activate" element={page('Activate your account', () => import('@/features/auth/routes/activate'))} />
          <Route
            path="/auth/forget_password"
            element={page('Forgot your password', () => import('@/features/auth/routes/forgot-password'))}
          />
          <Route
            path="/auth/reset_password"
            element={page('Choose a new password', () => import('@/features/auth/routes/reset-password'))}
          />
          <Route path="/register_payment_success" element={page('Check your email', () => import('./pages/registration-success'))} />
          {/* Public: a payment started at sign-up returns here too, and the page asks only for the reference. */}
          <Route path="/payment_success" element={page('Payment', () => import('@/features/subscriptions/routes/payment-result'))} />
          <Route path="/test" element={page('Diagnostics', () => import('@/features/push/routes/diagnostics'))} />
          <Route path="/add_proverb" element={PUBLIC_PAGES['/add_proverb'].element} />
          <Route path="/suggest_correction" element={page('Suggest a correction', () => import('./pages/suggest-correction'))} />
          <Route path="/contact" element={PUBLIC_PAGES['/contact'].element} />
          <Route
            path="/unsubscribe"
            element={page('Unsubscribe', () => import('@/features/community/routes/unsubscribe'), 'UnsubscribeRoute')}
          />
          <Route element={<RequireSession />}>
            <Route path="/profile" element={page('Your profile', () => import('./pages/profile'))} />
            <Route path="/favourites" element={page('Your favourites', () => import('@/features/proverbs/routes/favourites'))} />
            <Route path="/offline" element={page('Offline reading', () => import('@/features/proverbs/routes/offline-packs'))} />
            <Route path="/quiz" element={page('Quizzes', () => import('./pages/quiz'))} />
            <Route path="/quiz/:batchId" element={page('Quiz', () => import('@/features/quiz/routes/quiz-player'))} />
            <Route path="/quiz/:batchId/submit" element={page('Quiz result', () => import('@/features/quiz/routes/quiz-result'))} />
            {/* The deck and its progress bring ts-fsrs; Chart.js comes only when progress draws. Neither is the first page's. */}
            <Route path="/learn" element={page('Learn', () => import('@/features/learning/routes/learn'))} />
            <Route path="/learn/progress" element={page('Your learning progress', () => import('@/features/learning/routes/progress'))} />
            <Route path="/notifications" element={page('Notifications', notificationPages)} />
            {/* The message names itself. */}
            <Route path="/notifications/:id" element={page(null, notificationPages, 'NotificationDetail')} />
            {/* Admins only (checked inside); each section names itself. */}
            <Route path="/admin/*" element={page(null, () => import('./pages/admin'))} />
          </Route>
          <Route path="*" element={<UnknownRoute />} />
        </Route>
      </Routes>
    </ErrorBoundary>
  )
}
