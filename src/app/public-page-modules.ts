/**
 * The source file of each page the server renders, home aside (its code is the first script): the router loads
 * them, the server names their code and styles from the build's manifest (docs/decisions/017-server-rendered-pages.md),
 * and the build puts their code in the worker's first install (sw/install-set.ts).
 */
export const PUBLIC_PAGE_MODULES = {
  '/search_result': 'src/features/proverbs/routes/search.tsx',
  '/pricing': 'src/app/pages/pricing.tsx',
  '/about': 'src/features/pages/routes.tsx',
  '/terms': 'src/features/pages/routes.tsx',
  '/privacy_policy': 'src/features/pages/routes.tsx',
  '/auth/login': 'src/features/auth/routes/login.tsx',
  '/auth/signup': 'src/features/auth/routes/signup.tsx',
  '/add_proverb': 'src/features/community/routes/add-proverb.tsx',
  '/contact': 'src/features/community/routes/contact.tsx',
} as const
