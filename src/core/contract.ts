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

/** The signed-in user as kept in local storage (spec §3: "the logged-in user … with an id"). */
export type SessionUser = { id: number; email: string; firstName: string; lastName: string }

export type LoginResult = { token: string; expiresAt: string; user: SessionUser }

/** Spec §3: the user-exists flag of the email and phone checks. */
export type ExistsFlag = { exists: boolean }

export type PromoCodeCheck = { code: string; valid: boolean; percentOff: number }

export type PersonalInfo = {
  content: { firstName: string; lastName: string; email: string; phoneNumber: string | null }
}

export type Address = {
  country: string
  state: string
  city: string
  street: string
  house_number: string
  postal_code: string
}

export type FullProfile = {
  id: number
  email: string
  firstName: string
  lastName: string
  phoneNumber: string | null
  createdAt: string
  /** The plan chosen at sign-up. */
  package: Plan | null
  hasActivePackage: boolean
  address: Address | null
  hasPicture: boolean
  languages: EthnicGroup[]
}

/** Spec §3: "languages (a list plus the user's selected languages)". */
export type UserLanguages = {
  languages: EthnicGroup[]
  selected: EthnicGroup[]
  unselected: EthnicGroup[]
  /** How many groups the user may choose: their plan's noOfEthnics. */
  maxSelectable: number
  /** Ids of the groups the user may read now (one without an active package). */
  readable: number[]
}

export type Language = { id: number; name: string; slug: string; ethnic: ProverbRef; readable: boolean }

export type ProverbMarks = { favourites: number[]; likes: number[] }

/** A message the server sends back for an action with nothing else to say. */
export type Notice = { message: string }
