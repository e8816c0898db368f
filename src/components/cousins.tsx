import './cousins.css'
import { useId } from 'react'
import { Link } from 'react-router-dom'
import { languageTag } from '@/core/shared/constants'
import type { ProverbCousins } from '@/core/proverbs/contract'
import { proverbPagePath } from '@/core/proverbs/pages'
import { joinWithAnd } from '@/core/shared/lists'

/** "the Igbo, the Akan and the Zulu": the other peoples of a cluster, each named once, in the corpus's order. */
export function cousinPeoples(cousins: ProverbCousins, own: string): string {
  const names = [...new Set(cousins.proverbs.map((p) => p.ethnic.name))]
  const others = names.filter((name) => name !== own)
  return joinWithAnd((others.length ? others : names).map((name) => `the ${name}`))
}

/**
 * Cousin proverbs: the same thought among other peoples, each in its own words with its rendering and a
 * link to its page. They travel with the proverb, so they show offline too. `level`: the heading's, under
 * the proverb's (an h2 under a proverb's page's h1, an h3 under a Learn card's h2).
 */
export function Cousins({ cousins, people, level = 2 }: { cousins: ProverbCousins | null; people: string; level?: 2 | 3 }) {
  const id = useId()
  if (!cousins) return null
  const Heading = level === 2 ? 'h2' : 'h3'
  return (
    <section className="cousins" aria-labelledby={id}>
      <Heading id={id}>The same thought among {cousinPeoples(cousins, people)}</Heading>
      <p className="cousins__note">{cousins.note}</p>
      <ul className="cousins__list">
        {cousins.proverbs.map((cousin) => (
          <li key={cousin.id} className="cousins__item">
            <p className="cousins__text" lang={languageTag(cousin.ethnic.slug)}>
              <Link to={proverbPagePath(cousin.slug)}>{cousin.proverb}</Link>
            </p>
            <p className="cousins__english">{cousin.transliteration}</p>
            <span className="tag">{cousin.ethnic.name}</span>
          </li>
        ))}
      </ul>
    </section>
  )
}
