import { useCallback, useEffect, useRef, useState } from 'react'
import { Link } from 'react-router-dom'
import type { Grade } from '@/core/learning/contract'
import { dueWhen, LEARN_TEXTS } from '@/core/learning/review-texts'
import type { ReviewQueue } from '../deck'
import { MissingCard, ReviewCard } from './review-card'

/**
 * The review session: the cards due, one at a time, the longest overdue first, with how many are left. A grade
 * goes to the device's log at once and the next card comes up with focus on it; what happened is said politely
 * to a screen reader ("Good. 4 cards left."). With none due: "All done for now" and when the next one is.
 */
export function Review({
  queue,
  focusFirst = false,
}: {
  queue: Pick<ReviewQueue, 'due' | 'nextDue' | 'proverbs' | 'grade'>
  /** The first card takes focus too (the deck was just filled from its empty state). */
  focusFirst?: boolean
}) {
  // Cards whose proverb is not on this device, passed over this session (they stay due).
  const [skipped, setSkipped] = useState<ReadonlySet<number>>(new Set())
  const [said, setSaid] = useState('')
  // Whether the reader has moved on from a card: the next one (or "All done") then takes focus. Not on arrival.
  const [moved, setMoved] = useState(focusFirst)
  const due = queue.due.filter((card) => !skipped.has(card.proverbId))
  const card = due[0]
  const { grade } = queue
  const onGrade = useCallback(
    (proverbId: number, value: Grade) => {
      grade(proverbId, value)
      setMoved(true)
      setSaid(LEARN_TEXTS.graded(value, due.length - 1))
    },
    [grade, due.length],
  )
  const proverb = card && queue.proverbs.get(card.proverbId)
  return (
    <section className="review" aria-label={LEARN_TEXTS.review}>
      <p className="visually-hidden" role="status">
        {said}
      </p>
      {card ? (
        <>
          <p className="review__left">{LEARN_TEXTS.left(due.length)}</p>
          {proverb ? (
            <ReviewCard
              // A new card (or the same one back after a while) starts hidden again (review-card.tsx).
              card={card}
              proverb={proverb}
              focusOnShow={moved}
              onGrade={(value) => onGrade(card.proverbId, value)}
            />
          ) : (
            <MissingCard
              key={card.proverbId}
              focusOnShow={moved}
              onSkip={() => {
                setSkipped(new Set([...skipped, card.proverbId]))
                setMoved(true)
              }}
            />
          )}
        </>
      ) : (
        <AllDone nextDue={queue.nextDue} focus={moved} />
      )}
    </section>
  )
}

function AllDone({ nextDue, focus }: { nextDue: string | null; focus: boolean }) {
  const heading = useRef<HTMLHeadingElement>(null)
  // The moment the screen came up: "in 8 minutes" is counted from it.
  const [now] = useState(() => new Date())
  useEffect(() => {
    if (focus) heading.current?.focus()
  }, [focus])
  return (
    <div className="review-done">
      <h2 ref={heading} tabIndex={-1}>
        {LEARN_TEXTS.doneTitle}
      </h2>
      {nextDue && <p>{LEARN_TEXTS.nextDue(dueWhen(new Date(nextDue), now))}</p>}
      <p>
        <Link to="/learn/progress">{LEARN_TEXTS.seeProgress}</Link>
      </p>
    </div>
  )
}
