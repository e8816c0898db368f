import { memo } from 'react'
import { NavLink } from 'react-router-dom'
import { LEARN_TEXTS } from '@/core/learning/review-texts'
import { useOnline } from '@/lib/online'

/**
 * The Learn pages' heading, their two views (the review, progress), and a word when offline: all of it still works.
 * Not drawn again with each grade (memo): the page's other parts wait for nothing but the next card.
 */
export const LearnHeader = memo(function LearnHeader({ title }: { title: string }) {
  const online = useOnline()
  return (
    <header className="learn-header">
      <h1>{title}</h1>
      <nav aria-label={LEARN_TEXTS.title} className="learn-header__nav">
        <NavLink to="/learn" end>
          {LEARN_TEXTS.review}
        </NavLink>
        <NavLink to="/learn/progress">{LEARN_TEXTS.progress}</NavLink>
      </nav>
      {!online && <p className="learn-header__offline">{LEARN_TEXTS.offline}</p>}
    </header>
  )
})
