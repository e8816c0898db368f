import './pages.css'
import { Link } from 'react-router-dom'
import { ContentPage } from './content-page'
import { about, privacy, terms } from './content'

export const AboutRoute = () => <ContentPage content={about} />
export const TermsRoute = () => <ContentPage content={terms} />
export const PrivacyRoute = () => <ContentPage content={privacy} />

export function NotFoundRoute() {
  return (
    <section className="not-found" aria-labelledby="nf-title">
      <p className="not-found__code" aria-hidden="true">
        404
      </p>
      <h1 id="nf-title">This page is not here</h1>
      <p>
        <span lang="yo">Ọ̀nà kan ò wọ ọjà</span> — “no single road leads to the market”. Try another:
      </p>
      <p>
        <Link className="button button--primary" to="/">
          Go home
        </Link>{' '}
        <Link className="button" to="/search_result">
          Search proverbs
        </Link>
      </p>
    </section>
  )
}
