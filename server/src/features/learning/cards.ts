import type { LearningEntry } from '@core/learning/contract'
import { inOrder, replayDeck, type DeckCard } from '@core/learning/schedule'
import type { Tx } from '../../db/client'
import { deckEntriesOf, keptCards, saveCards, type CardRow } from './repository'

type Deck = Extract<LearningEntry, { kind: 'add' | 'remove' | 'review' }>
const isDeck = (entry: LearningEntry): entry is Deck => entry.kind === 'add' || entry.kind === 'remove' || entry.kind === 'review'

/** Whether `entry` happened after the one at `at` with `id`, in the replay's order (time, then id). */
const isAfter = (entry: Pick<LearningEntry, 'at' | 'id'>, at: string, id: string) => entry.at > at || (entry.at === at && entry.id > id)

/** A kept card as the replay made it: FSRS's dates back as dates. */
function cardOf(row: CardRow): DeckCard {
  const { due, last_review: lastReview, ...state } = row.card.card
  return { ...row.card, card: { ...state, due: new Date(due), ...(lastReview ? { last_review: new Date(lastReview) } : {}) } }
}

function rowOf(userId: number, card: DeckCard, applied: Deck[]): CardRow {
  const last = inOrder(applied).at(-1)!
  const { due, last_review: lastReview, ...state } = card.card
  return {
    userId,
    proverbId: card.proverbId,
    inDeck: card.inDeck,
    due: new Date(card.due),
    card: { ...card, card: { ...state, due: due.toISOString(), ...(lastReview ? { last_review: lastReview.toISOString() } : {}) } },
    lastAt: new Date(last.at),
    lastId: last.id,
  }
}

/**
 * Brings the reader's kept cards up to date with entries just stored (docs/decisions/019-learning.md). A card
 * depends on its own entries only. When every new entry of a card happened after the last one replayed into
 * it, the replay continues from the kept card with the new ones (a device's usual sync: a review costs a
 * review); when one happened before it (it arrived late), the card is replayed from all its entries. Either
 * way the card is what `replayDeck` over the whole log makes it. Runs under the reader's lock.
 */
export async function keepCards(tx: Tx, userId: number, stored: LearningEntry[]): Promise<void> {
  const fresh = new Map<number, Deck[]>()
  for (const entry of stored.filter(isDeck)) fresh.set(entry.proverbId, [...(fresh.get(entry.proverbId) ?? []), entry])
  if (fresh.size === 0) return
  const kept = new Map((await keptCards(tx, userId, [...fresh.keys()])).map((row) => [row.proverbId, row]))
  const continued: DeckCard[] = []
  const again: number[] = []
  for (const [proverbId, entries] of fresh) {
    const row = kept.get(proverbId)
    const lastAt = row?.lastAt.toISOString()
    if (row && entries.every((entry) => isAfter(entry, lastAt!, row.lastId))) continued.push(cardOf(row))
    else again.push(proverbId)
  }
  const all = new Map<number, Deck[]>()
  for (const entry of (await deckEntriesOf(tx, userId, again)).filter(isDeck))
    all.set(entry.proverbId, [...(all.get(entry.proverbId) ?? []), entry])
  const applied = (card: DeckCard) => (all.get(card.proverbId) ?? fresh.get(card.proverbId))!
  const cards = [
    ...replayDeck(
      continued.flatMap((card) => fresh.get(card.proverbId)!),
      continued,
    ).values(),
    ...replayDeck([...all.values()].flat()).values(),
  ]
  await saveCards(
    tx,
    cards.map((card) => rowOf(userId, card, applied(card))),
  )
}
