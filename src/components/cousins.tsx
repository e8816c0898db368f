import './cousins.css'
import { useId } from 'react'
import { Link } from 'react-router-dom'
import { languageTag } from '@/core/shared/constants'
import type { ProverbCousins } from '@/core/proverbs/contract'
import { proverbPagePath } from '@/core/proverbs/pages'
import { joinWithAnd } from '@/core/shared/lists'

/**
 * The list's heading, naming every people it holds, each once, in the corpus's order: "The same thought among the
 * Igbo, the Akan and the Zulu". A cousin from the proverb's own people is named as such, never hidden under another
 * people's name: "… among the Yoruba, and elsewhere among the Igbo"; "… elsewhere among the Igbo" when all are.
 */
export function cousinsHeading(cousins: ProverbCousins, own: string): string {
  const names = [...new Set(cousins.proverbs.map((p) => p.ethnic.name))]
  const others = joinWithAnd(names.filter((name) => name !== own).map((name) => `the ${name}`))
  if (!names.includes(own)) return `The same thought among ${others}`
  if (!others) return `The same thought elsewhere among the ${own}`
  return `The same thought among ${others}, and elsewhere among the ${own}`
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
      <Heading id={id}>{cousinsHeading(cousins, people)}</Heading>
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
