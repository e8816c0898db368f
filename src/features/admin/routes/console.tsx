import '../admin.css'
import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react'
import { Navigate, NavLink, Route, Routes } from 'react-router-dom'
import { Loading } from '@/components/query-state'
import { usePageTitle } from '@/lib/page-title'

type Section = { path: string; label: string; Page: LazyExoticComponent<ComponentType> }

/** Each section loads its own code when opened: the console's first screen ships only the suggestions. */
const SECTIONS: Section[] = [
  { path: 'suggestions', label: 'Suggestions', Page: lazy(() => import('./suggestions')) },
  { path: 'corrections', label: 'Corrections', Page: lazy(() => import('./corrections')) },
  { path: 'proverbs', label: 'Proverbs', Page: lazy(() => import('./proverbs')) },
  { path: 'import', label: 'Import', Page: lazy(() => import('./import')) },
  { path: 'categories', label: 'Categories', Page: lazy(() => import('./categories')) },
  { path: 'faq', label: 'FAQ', Page: lazy(() => import('./faq')) },
  { path: 'quiz', label: 'Quiz bank', Page: lazy(() => import('./quiz-bank')) },
  { path: 'adverts', label: 'Adverts', Page: lazy(() => import('./adverts')) },
  { path: 'broadcast', label: 'Broadcast', Page: lazy(() => import('./broadcast')) },
  { path: 'messages', label: 'Messages', Page: lazy(() => import('./messages')) },
  { path: 'users', label: 'Users', Page: lazy(() => import('./users')) },
  { path: 'payments', label: 'Payments', Page: lazy(() => import('./payments')) },
  { path: 'mail', label: 'Mail', Page: lazy(() => import('./mail')) },
  { path: 'audit', label: 'Audit log', Page: lazy(() => import('./audit')) },
]

function SectionPage({ section }: { section: Section }) {
  usePageTitle(`${section.label} · Admins`)
  return (
    <Suspense fallback={<Loading label={`Loading ${section.label}`} />}>
      <section.Page />
    </Suspense>
  )
}

/** /admin/<section>: the sections in a side nav (a bar of links on narrow screens), the chosen one beside it. */
export function AdminConsole() {
  return (
    <div className="admin">
      <nav className="admin__nav" aria-labelledby="admin-title">
        <h1 id="admin-title" className="admin__title">
          Admins
        </h1>
        <ul>
          {SECTIONS.map((section) => (
            <li key={section.path}>
              <NavLink to={`/admin/${section.path}`}>{section.label}</NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="admin__body">
        <Routes>
          <Route index element={<Navigate to="/admin/suggestions" replace />} />
          {SECTIONS.map((section) => (
            <Route key={section.path} path={section.path} element={<SectionPage section={section} />} />
          ))}
          <Route path="*" element={<Navigate to="/admin/suggestions" replace />} />
        </Routes>
      </div>
    </div>
  )
}
