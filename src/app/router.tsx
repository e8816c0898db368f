import { lazy, Suspense, type ComponentType } from 'react'
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
 * straight from the feature, a page that composes features from ./pages.
 */
function page<K extends string = 'default'>(
  title: string | null,
  load: () => Promise<Record<NoInfer<K>, ComponentType>>,
  name = 'default' as K,
) {
  const Component = lazy(() => load().then((module): { default: ComponentType } => ({ default: module[name] })))
  function Page() {
    usePageTitle(title)
    return (
      <Suspense fallback={<Loading label="Loading the page" />}>
        <Component />
      </Suspense>
    )
  }
  return <Page />
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
          <Route path="/search_result" element={page(null, () => import('@/features/proverbs/routes/search'), 'SearchRoute')} />
          <Route path="/pricing" element={page(PUBLIC_PAGE_TITLES['/pricing'], () => import('./pages/pricing'))} />
          <Route path="/about" element={page(PUBLIC_PAGE_TITLES['/about'], () => import('@/features/pages/routes'), 'AboutRoute')} />
          <Route path="/terms" element={page(PUBLIC_PAGE_TITLES['/terms'], () => import('@/features/pages/routes'), 'TermsRoute')} />
          <Route
            path="/privacy_policy"
            element={page(PUBLIC_PAGE_TITLES['/privacy_policy'], () => import('@/features/pages/routes'), 'PrivacyRoute')}
          />
          <Route path="/404" element={page('Not found', () => import('@/features/pages/routes'), 'NotFoundRoute')} />
          <Route path="/auth/login" element={page(PUBLIC_PAGE_TITLES['/auth/login'], () => import('@/features/auth/routes/login'))} />
          <Route
            path="/auth/signup"
            element={page(PUBLIC_PAGE_TITLES['/auth/signup'], () => import('@/features/auth/routes/signup'), 'SignupRoute')}
          />
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
          <Route
            path="/add_proverb"
            element={page(PUBLIC_PAGE_TITLES['/add_proverb'], () => import('@/features/community/routes/add-proverb'), 'AddProverbRoute')}
          />
          <Route path="/suggest_correction" element={page('Suggest a correction', () => import('./pages/suggest-correction'))} />
          <Route
            path="/contact"
            element={page(PUBLIC_PAGE_TITLES['/contact'], () => import('@/features/community/routes/contact'), 'ContactRoute')}
          />
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
