import { useState } from 'react'

/** The 1440×420 band of a scroll image drawn for wide banners (scripts/make-images.mjs), or null. */
export function wideScrollImage(src: string): string | null {
  return /^\/img\/[a-z-]+-scroll\.jpeg$/.test(src) ? src.replace('/img/', '/img/wide/') : null
}

/**
 * A group's scroll artwork as a decorative, lazily loaded backdrop (/img/{language}-scroll.jpeg,
 * docs/requirements.md#r1-proverbs-and-peoples). `wide`: a banner as wide as the page, which on large screens takes the
 * sharper wide band when the screen needs it; should that fail (offline, where the device keeps the usual picture), the
 * usual one shows.
 */
export function ScrollImage({ src, eager = false, wide = false }: { src: string | null; eager?: boolean; wide?: boolean }) {
  const [wideFailed, setWideFailed] = useState(false)
  if (!src) return <div className="scroll-image scroll-image--plain" aria-hidden="true" />
  const image = (
    <img
      className="scroll-image"
      src={src}
      alt=""
      width={960}
      height={640}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      onError={wide ? () => setWideFailed(true) : undefined}
    />
  )
  const wideSrc = wide && !wideFailed ? wideScrollImage(src) : null
  if (!wideSrc) return image
  return (
    <picture>
      <source media="(min-width: 48rem)" srcSet={`${wideSrc} 1440w, ${src} 960w`} sizes="(min-width: 74rem) 70rem, calc(100vw - 2rem)" />
      {image}
    </picture>
  )
}
