import '../ads.css'
import { useEffect, useEffectEvent, useId, useMemo, useRef, useState } from 'react'
import { Link } from 'react-router-dom'
import type { AdvertContent } from '@/core/adverts/contract'
import type { Plan } from '@/core/payments/contract'
import { CLOSE_ADS_LABEL } from '@/core/shared/texts'
import { useObjectUrl } from '@/lib/object-url'
import { advertLink } from '../rules'

type Props = {
  advert: AdvertContent
  /** Closed by the user (Close Ads, Escape): focus goes back where it was. */
  onClose: () => void
  /** The advert's link was followed: the new page takes focus. */
  onFollow: () => void
  /** The paid plan the reader chose at sign-up and has not paid for: an advert for the plans leads to its checkout. */
  planToPay?: Plan | null
}

const FOCUSABLE = 'a[href], button:not([disabled]), video[controls], [tabindex]:not([tabindex="-1"])'

/** Only paths of this app: an advert never sends the user off-site. */
const isInAppLink = (link: string | null): link is string => link !== null && /^\/(?!\/)/.test(link)

/** Someone who asked for less motion starts the video themselves (it still has its controls). */
const prefersReducedMotion = () => typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches

function toBlob(advert: AdvertContent): Blob {
  const bytes = Uint8Array.from(atob(advert.file), (char) => char.charCodeAt(0))
  return new Blob([bytes], { type: advert.type })
}

/**
 * An advert overlay (docs/requirements.md#r8-adverts), a video or an image, with a Close Ads button. A modal dialog
 * named "Advertisement": focus moves in (to Close Ads) and stays in while it is open, Escape closes it, and focus
 * returns to where it was. The video plays muted, inline, with its controls and a caption; it starts by itself unless
 * the user asked for reduced motion.
 */
export function AdvertOverlay({ advert, onClose, onFollow, planToPay }: Props) {
  const titleId = useId()
  const captionId = useId()
  const imageId = useId()
  const src = useObjectUrl(useMemo(() => toBlob(advert), [advert]))
  const [autoPlay] = useState(() => !prefersReducedMotion())
  const dialog = useRef<HTMLDivElement>(null)
  const closeButton = useRef<HTMLButtonElement>(null)
  // Taken while rendering, before focus moves in (an effect run twice would find the dialog's own button).
  const [returnTo] = useState(() => (document.activeElement instanceof HTMLElement ? document.activeElement : null))
  const close = () => {
    onClose()
    returnTo?.focus()
  }
  const closeByKey = useEffectEvent(close)

  useEffect(() => {
    closeButton.current?.focus()
    // On the document, so Escape and Tab work even after a click on the backdrop took focus out.
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault()
        closeByKey()
        return
      }
      if (event.key !== 'Tab' || !dialog.current) return
      const focusable = [...dialog.current.querySelectorAll<HTMLElement>(FOCUSABLE)]
      const first = focusable[0]
      const last = focusable[focusable.length - 1]
      const inside = dialog.current.contains(document.activeElement)
      if (!inside || (event.shiftKey && document.activeElement === first)) {
        event.preventDefault()
        ;(event.shiftKey ? last : first)?.focus()
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault()
        first?.focus()
      }
    }
    document.addEventListener('keydown', onKeyDown)
    return () => document.removeEventListener('keydown', onKeyDown)
  }, [])

  const video = advert.type === 'video/mp4'
  return (
    <div className="advert-overlay">
      <div
        ref={dialog}
        className="advert"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={video ? captionId : imageId}
      >
        <h2 id={titleId} className="advert__title">
          Advertisement
        </h2>
        <div className="advert__media">
          {video ? (
            <video src={src ?? undefined} muted playsInline autoPlay={autoPlay} controls aria-describedby={captionId} />
          ) : (
            <img id={imageId} src={src ?? undefined} alt={advert.alt} />
          )}
        </div>
        {video && (
          <p id={captionId} className="advert__caption">
            {advert.alt}
          </p>
        )}
        <div className="advert__actions">
          {isInAppLink(advert.link) && <AdvertLink {...advertLink(advert.link, planToPay)} onFollow={onFollow} />}
          <button ref={closeButton} type="button" className="button" onClick={close}>
            {CLOSE_ADS_LABEL}
          </button>
        </div>
      </div>
    </div>
  )
}

function AdvertLink({ to, label, onFollow }: { to: string; label: string; onFollow: () => void }) {
  return (
    <Link to={to} className="button button--primary" onClick={onFollow}>
      {label}
    </Link>
  )
}
