import { useState } from 'react'
import { isScrollJpeg, scrollImageAvif } from '@/core/shared/constants'

/** The 1440×420 band of a scroll image drawn for wide banners (scripts/make-images.mjs), or null. */
export function wideScrollImage(src: string): string | null {
  return isScrollJpeg(src) ? src.replace('/img/', '/img/wide/') : null
}

/**
 * A group's scroll artwork as a decorative, lazily loaded backdrop (/img/{language}-scroll.jpeg,
 * docs/requirements.md#r1-proverbs-and-peoples). Browsers take the AVIF beside it first, a quarter to a third of the
 * bytes; `wide`: a banner as wide as the page, which on large screens takes the sharper wide band. Should
 * either fail (offline, where a device may keep only the JPEG), the JPEG alone shows.
 */
export function ScrollImage({ src, eager = false, wide = false }: { src: string | null; eager?: boolean; wide?: boolean }) {
  const [sourceFailed, setSourceFailed] = useState(false)
  if (!src) return <div className="scroll-image scroll-image--plain" aria-hidden="true" />
  const avif = sourceFailed ? null : scrollImageAvif(src)
  const wideSrc = wide && !sourceFailed ? wideScrollImage(src) : null
  const image = (
    <img
      className="scroll-image"
      src={src}
      alt=""
      width={960}
      height={640}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      onError={avif || wideSrc ? () => setSourceFailed(true) : undefined}
    />
  )
  if (!avif && !wideSrc) return image
  return (
    <picture>
      {wideSrc && (
        <source media="(min-width: 48rem)" srcSet={`${wideSrc} 1440w, ${src} 960w`} sizes="(min-width: 74rem) 70rem, calc(100vw - 2rem)" />
      )}
      {avif && <source type="image/avif" srcSet={avif} />}
      {image}
    </picture>
  )
}
