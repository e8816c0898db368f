import type { ProverbSource } from './contract'

// Apart from the correction form's rules (core/community/corrections.ts): a proverb's page shows its sources
// without loading the form's validation library.

/** How a source reads on a page: "Author, Title (Year), locator" for a book, its title for a page. */
export function sourceLabel(source: ProverbSource): string {
  if (source.url) return source.title
  const book = [source.author, source.year ? `${source.title} (${source.year})` : source.title].filter(Boolean).join(', ')
  return source.locator ? `${book}, ${source.locator}` : book
}
