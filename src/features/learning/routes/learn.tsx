import '../learning.css'
import { useMemo } from 'react'
import { Link } from 'react-router-dom'
import { Loading } from '@/components/query-state'
import { LEARN_TEXTS } from '@/core/learning/review-texts'
import { useReviewQueue } from '../deck'
import { useAddToDeck } from '../mutations'
import { AddFavourites } from '../components/add-favourites'
import { LearnHeader } from '../components/learn-header'
import { Review } from '../components/review'

/**
 * /learn (docs/requirements.md#r18-learning): the reader's deck, reviewed one card at a time from the device's
 * log, offline or not. An empty deck says what the deck is and how to fill it; below the review, the deck's size
 * and "Add all favourites".
 */
export default function LearnRoute() {
  const queue = useReviewQueue()
  // One for the page: filling an empty deck replaces its button by the deck's own, which then says what was added.
  const add = useAddToDeck()
  // The same set while the deck holds the same proverbs (a grade changes cards, not which): "Add all favourites" rests.
  const deckIds = queue.deck.map((card) => card.proverbId).join(',')
  const inDeck = useMemo(() => new Set(deckIds === '' ? [] : deckIds.split(',').map(Number)), [deckIds])
  return (
    <div className="learn">
      <LearnHeader title={LEARN_TEXTS.title} />
      {queue.status === 'loading' ? (
        <div className="learn__loading">
          <Loading label={LEARN_TEXTS.loading} lines={4} />
        </div>
      ) : queue.status === 'error' ? (
        <div className="notice notice--error" role="alert">
          <p className="notice__title">{LEARN_TEXTS.failed}</p>
          <p>{LEARN_TEXTS.failedDetail}</p>
          <button type="button" className="button" onClick={() => location.reload()}>
            {LEARN_TEXTS.reload}
          </button>
        </div>
      ) : inDeck.size === 0 ? (
        <section className="learn-empty" aria-labelledby="learn-empty-title">
          <h2 id="learn-empty-title">{LEARN_TEXTS.emptyTitle}</h2>
          <p>{LEARN_TEXTS.emptyWhat}</p>
          <p>{LEARN_TEXTS.emptyHow}</p>
          <div className="learn-empty__actions">
            <AddFavourites inDeck={inDeck} add={add} />
            <Link className="button" to="/search_result">
              {LEARN_TEXTS.findProverbs}
            </Link>
          </div>
        </section>
      ) : (
        <>
          {/* Filled from the empty deck just now: the button pressed is gone, so the first card takes focus. */}
          <Review queue={queue} focusFirst={add.isPending || add.isSuccess} />
          <section className="learn-deck" aria-labelledby="learn-deck-title">
            <h2 id="learn-deck-title">{LEARN_TEXTS.deckTitle}</h2>
            <p>{LEARN_TEXTS.deckCount(inDeck.size, queue.due.length)}</p>
            <AddFavourites inDeck={inDeck} add={add} />
            {/* With none due, "All done for now" above has the link. */}
            {queue.due.length > 0 && (
              <p>
                <Link to="/learn/progress">{LEARN_TEXTS.seeProgress}</Link>
              </p>
            )}
          </section>
        </>
      )}
    </div>
  )
}
