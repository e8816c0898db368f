import { memo, useId } from 'react'
import { LEARN_TEXTS } from '@/core/learning/review-texts'
import { errorMessage } from '@/components/query-state'
import { useMarks } from '@/entities/marks/queries'
import type { useAddToDeck } from '../mutations'

/** What the button's hint says before anything is added. */
function favouritesHint(state: { loading: boolean; unavailable: boolean; favourites: number; missing: number }): string {
  if (state.loading) return LEARN_TEXTS.favouritesLoading
  if (state.unavailable) return LEARN_TEXTS.favouritesUnavailable
  if (state.favourites === 0) return LEARN_TEXTS.noFavourites
  if (state.missing === 0) return LEARN_TEXTS.allFavouritesIn
  return ''
}

/**
 * "Add all favourites": every proverb the reader has hearted that is not in the deck yet, in one go. The hearts
 * are the ids the device keeps (src/entities/marks), so this works offline with the last ones loaded. While it
 * adds, it says how many; then how many were added, and why the button now rests. `inDeck`: the proverbs already in the deck. `add`: the page's one
 * mutation, so that what it says outlives this button (an empty deck's is replaced by the deck's own once filled).
 */
export const AddFavourites = memo(function AddFavourites({
  inDeck,
  add,
}: {
  inDeck: ReadonlySet<number>
  add: ReturnType<typeof useAddToDeck>
}) {
  const status = useId()
  const { marks, query } = useMarks()
  const favourites = marks?.favourites ?? []
  const missing = favourites.filter((id) => !inDeck.has(id))
  const hint = favouritesHint({
    loading: !marks && query.fetchStatus === 'fetching',
    unavailable: !marks && query.fetchStatus !== 'fetching',
    favourites: favourites.length,
    missing: missing.length,
  })
  return (
    <div className="add-favourites">
      <button
        type="button"
        className="button"
        disabled={add.isPending || missing.length === 0}
        aria-describedby={status}
        onClick={() => add.mutate(missing)}
      >
        {LEARN_TEXTS.addFavourites}
      </button>
      <div id={status} className="add-favourites__status" role="status">
        {add.isPending ? (
          <span className="progress">
            <progress aria-hidden="true" />
            <span>{LEARN_TEXTS.addingFavourites(add.variables.length)}</span>
          </span>
        ) : add.isSuccess ? (
          <>
            <span className="add-favourites__done">{LEARN_TEXTS.added(add.data)}</span>
            {/* Then why the button rests, as before adding (its description: heard with it). */}
            {hint && <span className="field__hint"> {hint}</span>}
          </>
        ) : add.isError ? (
          <span className="field__error">
            {LEARN_TEXTS.addFailed}: {errorMessage(add.error)}
          </span>
        ) : (
          hint && <span className="field__hint">{hint}</span>
        )}
      </div>
    </div>
  )
}, sameDeckAndAdding)

/**
 * Drawn again only when the deck's cards or the adding's state change, not with each grade (the mutation's
 * result is a new object at every render of the page).
 */
function sameDeckAndAdding(
  before: { inDeck: ReadonlySet<number>; add: ReturnType<typeof useAddToDeck> },
  after: { inDeck: ReadonlySet<number>; add: ReturnType<typeof useAddToDeck> },
): boolean {
  const [a, b] = [before.add, after.add]
  return (
    before.inDeck === after.inDeck &&
    a.status === b.status &&
    a.variables === b.variables &&
    a.data === b.data &&
    a.error === b.error &&
    a.mutate === b.mutate
  )
}
