import '../search.css'
import { useState } from 'react'
import { Link } from 'react-router-dom'
import { Cousins } from '@/components/cousins'
import { DeckButton } from '@/components/deck-button'
import { ProverbScroll } from '@/components/proverb-scroll'
import type { Proverb } from '@/core/proverbs/contract'
import { languageTag } from '@/core/shared/constants'
import { track } from '@/lib/track'
import { shareProverb, type ShareOutcome } from '../share'
import type { CardShareOutcome } from '../share-card'
import { LikeButton } from './like-button'
import { FavouriteButton } from './mark-buttons'
import { CheckedBySpeaker, ProverbHistory, RecordedIn } from './provenance'

const SHARE_MESSAGES: Record<ShareOutcome, string> = {
  shared: 'Shared.',
  copied: 'Link copied to your clipboard.',
  cancelled: '',
  failed: 'Could not share or copy the link on this device.',
}

const CARD_MESSAGES: Record<CardShareOutcome, string> = {
  shared: 'Card shared.',
  saved: 'Card saved to your downloads.',
  cancelled: '',
  failed: 'Could not make the card on this device.',
}

/**
 * One proverb, large in its own script on its group's scroll, with its rendering, meaning, share actions and
 * its place in the reader's Learn deck; then its cousins among other peoples, where it is recorded, and a way
 * to correct it.
 */
export function ProverbView({ proverb }: { proverb: Proverb }) {
  const [status, setStatus] = useState('')
  const [drawing, setDrawing] = useState(false)
  // A share is counted when it happened: shared, or the link copied, or the card saved; not when cancelled.
  async function shareLink() {
    const outcome = await shareProverb(proverb)
    if (outcome === 'shared' || outcome === 'copied') track('share', { detail: 'link', slug: proverb.slug })
    setStatus(SHARE_MESSAGES[outcome])
  }
  async function shareAsImage() {
    setDrawing(true)
    setStatus('')
    try {
      // Loaded when asked for: the canvas drawing is not part of the page.
      const { shareCard } = await import('../share-card')
      const outcome = await shareCard(proverb)
      if (outcome === 'shared' || outcome === 'saved') track('share', { detail: 'image', slug: proverb.slug })
      setStatus(CARD_MESSAGES[outcome])
    } catch {
      setStatus(CARD_MESSAGES.failed)
    } finally {
      setDrawing(false)
    }
  }
  return (
    <article className="proverb-view" aria-labelledby="proverb-text">
      <ProverbScroll proverb={proverb} id="proverb-text" />
      <dl className="proverb-view__details">
        <dt>In English</dt>
        <dd>{proverb.transliteration}</dd>
        <dt>Meaning</dt>
        <dd>{proverb.interpretation}</dd>
        <dt>Categories</dt>
        <dd className="proverb-view__categories">
          {proverb.categories.map((c) => (
            <Link key={c.id} className="tag tag--muted" to={`/search_result?category=${c.slug}`}>
              {c.name}
            </Link>
          ))}
        </dd>
      </dl>
      <div className="proverb-view__actions">
        <FavouriteButton proverbId={proverb.id} label={proverb.proverb} />
        <LikeButton proverbId={proverb.id} likes={proverb.likes} />
        <button type="button" className="button button--primary" onClick={shareLink}>
          Share link
        </button>
        <button type="button" className="button" onClick={shareAsImage} disabled={drawing} aria-busy={drawing}>
          {drawing ? 'Drawing the card…' : 'Share as image'}
        </button>
        <Link className="button" to={`/search_result?ethnic=${proverb.ethnic.slug}`}>
          More {proverb.ethnic.name} proverbs
        </Link>
        {/* Last in the row: its label changes once the device says whether the proverb is in the deck, and moves nothing after it. */}
        <DeckButton proverbId={proverb.id} onDone={setStatus} />
      </div>
      <p className="proverb-view__status" role="status" aria-live="polite">
        {status}
      </p>
      <Cousins cousins={proverb.cousins} people={proverb.ethnic.name} />
      <footer className="proverb-view__provenance">
        <RecordedIn sources={proverb.sources} lang={languageTag(proverb.ethnic.slug)} />
        <CheckedBySpeaker check={proverb.checkedBy} />
        <ProverbHistory slug={proverb.slug} />
        <p>
          <Link to={`/suggest_correction?proverb=${encodeURIComponent(proverb.slug)}`}>Suggest a correction</Link>
          <span className="provenance__hint"> — spelling, tone marks, rendering, meaning or source</span>
        </p>
      </footer>
    </article>
  )
}
