/**
 * The console's sections in the order of its nav: the path under /admin/ and the link's label (also the
 * section's title). The console and the browser journeys that walk every section read this one list.
 */
export const ADMIN_SECTIONS = [
  { path: 'suggestions', label: 'Suggestions' },
  { path: 'corrections', label: 'Corrections' },
  { path: 'proverbs', label: 'Proverbs' },
  { path: 'import', label: 'Import' },
  { path: 'categories', label: 'Categories' },
  { path: 'faq', label: 'FAQ' },
  { path: 'quiz', label: 'Quiz bank' },
  { path: 'adverts', label: 'Adverts' },
  { path: 'broadcast', label: 'Broadcast' },
  { path: 'messages', label: 'Messages' },
  { path: 'users', label: 'Users' },
  { path: 'payments', label: 'Payments' },
  { path: 'mail', label: 'Mail' },
  { path: 'audit', label: 'Audit log' },
  { path: 'insights', label: 'Insights' },
] as const

export type AdminSectionPath = (typeof ADMIN_SECTIONS)[number]['path']
