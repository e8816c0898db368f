import { Link } from 'react-router-dom'
import { languageTag } from '@/core/shared/constants'
import type { ProverbCousins } from '@/core/proverbs/contract'
import { joinWithAnd } from '@/core/shared/lists'
import { proverbPath } from '../share'

/** "the Igbo, the Akan and the Zulu": the other peoples of a cluster, each named once, in the corpus's order. */
export function cousinPeoples(cousins: ProverbCousins, own: string): string {
  const names = [...new Set(cousins.proverbs.map((p) => p.ethnic.name))]
  const others = names.filter((name) => name !== own)
  return joinWithAnd((others.length ? others : names).map((name) => `the ${name}`))
}

/**
 * Cousin proverbs: the same thought among other peoples, each in its own words with its rendering and a
 * link to its page. They travel with the proverb, so they show offline too.
 */
export function Cousins({ cousins, people }: { cousins: ProverbCousins | null; people: string }) {
  if (!cousins) return null
  return (
    <section className="cousins" aria-labelledby="cousins-title">
      <h2 id="cousins-title">The same thought among {cousinPeoples(cousins, people)}</h2>
      <p className="cousins__note">{cousins.note}</p>
      <ul className="cousins__list">
        {cousins.proverbs.map((cousin) => (
          <li key={cousin.id} className="cousins__item">
            <p className="cousins__text" lang={languageTag(cousin.ethnic.slug)}>
              <Link to={proverbPath(cousin)}>{cousin.proverb}</Link>
            </p>
            <p className="cousins__english">{cousin.transliteration}</p>
            <span className="tag">{cousin.ethnic.name}</span>
          </li>
        ))}
      </ul>
    </section>
  )
}
