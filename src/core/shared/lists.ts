/**
 * How a list reads in a sentence. Apart from core/shared/format, which the first page's shared chunk carries: only
 * lazy pages (a proverb's cousins and history) say lists this way.
 */

/** "a", "a and b", "a, b and c". */
export function joinWithAnd(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? ''
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`
}
