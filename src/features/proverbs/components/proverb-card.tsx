import { Link } from 'react-router-dom'
import { languageTag } from '@/core/constants'
import type { Proverb } from '@/core/contract'
import { shorten } from '@/core/format'
import { hasMatch } from '@/core/highlight'
import { proverbPath } from '../share'
import { Highlighted } from './highlighted'
import { FavouriteButton } from './mark-buttons'

type Props = {
  proverb: Proverb
  toneVariant?: boolean
  /** The search's folded terms: the words they matched are marked, and the meaning shown when only it matched. */
  terms?: readonly string[]
}

/** A proverb in a list: its own text (in its language), the English, the group. */
export function ProverbCard({ proverb, toneVariant = false, terms }: Props) {
  const meaningMatched =
    !!terms?.length && !hasMatch(`${proverb.proverb} ${proverb.transliteration}`, terms) && hasMatch(proverb.interpretation, terms)
  return (
    <article className="proverb-card">
      <div className="proverb-card__mark">
        <FavouriteButton proverbId={proverb.id} label={shorten(proverb.proverb)} />
      </div>
      <h3 className="proverb-card__text" lang={languageTag(proverb.ethnic.slug)}>
        <Link to={proverbPath(proverb)}>
          <Highlighted text={proverb.proverb} terms={terms} />
        </Link>
      </h3>
      <p className="proverb-card__english">
        <Highlighted text={proverb.transliteration} terms={terms} />
      </p>
      {meaningMatched && (
        <p className="proverb-card__meaning">
          <span className="visually-hidden">Meaning: </span>
          <Highlighted text={proverb.interpretation} terms={terms} />
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
