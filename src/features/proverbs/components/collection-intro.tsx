import '../search.css'
import type { Ref } from 'react'
import type { Category, EthnicGroup } from '@/core/proverbs/contract'
import { formatThousands } from '@/core/shared/format'
import { ScrollImage } from '@/components/scroll-image'

const proverbCount = (n: number) => `${formatThousands(n)} ${n === 1 ? 'proverb' : 'proverbs'}`

/** The page's heading, focused when the page opens or turns. */
type HeadingRef = { headingRef?: Ref<HTMLHeadingElement> }

/**
 * A people's page opens with who they are: name, language, homeland, count, scroll art and an
 * introduction. While searching among their proverbs (`compact`) only the name and the facts stay, so the
 * results are in view.
 */
export function PeopleIntro({ group, headingRef, compact = false }: { group: EthnicGroup; compact?: boolean } & HeadingRef) {
  const about = group.about
  return (
    <header className={`collection-intro${compact ? ' collection-intro--compact' : ''}`} aria-labelledby="collection-title">
      {!compact && (
        <div className="collection-intro__art">
          <ScrollImage src={group.image} eager />
        </div>
      )}
      <div className="collection-intro__body">
        <h1 id="collection-title" ref={headingRef} tabIndex={-1}>
          {group.name}
        </h1>
        <dl className="collection-intro__facts">
          <div>
            <dt>Language</dt>
            <dd>{group.language}</dd>
          </div>
          {about && (
            <div>
              <dt>Where they live</dt>
              <dd>{about.homeland}</dd>
            </div>
          )}
          <div>
            <dt>Proverbs</dt>
            <dd>{formatThousands(group.proverbCount)}</dd>
          </div>
        </dl>
        {about && !compact && (
          <>
            <p className="collection-intro__text">{about.intro}</p>
            <p className="collection-intro__source">
              Source: <a href={about.source.url}>{about.source.title}</a>
            </p>
          </>
        )}
      </div>
    </header>
  )
}

/** A category's page opens with its name, its count and what it gathers. */
export function CategoryIntro({ category, headingRef }: { category: Category } & HeadingRef) {
  return (
    <header className="collection-intro collection-intro--category" aria-labelledby="collection-title">
      <div className="collection-intro__body">
        <h1 id="collection-title" ref={headingRef} tabIndex={-1}>
          {category.name}
        </h1>
        <p className="collection-intro__count">{proverbCount(category.proverbCount)}</p>
        {category.description && <p className="collection-intro__text">{category.description}</p>}
      </div>
    </header>
  )
}
