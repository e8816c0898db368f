import './cookie-banner.css'
import { useState } from 'react'
import { Link } from 'react-router-dom'
import { useHydrated } from '@/lib/server-render'
import { COOKIE_ALLOW_LABEL, COOKIE_BANNER_TEXT, COOKIE_DECLINE_LABEL } from '@/core/shared/texts'
import { allowCookies, consentBannerWanted, declineCookies } from './consent'

// The spec's sentence ends with "Privacy Policy": those words become the link to /privacy_policy.
const LINK_WORDS = 'Privacy Policy'
const LEAD = COOKIE_BANNER_TEXT.endsWith(LINK_WORDS) ? COOKIE_BANNER_TEXT.slice(0, -LINK_WORDS.length) : `${COOKIE_BANNER_TEXT} `

export function CookieBanner() {
  // The choice is in this device's cookie and session. The server renders the banner into every page, and
  // index.html's first script shows or hides it (CONSENT_SCRIPT) until the app has taken the page over.
  const hydrated = useHydrated()
  const [answered, setAnswered] = useState(false)
  if (answered || (hydrated && !consentBannerWanted())) return null
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
            setAnswered(true)
          }}
        >
          {COOKIE_ALLOW_LABEL}
        </button>
        <button
          type="button"
          className="button"
          onClick={() => {
            declineCookies()
            setAnswered(true)
          }}
        >
          {COOKIE_DECLINE_LABEL}
        </button>
      </div>
    </section>
  )
}
