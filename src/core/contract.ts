/** Response and entity shapes of the API (PRODUCT.md: the envelope). */

export type DataEnvelope<T> = { data: T }

export type Paginated<T> = {
  data: T[]
  page: number
  size: number
  totalPages: number
  totalElements: number
}

export type ApiErrorBody = {
  error: { code: string; message: string; fields?: Record<string, string> }
}

export type EthnicGroup = {
  id: number
  name: string
  slug: string
  language: string
  /** Scroll background path (spec §2). */
  image: string | null
  proverbCount: number
}

export type Category = { id: number; name: string; slug: string; proverbCount: number }

export type CategoryPage = {
  content: Category[]
  page: number
  size: number
  totalPages: number
  totalElements: number
}

export type ProverbRef = { id: number; name: string; slug: string }

export type Proverb = {
  id: number
  slug: string
  proverb: string
  transliteration: string
  interpretation: string
  /** Proverbs that differ only in tone marks share this key. */
  toneKey: string
  ethnic: ProverbRef
  language: string
  image: string | null
  categories: ProverbRef[]
  likes: number
}

export type Plan = {
  id: number
  name: string
  /** Yearly price in US dollars. */
  amount: number
  noOfEthnics: number
  description: string
}

export type Faq = { id: number; question: string; answer: string }

/** Prices are stored in dollars; `rates[code]` is how many of that currency one dollar shows as. */
export type ExchangeRates = { base: 'USD'; rates: Record<'USD' | 'NGN', number> }
