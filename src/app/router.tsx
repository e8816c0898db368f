import { lazy, Suspense, type ComponentType } from 'react'
import { Navigate, Route, Routes, useLocation } from 'react-router-dom'
import { isPublicRoute } from '@/core/constants'
import { useSession } from '@/lib/session'
import { Loading } from '@/components/query-state'
import { HomeRoute } from '@/features/proverbs/routes/home'
import { ErrorBoundary } from './error-boundary'
import { Layout } from './layout'
import { RequireSession } from './require-session'
import { usePageTitle } from '@/lib/page-title'

/** Pages other than home load their code on demand, so `/` ships only what it shows. */
function page(title: string | null, load: () => Promise<{ default: ComponentType }>) {
  const Component = lazy(load)
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

/** The list and one message: one chunk (who opens one soon opens the other). */
const notificationPages = () => import('./lazy/notifications')

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
          <Route path="/search_result" element={page(null, () => import('./lazy/search'))} />
          <Route path="/pricing" element={page('Pricing', () => import('./lazy/pricing'))} />
          <Route path="/about" element={page('About', () => import('./lazy/about'))} />
          <Route path="/terms" element={page('Terms of use', () => import('./lazy/terms'))} />
          <Route path="/privacy_policy" element={page('Privacy policy', () => import('./lazy/privacy'))} />
          <Route path="/404" element={page('Not found', () => import('./lazy/not-found'))} />
          <Route path="/auth/login" element={page('Sign in', () => import('./lazy/login'))} />
          <Route path="/auth/signup" element={page('Create your account', () => import('./lazy/signup'))} />
          <Route path="/auth/activate" element={page('Activate your account', () => import('./lazy/activate'))} />
          <Route path="/auth/forget_password" element={page('Forgot your password', () => import('./lazy/forgot-password'))} />
          <Route path="/auth/reset_password" element={page('Choose a new password', () => import('./lazy/reset-password'))} />
          <Route path="/register_payment_success" element={page('Check your email', () => import('./lazy/registration-success'))} />
          {/* Public: a payment started at sign-up returns here too, and the page asks only for the reference. */}
          <Route path="/payment_success" element={page('Payment', () => import('./lazy/payment-success'))} />
          <Route path="/test" element={page('Diagnostics', () => import('./lazy/diagnostics'))} />
          <Route path="/add_proverb" element={page('Suggest a proverb', () => import('./lazy/add-proverb'))} />
          <Route path="/suggest_correction" element={page('Suggest a correction', () => import('./lazy/suggest-correction'))} />
          <Route path="/contact" element={page('Contact us', () => import('./lazy/contact'))} />
          <Route path="/unsubscribe" element={page('Unsubscribe', () => import('./lazy/unsubscribe'))} />
          <Route element={<RequireSession />}>
            <Route path="/profile" element={page('Your profile', () => import('./lazy/profile'))} />
            <Route path="/favourites" element={page('Your favourites', () => import('./lazy/favourites'))} />
            <Route path="/offline" element={page('Offline reading', () => import('./lazy/offline-packs'))} />
            <Route path="/quiz" element={page('Quizzes', () => import('./lazy/quiz'))} />
            <Route path="/quiz/:batchId" element={page('Quiz', () => import('./lazy/quiz-player'))} />
            <Route path="/quiz/:batchId/submit" element={page('Quiz result', () => import('./lazy/quiz-result'))} />
            <Route path="/notifications" element={page('Notifications', notificationPages)} />
            {/* The message names itself. */}
            <Route path="/notifications/:id" element={page(null, () => notificationPages().then((m) => ({ default: m.NotificationDetail })))} />
            {/* Operators only (checked inside); each section names itself. */}
            <Route path="/admin/*" element={page(null, () => import('./lazy/admin'))} />
          </Route>
          <Route path="*" element={<UnknownRoute />} />
        </Route>
      </Routes>
    </ErrorBoundary>
  )
}
