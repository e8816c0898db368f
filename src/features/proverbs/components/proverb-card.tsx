import type { ReactNode } from 'react'
import { Link } from 'react-router-dom'
import { languageTag } from '@/core/shared/constants'
import type { Proverb } from '@/core/proverbs/contract'
import { shorten } from '@/core/shared/format'
import { proverbPagePath } from '@/core/proverbs/pages'
import { FavouriteButton } from './mark-buttons'

/**
 * The card's texts with a search's matches marked, drawn by the search page (`SearchResultCard`), so the
 * home page's cards carry no highlighting code; `meaning` is shown when only the meaning matched.
 */
export type MarkedTexts = { proverb: ReactNode; english: ReactNode; meaning?: ReactNode }

type Props = {
  proverb: Proverb
  toneVariant?: boolean
  marked?: MarkedTexts
}

/** A proverb in a list: its own text (in its language), the English, the group. */
export function ProverbCard({ proverb, toneVariant = false, marked }: Props) {
  return (
    <article className="proverb-card">
      <div className="proverb-card__mark">
        <FavouriteButton proverbId={proverb.id} label={shorten(proverb.proverb)} />
      </div>
      <h3 className="proverb-card__text" lang={languageTag(proverb.ethnic.slug)}>
        <Link to={proverbPagePath(proverb.slug)}>{marked?.proverb ?? proverb.proverb}</Link>
      </h3>
      <p className="proverb-card__english">{marked?.english ?? proverb.transliteration}</p>
      {marked?.meaning && (
        <p className="proverb-card__meaning">
          <span className="visually-hidden">Meaning: </span>
          {marked.meaning}
        </p>
      )}
      <p className="proverb-card__meta">
        <span className="tag">{proverb.ethnic.name}</span>
        {proverb.categories.map((c) => (
          <span key={c.id} className="tag tag--muted">
            {c.name}
          </span>
        ))}
        {toneVariant && <span className="tag tag--accent">Differs only in tone</span>}
      </p>
    </article>
  )
}
