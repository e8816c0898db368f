import type { Proverb } from '@/core/proverbs/contract'
import { hasMatch } from '@/core/proverbs/highlight'
import { Highlighted } from './highlighted'
import { ProverbCard } from './proverb-card'

type Props = {
  proverb: Proverb
  toneVariant?: boolean
  /** The search's folded terms: the words they matched are marked, and the meaning shown when only it matched. */
  terms: readonly string[]
}

/** A proverb found by a search: the card, with the words the search matched marked. */
export function SearchResultCard({ proverb, toneVariant, terms }: Props) {
  if (terms.length === 0) return <ProverbCard proverb={proverb} toneVariant={toneVariant} />
  const meaningMatched = !hasMatch(`${proverb.proverb} ${proverb.transliteration}`, terms) && hasMatch(proverb.interpretation, terms)
  return (
    <ProverbCard
      proverb={proverb}
      toneVariant={toneVariant}
      marked={{
        proverb: <Highlighted text={proverb.proverb} terms={terms} />,
        english: <Highlighted text={proverb.transliteration} terms={terms} />,
        meaning: meaningMatched ? <Highlighted text={proverb.interpretation} terms={terms} /> : undefined,
      }}
    />
  )
}
