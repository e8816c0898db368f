import { useState } from 'react'
import { Link } from 'react-router-dom'
import { COOKIE_ALLOW_LABEL, COOKIE_BANNER_TEXT, COOKIE_DECLINE_LABEL } from '@/core/texts'
import { allowCookies, consentBannerWanted, declineCookies } from './consent'

export function CookieBanner() {
  const [open, setOpen] = useState(consentBannerWanted)
  if (!open) return null
  return (
    <section className="cookie-banner" role="region" aria-label="Cookie consent">
      <p>
        {COOKIE_BANNER_TEXT}{' '}
        <Link to="/privacy_policy">Privacy Policy</Link>
      </p>
      <div className="cookie-banner__actions">
        <button
          type="button"
          className="button button--primary"
          onClick={() => {
            allowCookies()
            setOpen(false)
          }}
        >
          {COOKIE_ALLOW_LABEL}
        </button>
        <button
          type="button"
          className="button"
          onClick={() => {
            declineCookies()
            setOpen(false)
          }}
        >
          {COOKIE_DECLINE_LABEL}
        </button>
      </div>
    </section>
  )
}
