import { memo } from 'react'
import { NavLink } from 'react-router-dom'
import { LEARN_TEXTS } from '@/core/learning/review-texts'
import { useOnline } from '@/lib/online'
import { useClockAhead } from '../clock'

/**
 * The Learn pages' heading, their two views (the review, progress), a word when offline (all of it still works)
 * and one while the device's clock is so fast that the server calls what was done early.
 * Not drawn again with each grade (memo): the page's other parts wait for nothing but the next card.
 */
export const LearnHeader = memo(function LearnHeader({ title }: { title: string }) {
  const online = useOnline()
  const clockAhead = useClockAhead()
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
      {clockAhead !== null && (
        <div className="notice learn-header__clock" role="status">
          <p className="notice__title">{LEARN_TEXTS.clockAhead(clockAhead)}</p>
          <p>{LEARN_TEXTS.clockAheadDetail}</p>
        </div>
      )}
    </header>
  )
})
