import './cookie-banner.css'
import { useState } from 'react'
import { Link } from 'react-router-dom'
import { COOKIE_ALLOW_LABEL, COOKIE_BANNER_TEXT, COOKIE_DECLINE_LABEL } from '@/core/shared/texts'
import { allowCookies, consentBannerWanted, declineCookies } from './consent'

// The spec's sentence ends with "Privacy Policy": those words become the link to /privacy_policy.
const LINK_WORDS = 'Privacy Policy'
const LEAD = COOKIE_BANNER_TEXT.endsWith(LINK_WORDS) ? COOKIE_BANNER_TEXT.slice(0, -LINK_WORDS.length) : `${COOKIE_BANNER_TEXT} `

export function CookieBanner() {
  const [open, setOpen] = useState(consentBannerWanted)
  if (!open) return null
  return (
    <section className="cookie-banner" role="region" aria-label="Cookie consent">
      <p>
        {LEAD}
        <Link to="/privacy_policy">{LINK_WORDS}</Link>
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
