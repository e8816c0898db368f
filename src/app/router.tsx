import { lazy, Suspense, type ComponentType } from 'react'
import { Navigate, Route, Routes } from 'react-router-dom'
import { Loading } from '@/components/query-state'
import { HomeRoute } from '@/features/proverbs/routes/home'
import { ErrorBoundary } from './error-boundary'
import { Layout } from './layout'
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

function Home() {
  usePageTitle()
  return <HomeRoute />
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
          <Route path="*" element={<Navigate to="/404" replace />} />
        </Route>
      </Routes>
    </ErrorBoundary>
  )
}
