import '../proverbs.css'
import { useQuery } from '@tanstack/react-query'
import { lazy, Suspense } from 'react'
import { Link } from 'react-router-dom'
import { EmptyState, ErrorState, Loading } from '@/components/query-state'
import { formatLongDate } from '@/core/shared/format'
import { GroupCard } from '../components/group-card'
import { ProverbCard } from '../components/proverb-card'
import { ScrollImage } from '@/components/scroll-image'
import { SearchBox } from '../components/search-box'
import { categoriesQuery, groupsQuery } from '@/entities/catalogue/queries'
import { localDate } from '@/core/proverbs/local-date'
import { todayQuery, trendingQuery } from '../queries'
import { languageTag } from '@/core/shared/constants'
import { shorten } from '@/core/shared/format'
import { useSession } from '@/lib/session'
import { useDeviceValue } from '@/lib/server-render'
import { FavouriteButton } from '../components/mark-buttons'
import { readableGroupsQuery } from '../marks'
import { proverbPagePath } from '@/core/proverbs/pages'

export function HomeRoute() {
  // The reader's calendar day; while a page the server rendered hydrates, the day it was rendered for.
  const date = useDeviceValue(
    () => localDate(),
    (page) => page.date,
  )
  const today = useQuery(todayQuery(date))
  const trending = useQuery(trendingQuery(date))
  const groups = useQuery(groupsQuery())
  const categories = useQuery(categoriesQuery())

  return (
    <>
      <section className="hero" aria-labelledby="hero-title">
        <h1 id="hero-title">Proverbs of eight African peoples</h1>
        <p className="hero__lead">In their own words and scripts, with a literal English rendering and what they mean.</p>
        <SearchBox />
      </section>

      <section aria-labelledby="today-title">
        <h2 id="today-title">
          Today’s proverbs <span className="subtle">· {formatLongDate(date)}</span>
        </h2>
        {today.isPending ? (
          <Loading label="Loading today’s proverbs" />
        ) : today.isError ? (
          <ErrorState error={today.error} onRetry={() => void today.refetch()} />
        ) : (
          <ul className="today-strip">
            {today.data.map((proverb, i) => (
              <li key={proverb.id} className="today-card">
                <div className="today-card__band">
                  <ScrollImage src={proverb.image} eager={i < 1} />
                  <span className="today-card__group">{proverb.ethnic.name}</span>
                  <span className="today-card__mark">
                    <FavouriteButton proverbId={proverb.id} label={shorten(proverb.proverb)} />
                  </span>
                </div>
                <Link className="today-card__body" to={proverbPagePath(proverb.slug)}>
                  <span className="today-card__text" lang={languageTag(proverb.ethnic.slug)}>
                    {proverb.proverb}
                  </span>
                  <span className="today-card__english">{proverb.transliteration}</span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>

      <YourStreak />

      <YourLanguages />

      <section aria-labelledby="trending-title">
        <h2 id="trending-title">Trending</h2>
        {trending.isPending ? (
          <Loading label="Loading trending proverbs" />
        ) : trending.isError ? (
          <ErrorState error={trending.error} onRetry={() => void trending.refetch()} />
        ) : (
          <div className="card-grid">
            {trending.data.map((proverb) => (
              <ProverbCard key={proverb.id} proverb={proverb} />
            ))}
          </div>
        )}
      </section>

      <section aria-labelledby="groups-title">
        <h2 id="groups-title">Peoples and languages</h2>
        {groups.isPending ? (
          <Loading label="Loading peoples and languages" />
        ) : groups.isError ? (
          <ErrorState error={groups.error} onRetry={() => void groups.refetch()} />
        ) : (
          <ul className="group-grid">
            {groups.data.map((group) => (
              <GroupCard key={group.id} group={group} />
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="categories-title">
        <h2 id="categories-title">Categories</h2>
        {categories.isPending ? (
          <Loading label="Loading categories" lines={1} />
        ) : categories.isError ? (
          <ErrorState error={categories.error} onRetry={() => void categories.refetch()} />
        ) : (
          <ul className="chip-list">
            {categories.data.map((c) => (
              <li key={c.id}>
                <Link className="chip" to={`/search_result?category=${c.slug}`}>
                  {c.name} <span className="subtle">{c.proverbCount}</span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  )
}

// The streak's section (and, on a metered connection, the question of keeping the reader's peoples) loads once a
// signed-in reader's home is up: no visitor's first page carries it.
const SignedInHome = lazy(() => import('../components/signed-in-home'))

/** Signed in: the streak and the calendar of active days (docs/requirements.md#r18-learning), from the device. */
function YourStreak() {
  const session = useSession()
  if (!session) return null
  return (
    <Suspense fallback={<div className="streak-section-pending" aria-hidden="true" />}>
      <SignedInHome />
    </Suspense>
  )
}

/**
 * Signed in: the groups this user may read now (/api/proverbs/ethnic/logged,
 * docs/requirements.md#r1-proverbs-and-peoples).
 */
function YourLanguages() {
  const session = useSession()
  const groups = useQuery({ ...readableGroupsQuery(session?.user.id ?? 0), enabled: Boolean(session) })
  if (!session) return null
  return (
    <section aria-labelledby="your-languages-title">
      <h2 id="your-languages-title">Your languages</h2>
      {groups.isPending ? (
        <Loading label="Loading your languages" lines={1} />
      ) : groups.isError ? (
        <ErrorState error={groups.error} onRetry={() => void groups.refetch()} />
      ) : groups.data.length === 0 ? (
        <EmptyState title="No languages chosen yet">
          <p>
            <Link to="/profile#languages">Choose the languages you follow</Link> and they will be here.
          </p>
        </EmptyState>
      ) : (
        <ul className="group-grid">
          {groups.data.map((group) => (
            <GroupCard key={group.id} group={group} />
          ))}
        </ul>
      )}
    </section>
  )
}
