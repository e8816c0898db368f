import { SEARCH_PAGE } from '../proverbs/pages'
/** The name of the site, as a page's title ends and as link previews show it. */
export const SITE_NAME = 'Òwe'

/** The tab's title of a page: its own name, then the site's; the home page's is the site's with what it is. */
export function pageTitle(title?: string): string {
  return title ? `${title} — ${SITE_NAME}` : `${SITE_NAME} — African proverbs`
}

/**
 * The public pages a search engine may list, by the name the tab shows. The router takes its titles from
 * here and the server its link previews (server/src/features/previews), so the two cannot drift.
 */
export const PUBLIC_PAGE_TITLES = {
  '/pricing': 'Pricing',
  '/about': 'About',
  '/terms': 'Terms of use',
  '/privacy_policy': 'Privacy policy',
  '/add_proverb': 'Suggest a proverb',
  '/contact': 'Contact us',
  '/auth/login': 'Sign in',
  '/auth/signup': 'Create your account',
} as const

export type PublicPagePath = keyof typeof PUBLIC_PAGE_TITLES

/** The site in one sentence: the home page's description (index.html says the same before any script runs). */
export const SITE_DESCRIPTION =
  'Traditional proverbs of the Yoruba, Igbo, Hausa, Akan, Swahili, Zulu, Amhara and Oromo peoples, in their own languages and scripts, with English renderings, meanings, weekly quizzes and a leaderboard. Works offline.'

/** What a link preview or a search engine says of each public page (the server's alone: the app never shows them). */
export const PUBLIC_PAGE_DESCRIPTIONS: Record<PublicPagePath, string> = {
  '/pricing': 'Òwe’s plans, in dollars or naira: what the free plan gives, and what each paid plan adds.',
  '/about': 'Who makes Òwe, where its proverbs are recorded, how to cite them, and the whole corpus to download with its licence.',
  '/terms': 'The terms on which Òwe and its proverbs are offered.',
  '/privacy_policy': 'What Òwe keeps about its readers, and why.',
  '/add_proverb':
    'Know a proverb of your people that Òwe does not have? Send it with where it is recorded; an admin reviews it before it is published.',
  '/contact': 'Write to the people who make Òwe: a question, a correction or an idea.',
  '/auth/login': 'Sign in to Òwe to keep favourites, take the weekly quizzes and read offline.',
  '/auth/signup': 'Join Òwe: choose the peoples whose proverbs you follow, and a plan, free or paid.',
}

/**
 * The pages the server renders with their data (docs/decisions/017-server-rendered-pages.md): home, the
 * proverbs' pages and searches, and the public pages above. A reader's own pages start from the shell.
 */
export function isServerRendered(pathname: string): boolean {
  return pathname === '/' || pathname === SEARCH_PAGE || Object.hasOwn(PUBLIC_PAGE_TITLES, pathname)
}
