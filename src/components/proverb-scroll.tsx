import './proverb-scroll.css'
import type { Ref } from 'react'
import { languageTag } from '@/core/shared/constants'
import type { Proverb } from '@/core/proverbs/contract'
import { ScrollImage } from './scroll-image'

/**
 * A proverb large in its own script, on its people's scroll art, with the people and language above it: a
 * proverb's page (its h1) and a card of the Learn deck (an h2 that takes focus when the card comes up).
 * The text carries its language tag, so Ethiopic and tone-marked text take the app's fonts and a screen
 * reader's voice for the language.
 */
export function ProverbScroll({
  proverb,
  id,
  level = 1,
  headingRef,
}: {
  proverb: Pick<Proverb, 'proverb' | 'ethnic' | 'language' | 'image'>
  /** The heading's id, for what it names. */
  id: string
  level?: 1 | 2
  /** Given, the heading can take focus (tabIndex -1). */
  headingRef?: Ref<HTMLHeadingElement>
}) {
  const Heading = level === 1 ? 'h1' : 'h2'
  return (
    <div className="proverb-scroll">
      {/* Another proverb's art is another image: whether its AVIF failed starts afresh. */}
      <ScrollImage key={proverb.image} src={proverb.image} eager wide />
      <div className="proverb-scroll__panel">
        <p className="proverb-scroll__group">
          {proverb.ethnic.name} · {proverb.language}
        </p>
        <Heading
          id={id}
          ref={headingRef}
          tabIndex={headingRef ? -1 : undefined}
          className="proverb-scroll__text"
          lang={languageTag(proverb.ethnic.slug)}
        >
          {proverb.proverb}
        </Heading>
      </div>
    </div>
  )
}
