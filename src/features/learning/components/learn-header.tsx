import { memo, useState } from 'react'
import { NavLink } from 'react-router-dom'
import { LEARN_TEXTS } from '@/core/learning/review-texts'
import { countOf, DELIVERY_TEXTS } from '@/core/shared/delivery'
import { useOnline } from '@/lib/online'
import { useClockState, useUnsent } from '../clock'

/**
 * The Learn pages' heading, their two views (the review, progress), a word when offline (all of it still works)
 * and one while the device's clock is so fast that the server calls what was done early. While what was done cannot
 * be sent (offline, or the server out of reach) it says how much is saved to send, then that it was sent.
 * Not drawn again with each grade (memo): the page's other parts wait for nothing but the next card.
 */
export const LearnHeader = memo(function LearnHeader({ title }: { title: string }) {
  const online = useOnline()
  const clock = useClockState()
  const unsent = useUnsent()
  const saved = unsent !== null && unsent.count > 0 && (!online || unsent.failing)
  // Sent: said once what was saved here has gone, until the page is left.
  const [hadSaved, setHadSaved] = useState(false)
  if (saved && !hadSaved) setHadSaved(true)
  const delivery = saved
    ? `${DELIVERY_TEXTS.saved}: ${countOf('learning', unsent.count)}`
    : hadSaved && unsent?.count === 0
      ? DELIVERY_TEXTS.sent
      : null
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
      {/* In the page from the start, so that what comes into it is heard. */}
      <div role="status">
        {delivery && <p className="learn-header__delivery">{delivery}</p>}
        {clock?.waiting && (
          <div className="notice learn-header__clock">
            <p className="notice__title">{clock.aheadMs === null ? LEARN_TEXTS.clockWaiting : LEARN_TEXTS.clockAhead(clock.aheadMs)}</p>
            <p>{clock.aheadMs === null ? LEARN_TEXTS.clockWaitingDetail : LEARN_TEXTS.clockAheadDetail}</p>
          </div>
        )}
      </div>
    </header>
  )
})
