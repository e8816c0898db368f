import { useCallback, useEffect, useId, useRef, useState } from 'react'
import { Cousins } from '@/components/cousins'
import { ProverbScroll } from '@/components/proverb-scroll'
import { GRADES, type Grade } from '@/core/learning/contract'
import { formatInterval, GRADE_LABELS, LEARN_TEXTS } from '@/core/learning/review-texts'
import { gradeCard, type DeckCard } from '@/core/learning/schedule'
import type { Proverb } from '@/core/proverbs/contract'

/** Where a key press belongs to the control under it (a button's Enter, a link's), not to the card. */
const OWN_KEYS = 'a, button, input, textarea, select, summary, [contenteditable=""], [contenteditable="true"]'
const TYPING = 'input, textarea, select, [contenteditable=""], [contenteditable="true"]'
const within = (target: EventTarget | null, selector: string) => target instanceof Element && target.closest(selector) !== null

/** When each grade would bring the card back, from now: "10 min" on the button, "10 minutes" in its name. */
function comebacks(card: DeckCard, now: number): Record<Grade, { short: string; long: string }> {
  const at = new Date(now).toISOString()
  const entries = GRADES.map((grade) => [grade, formatInterval(Date.parse(gradeCard(card, grade, at).due) - now)] as const)
  return Object.fromEntries(entries) as Record<Grade, { short: string; long: string }>
}

/**
 * One card of the review: the proverb large in its own script, "Show answer" (Space or Enter anywhere on the
 * page), then its English rendering, meaning and cousins, and the four grades (keys 1 to 4), each saying when
 * the card would come back. `focusOnShow`: the card came after another, so its heading takes focus (a screen
 * reader reads the proverb); after "Show answer" the answer does.
 */
export function ReviewCard({
  card,
  proverb,
  focusOnShow,
  onGrade,
}: {
  card: DeckCard
  proverb: Proverb
  focusOnShow: boolean
  onGrade: (grade: Grade) => void
}) {
  // The card on show (the same one back after a while is another showing), when it came up (each grade's
  // comeback is counted from then: a card is graded within moments) and whether its answer shows. The
  // next card takes this one's place in the page rather than a new one built: the step the reader waits for.
  const showing = `${card.proverbId}@${card.lastReview ?? card.addedAt}`
  const [shown, setShown] = useState(() => ({ showing, at: Date.now(), revealed: false }))
  if (shown.showing !== showing) setShown({ showing, at: Date.now(), revealed: false })
  const { revealed, at: shownAt } = shown
  const reveal = useCallback(() => setShown((now) => ({ ...now, revealed: true })), [])
  const heading = useRef<HTMLHeadingElement>(null)
  const answer = useRef<HTMLDivElement>(null)
  const id = useId()

  useEffect(() => {
    if (focusOnShow) heading.current?.focus()
  }, [focusOnShow, showing])
  useEffect(() => {
    if (revealed) answer.current?.focus()
  }, [revealed])
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.repeat) return
      if (!revealed) {
        if ((event.key === ' ' || event.key === 'Enter') && !within(event.target, OWN_KEYS)) {
          event.preventDefault()
          reveal()
        }
        return
      }
      const grade = GRADES.find((g) => event.key === String(g))
      if (grade && !within(event.target, TYPING)) {
        event.preventDefault()
        onGrade(grade)
      }
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [revealed, reveal, onGrade])

  const back = revealed ? comebacks(card, shownAt) : null
  return (
    <article className="review-card" aria-labelledby="review-card-text">
      <ProverbScroll proverb={proverb} id="review-card-text" level={2} headingRef={heading} />
      {revealed && (
        <div className="review-card__answer" ref={answer} tabIndex={-1}>
          <dl className="review-card__details">
            <dt>{LEARN_TEXTS.english}</dt>
            <dd>{proverb.transliteration}</dd>
            <dt>{LEARN_TEXTS.meaning}</dt>
            <dd>{proverb.interpretation}</dd>
          </dl>
          <Cousins cousins={proverb.cousins} people={proverb.ethnic.name} level={3} />
        </div>
      )}
      <div className="review-card__actions">
        {back ? (
          <div className="review-card__grades" role="group" aria-label={LEARN_TEXTS.gradeGroup}>
            {GRADES.map((grade) => (
              <button
                key={grade}
                type="button"
                className={`button review-grade review-grade--${grade}`}
                aria-label={LEARN_TEXTS.gradeName(grade, back[grade].short)}
                aria-describedby={`${id}-back-${grade}`}
                aria-keyshortcuts={String(grade)}
                onClick={() => onGrade(grade)}
              >
                {/* Two words apart, in a column: what axe reads as shown ("Good 10 min") matches the name. */}
                <span className="review-grade__label">{GRADE_LABELS[grade]}</span>{' '}
                <span className="review-grade__when">{back[grade].short}</span>
                <span className="review-grade__key" aria-hidden="true">
                  {grade}
                </span>
                <span id={`${id}-back-${grade}`} hidden>
                  {LEARN_TEXTS.gradeBack(back[grade].long)}
                </span>
              </button>
            ))}
          </div>
        ) : (
          <button type="button" className="button button--primary review-card__show" aria-keyshortcuts="Space Enter" onClick={reveal}>
            {LEARN_TEXTS.showAnswer}
            <span className="review-card__keys" aria-hidden="true">
              {LEARN_TEXTS.showAnswerKeys}
            </span>
          </button>
        )}
      </div>
    </article>
  )
}

/** A due card whose proverb has not reached this device (never opened here, offline): it can only wait. */
export function MissingCard({ focusOnShow, onSkip }: { focusOnShow: boolean; onSkip: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => {
    if (focusOnShow) heading.current?.focus()
  }, [focusOnShow])
  return (
    <article className="review-card notice" aria-labelledby="review-card-missing">
      <h2 id="review-card-missing" className="notice__title" ref={heading} tabIndex={-1}>
        {LEARN_TEXTS.missing}
      </h2>
      <p>{LEARN_TEXTS.missingDetail}</p>
      <button type="button" className="button" onClick={onSkip}>
        {LEARN_TEXTS.skip}
      </button>
    </article>
  )
}
