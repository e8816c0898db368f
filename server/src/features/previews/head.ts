import type { Category, EthnicGroup, Proverb } from '@core/proverbs/contract'
import { categoryPagePath, groupPagePath, proverbPagePath, SEARCH_PAGE } from '@core/proverbs/pages'
import { languageTag } from '@core/shared/constants'
import { CARD_HEIGHT, CARD_WIDTH, proverbOfPeople } from '@core/proverbs/card'
import { cardPath } from './card'
import {
  pageTitle,
  PUBLIC_PAGE_DESCRIPTIONS,
  PUBLIC_PAGE_TITLES,
  SITE_DESCRIPTION,
  SITE_NAME,
  type PublicPagePath,
} from '@core/shared/pages'

/** What a page says about itself to link previews and search engines, before any script runs. */
export type PageHead = {
  title: string
  description: string
  /** The page's one address (absolute); absent for pages no search engine should list. */
  canonical?: string
  type: 'website' | 'article'
  image: { url: string; width: number; height: number; alt: string; type: string }
  /** `noindex` for pages that are a reader's own, or a search that found nothing. */
  robots?: 'noindex'
  /** schema.org descriptions, one object each. */
  jsonLd: object[]
}

/** Link previews are one line: a description is cut at a word near this length. */
const DESCRIPTION_MAX = 200

export function clip(text: string, max = DESCRIPTION_MAX): string {
  const flat = text.replace(/\s+/g, ' ').trim()
  if (flat.length <= max) return flat
  const cut = flat.slice(0, max - 1)
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max / 2)).replace(/[\s,;:.–—-]+$/, '')}…`
}

/** The site's icon: the preview of pages without a picture of their own. */
const siteImage = (base: string): PageHead['image'] => ({
  url: `${base}/icons/icon-512.png`,
  width: 512,
  height: 512,
  alt: `${SITE_NAME}'s icon`,
  type: 'image/png',
})

/** A people's scroll art, drawn wide for banners. */
const scrollImage = (base: string, group: { slug: string; name: string }, image: string | null): PageHead['image'] =>
  image
    ? {
        url: `${base}${image.replace(/^\/img\//, '/img/wide/')}`,
        width: 1440,
        height: 420,
        alt: `The ${group.name} scroll of ${SITE_NAME}`,
        type: 'image/jpeg',
      }
    : siteImage(base)

const website = (base: string) => ({ '@type': 'WebSite', name: SITE_NAME, url: `${base}/` })

export function homeHead(base: string): PageHead {
  return {
    title: pageTitle(),
    description: SITE_DESCRIPTION,
    canonical: `${base}/`,
    type: 'website',
    image: siteImage(base),
    jsonLd: [
      {
        '@context': 'https://schema.org',
        ...website(base),
        description: SITE_DESCRIPTION,
        potentialAction: {
          '@type': 'SearchAction',
          target: { '@type': 'EntryPoint', urlTemplate: `${base}${SEARCH_PAGE}?q={search_term_string}` },
          'query-input': 'required name=search_term_string',
        },
      },
    ],
  }
}

export function publicPageHead(base: string, path: PublicPagePath): PageHead {
  const name = PUBLIC_PAGE_TITLES[path]
  return {
    title: pageTitle(name),
    description: PUBLIC_PAGE_DESCRIPTIONS[path],
    canonical: `${base}${path}`,
    type: 'website',
    image: siteImage(base),
    jsonLd: [{ '@context': 'https://schema.org', '@type': 'WebPage', name, url: `${base}${path}`, isPartOf: website(base) }],
  }
}

/** One proverb: its own words as the title, its rendering and meaning as the description. */
export function proverbHead(base: string, proverb: Proverb): PageHead {
  const url = `${base}${proverbPagePath(proverb.slug)}`
  const description = clip(`“${proverb.transliteration}” — ${proverb.interpretation}`)
  const inLanguage = languageTag(proverb.ethnic.slug)
  return {
    title: pageTitle(proverb.proverb),
    description,
    canonical: url,
    type: 'article',
    image: {
      url: `${base}${cardPath(proverb)}`,
      width: CARD_WIDTH,
      height: CARD_HEIGHT,
      alt: `${proverb.proverb} — “${proverb.transliteration}”, ${proverbOfPeople(proverb.ethnic.name)}`,
      type: 'image/png',
    },
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'Quotation',
        text: proverb.proverb,
        ...(inLanguage ? { inLanguage } : {}),
        name: proverb.transliteration,
        description: proverb.interpretation,
        url,
        genre: `${proverb.ethnic.name} proverb`,
        keywords: proverb.categories.map((category) => category.name).join(', '),
        citation: proverb.sources.map((source) => ({
          '@type': 'CreativeWork',
          name: source.title,
          ...(source.url ? { url: source.url } : {}),
          ...(source.author ? { author: source.author } : {}),
          ...(source.year ? { datePublished: String(source.year) } : {}),
        })),
        isPartOf: website(base),
      },
      breadcrumbs(base, [
        { name: `${proverb.ethnic.name} proverbs`, path: groupPagePath(proverb.ethnic.slug) },
        { name: proverb.proverb, path: proverbPagePath(proverb.slug) },
      ]),
    ],
  }
}

