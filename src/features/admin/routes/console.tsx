import '../admin.css'
import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react'
import { Navigate, NavLink, Route, Routes } from 'react-router-dom'
import { Loading } from '@/components/query-state'
import { usePageTitle } from '@/lib/page-title'
import { ADMIN_SECTIONS, type AdminSectionPath } from '@/core/admin/sections'

type Section = (typeof ADMIN_SECTIONS)[number] & { Page: LazyExoticComponent<ComponentType> }

/** Each section loads its own code when opened: the console's first screen ships only the suggestions. */
const PAGES: Record<AdminSectionPath, LazyExoticComponent<ComponentType>> = {
  suggestions: lazy(() => import('./suggestions')),
  corrections: lazy(() => import('./corrections')),
  proverbs: lazy(() => import('./proverbs')),
  import: lazy(() => import('./import')),
  categories: lazy(() => import('./categories')),
  faq: lazy(() => import('./faq')),
  quiz: lazy(() => import('./quiz-bank')),
  adverts: lazy(() => import('./adverts')),
  broadcast: lazy(() => import('./broadcast')),
  messages: lazy(() => import('./messages')),
  users: lazy(() => import('./users')),
  payments: lazy(() => import('./payments')),
  mail: lazy(() => import('./mail')),
  audit: lazy(() => import('./audit')),
  insights: lazy(() => import('./insights')),
}

const SECTIONS: Section[] = ADMIN_SECTIONS.map((section) => ({ ...section, Page: PAGES[section.path] }))

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
