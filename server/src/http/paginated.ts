import type { Paginated } from '@core/http/contract'

/**
 * A page of a list as every paged endpoint answers it: the page's items, the page number and size asked
 * for, and how many pages and items there are in all (the page shape of docs/requirements.md#r15-api-contract).
 */
export function paginated<T>(data: T[], total: number, { page, size }: { page: number; size: number }): Paginated<T> {
  return { data, page, size, totalPages: Math.ceil(total / size), totalElements: total }
}