/** A people's page: who they are, and how many of their proverbs Òwe holds. */
export function groupHead(base: string, group: EthnicGroup): PageHead {
  const url = `${base}${groupPagePath(group.slug)}`
  const count = `${group.proverbCount.toLocaleString('en')} ${group.name} proverb${group.proverbCount === 1 ? '' : 's'}`
  const description = clip(group.about ? `${count}, in ${group.language}. ${group.about.intro}` : `${count}, in ${group.language}.`)
  return {
    title: pageTitle(`${group.name} proverbs`),
    description,
    canonical: url,
    type: 'website',
    image: scrollImage(base, group, group.image),
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'CollectionPage',
        name: `${group.name} proverbs`,
        description,
        url,
        isPartOf: website(base),
      },
      breadcrumbs(base, [{ name: `${group.name} proverbs`, path: groupPagePath(group.slug) }]),
    ],
  }
}

export function categoryHead(base: string, category: Category): PageHead {
  const url = `${base}${categoryPagePath(category.slug)}`
  const count = `${category.proverbCount.toLocaleString('en')} proverb${category.proverbCount === 1 ? '' : 's'} about ${category.name.toLowerCase()}`
  const description = clip(category.description ? `${count}. ${category.description}` : `${count}, from eight African peoples.`)
  return {
    title: pageTitle(`${category.name} proverbs`),
    description,
    canonical: url,
    type: 'website',
    image: siteImage(base),
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'CollectionPage',
        name: `${category.name} proverbs`,
        description,
        url,
        isPartOf: website(base),
      },
    ],
  }
}

/**
 * The whole list (listed), or a search that found nothing or a proverb or people that is not there (shown,
 * but not for search engines to list). The title is the app's own for the page: "Search".
 */
export function searchHead(base: string, listed: boolean): PageHead {
  return {
    title: pageTitle('Search'),
    description: SITE_DESCRIPTION,
    canonical: listed ? `${base}${SEARCH_PAGE}` : undefined,
    type: 'website',
    image: siteImage(base),
    robots: listed ? undefined : 'noindex',
    jsonLd: [],
  }
}

/** A search that found proverbs: listed under its first page's address, its description says what it found. */
export function searchResultsHead(base: string, q: string, total: number): PageHead {
  return {
    ...searchHead(base, false),
    description: clip(`${total.toLocaleString('en')} proverb${total === 1 ? '' : 's'} for “${q}”, from eight African peoples.`),
    canonical: `${base}${SEARCH_PAGE}?q=${encodeURIComponent(q)}`,
    robots: undefined,
  }
}

/** A page of a reader's own (profile, quizzes) or one that is not there: the site's preview, not listed. */
export function privateHead(base: string): PageHead {
  return { ...homeHead(base), canonical: undefined, robots: 'noindex', jsonLd: [] }
}

function breadcrumbs(base: string, trail: { name: string; path: string }[]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((step, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: step.name,
      item: `${base}${step.path}`,
    })),
  }
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

/** JSON inside a script element: nothing in it may close the element or open a comment. */
const scriptJson = (value: object) => JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026')

/** The head's elements, one a line. */
export function headTags(head: PageHead): string {
  const meta = (attribute: 'name' | 'property', key: string, content: string) =>
    `<meta ${attribute}="${key}" content="${escapeHtml(content)}" />`
  const tags = [
    `<title>${escapeHtml(head.title)}</title>`,
    meta('name', 'description', head.description),
    head.robots ? meta('name', 'robots', head.robots) : '',
    head.canonical ? `<link rel="canonical" href="${escapeHtml(head.canonical)}" />` : '',
    meta('property', 'og:site_name', SITE_NAME),
    meta('property', 'og:type', head.type),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    head.canonical ? meta('property', 'og:url', head.canonical) : '',
    meta('property', 'og:image', head.image.url),
    meta('property', 'og:image:type', head.image.type),
    meta('property', 'og:image:width', String(head.image.width)),
    meta('property', 'og:image:height', String(head.image.height)),
    meta('property', 'og:image:alt', head.image.alt),
    meta('name', 'twitter:card', head.image.width >= 600 ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', head.title),
    meta('name', 'twitter:description', head.description),
    meta('name', 'twitter:image', head.image.url),
    meta('name', 'twitter:image:alt', head.image.alt),
    ...head.jsonLd.map((data) => `<script type="application/ld+json">${scriptJson(data)}</script>`),
  ]
  return tags.filter(Boolean).join('\n    ')
}

/**
 * The built index.html with this page's head: its title and description replace the app's, the rest is
 * added before `</head>`. The shell's markup is left as built.
 */
export function withHead(html: string, head: PageHead): string {
  const stripped = html.replace(/<title>[\s\S]*?<\/title>\s*/, '').replace(/<meta\s+name="description"[\s\S]*?\/>\s*/, '')
  return stripped.replace('</head>', `  ${headTags(head)}\n  </head>`)
}
