import { Link } from 'react-router-dom'
import { languageTag } from '@/core/constants'
import type { Proverb } from '@/core/contract'
import { shorten } from '@/core/format'
import { proverbPath } from '../share'
import { FavouriteButton } from './mark-buttons'

/** A proverb in a list: its own text (in its language), the English, the group. */
export function ProverbCard({ proverb, toneVariant = false }: { proverb: Proverb; toneVariant?: boolean }) {
  return (
    <article className="proverb-card">
      <div className="proverb-card__mark">
        <FavouriteButton proverbId={proverb.id} label={shorten(proverb.proverb)} />
      </div>
      <h3 className="proverb-card__text" lang={languageTag(proverb.ethnic.slug)}>
        <Link to={proverbPath(proverb)}>{proverb.proverb}</Link>
      </h3>
      <p className="proverb-card__english">{proverb.transliteration}</p>
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
