import '../search.css'
import { useQuery } from '@tanstack/react-query'
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react'
import { Link, useSearchParams } from 'react-router-dom'
import { Pagination } from '@/components/pagination'
import { EmptyState, ErrorState, Loading } from '@/components/query-state'
import { MAX_QUERY_LENGTH } from '@/core/shared/constants'
import { formatThousands } from '@/core/shared/format'
import { searchTerms } from '@/core/proverbs/search'
import { recordRead } from '@/lib/learning'
import { track } from '@/lib/track'
import { usePageTitle } from '@/lib/page-title'
import { CategoryIntro, PeopleIntro } from '../components/collection-intro'
import { NoSavedMatch, SavedOnly } from '../components/device-note'
import { SearchResultCard } from '../components/search-result-card'
import { ProverbView } from '../components/proverb-view'
import { categoriesQuery, groupsQuery, proverbQuery } from '@/entities/catalogue/queries'
import { searchFor, searchQuery } from '../queries'

/** /search_result: search with group and category filters; `?proverb=slug` shows one proverb. */
export function SearchRoute() {
  const [params] = useSearchParams()
  const slug = params.get('proverb')
  return slug ? <ProverbRoute slug={slug} /> : <SearchResults />
}

function ProverbRoute({ slug }: { slug: string }) {
  const proverb = useQuery(proverbQuery(slug))
  usePageTitle(proverb.data?.proverb ?? 'Proverb')
  // Counted once the proverb is on screen (from the server or this device), once per proverb opened; for a
  // signed-in reader it is also a proverb read, towards their streak (kept once a proverb a day).
  const shown = proverb.data?.slug
  const shownId = proverb.data?.id
  useEffect(() => {
    if (shown) track('proverb_view', { slug: shown })
  }, [shown])
  useEffect(() => {
    if (shownId !== undefined) recordRead(shownId)
  }, [shownId])
  if (proverb.isPending) return <Loading label="Loading the proverb" />
  if (proverb.isError) {
    return (
      <>
        <ErrorState title="Could not show this proverb" error={proverb.error} onRetry={() => void proverb.refetch()} />
        <p>
          <Link to="/search_result">Search all proverbs</Link>
        </p>
      </>
    )
  }
  return <ProverbView proverb={proverb.data} />
}

/**
 * A search is counted once its results are here, once per words and people searched (not per page of
 * results or render): its words, how many proverbs it found, and the people it was limited to. Only
 * searches with words, answered by the server: a count of what this device holds offline says nothing
 * of what the corpus lacks, and a category filter the event cannot name would make a found-nothing false.
 */
function useCountSearch(
  words: string | undefined,
  ethnic: string,
  category: string,
  answer: { totalElements: number; device?: unknown } | undefined,
) {
  const q = words?.trim()
  const counted = useRef<string>(undefined)
  const key = `${q}\n${ethnic.toLowerCase()}`
  useEffect(() => {
    if (!q || category || !answer || answer.device || counted.current === key) return
    counted.current = key
    track('search', { q, results: answer.totalElements, ...(ethnic ? { ethnic: ethnic.toLowerCase() } : {}) })
  }, [q, ethnic, category, answer, key])
}

function SearchResults() {
  const [params, setParams] = useSearchParams()
  const q = params.get('q') ?? ''
  const ethnic = params.get('ethnic') ?? ''
  const category = params.get('category') ?? ''
  const search = searchFor(params)
  const page = search.page ?? 1
  const words = useRef<HTMLInputElement>(null)
  // The words field is the browser's own, so what was typed before the app took the server's page over
  // stays; it shows a new search's words when the address changes (a link, Back, "Clear search").
  const wordsShown = useRef(q)
  useEffect(() => {
    if (wordsShown.current === q) return
    wordsShown.current = q
    if (words.current) words.current.value = q
  }, [q])
  const heading = useRef<HTMLHeadingElement>(null)
  const resultsHeading = useRef<HTMLHeadingElement>(null)

  const groups = useQuery(groupsQuery())
  const categories = useQuery(categoriesQuery())
  // A people's or a category's page: it opens with who or what they are, and the tab names them.
  const group = ethnic ? groups.data?.find((g) => g.slug === ethnic.toLowerCase() || String(g.id) === ethnic) : undefined
  const categoryShown =
    category && !group ? categories.data?.find((c) => c.slug === category.toLowerCase() || String(c.id) === category) : undefined
  usePageTitle(group ? `${group.name} proverbs` : categoryShown ? `${categoryShown.name} proverbs` : 'Search')
  const results = useQuery(searchQuery(search))
  // While the next results load, the previous ones stay on screen with the words they were found for.
  const [shownQuery, setShownQuery] = useState(q)
  useEffect(() => {
    if (!results.isPlaceholderData) setShownQuery(q)
  }, [q, results.isPlaceholderData])
  const terms = useMemo(() => searchTerms(shownQuery), [shownQuery])
  useCountSearch(search.q, ethnic, category, results.isPlaceholderData ? undefined : results.data)

  // A page past the last (a link kept from when there were more) shows the last one there is.
  const lastPage = results.data?.totalPages ?? 0
  useEffect(() => {
    if (!results.isPlaceholderData && lastPage > 0 && page > lastPage) {
      const next = new URLSearchParams(params)
      next.set('page', String(lastPage))
      setParams(next, { replace: true })
    }
  }, [results.isPlaceholderData, lastPage, page, params, setParams])

  const update = (next: Record<string, string>) => {
    const merged = new URLSearchParams(params)
    for (const [key, value] of Object.entries(next)) {
      if (value) merged.set(key, value)
      else merged.delete(key)
    }
    setParams(merged)
  }
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const typed = String(new FormData(event.currentTarget).get('q') ?? '').trim()
    wordsShown.current = typed
    update({ q: typed, page: '' })
  }

  const device = results.data?.device
  // A people's or a category's page opens with its introduction: until the list that names it is here, one
  // placeholder stands for the whole page, so the form and results do not jump down when the introduction arrives.
  if ((ethnic && groups.isPending) || (category && !ethnic && categories.isPending)) return <Loading label="Loading the page" lines={5} />
  return (
    <>
      {group ? (
        <PeopleIntro group={group} headingRef={heading} compact={!!q} />
      ) : categoryShown ? (
        <CategoryIntro category={categoryShown} headingRef={heading} />
      ) : (
        <h1 ref={heading} tabIndex={-1}>
          Search proverbs
        </h1>
      )}
      {(group || categoryShown) && <h2 className="search-form__title">Search {group ? `${group.name} proverbs` : 'these proverbs'}</h2>}
      {/* Named fields and an action: without the app's script the browser sends the search to the server's page. */}
      <form className="search-form" role="search" action="/search_result" onSubmit={onSubmit}>
        <div className="field">
          <label htmlFor="search-q">Words</label>
          <input
            id="search-q"
            name="q"
            type="search"
            ref={words}
            defaultValue={q}
            placeholder="With or without tone marks"
            maxLength={MAX_QUERY_LENGTH}
            autoComplete="off"
            enterKeyHint="search"
          />
        </div>
        <div className="field">
          <label htmlFor="search-ethnic">People</label>
          <select id="search-ethnic" name="ethnic" value={ethnic} onChange={(e) => update({ ethnic: e.target.value, page: '' })}>
            <option value="">All peoples</option>
            {groups.data?.map((g) => (
              <option key={g.id} value={g.slug}>
                {g.name} ({g.language})
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="search-category">Category</label>
          <select id="search-category" name="category" value={category} onChange={(e) => update({ category: e.target.value, page: '' })}>
            <option value="">All categories</option>
            {categories.data?.map((c) => (
              <option key={c.id} value={c.slug}>
                {c.name}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button button--primary">
          Search
        </button>
      </form>

      <section aria-labelledby="results-title" aria-busy={results.isFetching}>
        <h2 id="results-title" className="visually-hidden" ref={resultsHeading} tabIndex={-1}>
          Results
        </h2>
        {results.isPending ? (
          <Loading label="Searching" />
        ) : results.isError ? (
          <ErrorState title="Search failed" error={results.error} onRetry={() => void results.refetch()} />
        ) : results.data.totalElements === 0 && device ? (
          <NoSavedMatch coverage={device} query={shownQuery}>
            {(shownQuery || category) && (
              <Link className="button" to={ethnic ? `/search_result?ethnic=${encodeURIComponent(ethnic)}` : '/search_result'}>
                Clear search
              </Link>
            )}
          </NoSavedMatch>
        ) : results.data.totalElements === 0 ? (
          <EmptyState title="No proverbs match">
            <p>Try fewer words, another spelling, or clear the filters.</p>
            {/* A link: it works the moment the page is drawn, before the app has taken it over. */}
            <Link className="button" to="/search_result">
              Clear search
            </Link>
          </EmptyState>
        ) : (
          <>
            <p className="results-count" role="status">
              {formatThousands(results.data.totalElements)} {results.data.totalElements === 1 ? 'proverb' : 'proverbs'}
              {shownQuery && <> for “{shownQuery}”</>}
            </p>
            {device && <SavedOnly coverage={device} />}
            <div className="result-list">
              {results.data.data.map((proverb, i, all) => {
                const variant = all[i - 1]?.toneKey === proverb.toneKey || all[i + 1]?.toneKey === proverb.toneKey
                return <SearchResultCard key={proverb.id} proverb={proverb} toneVariant={variant} terms={terms} />
              })}
            </div>
            <Pagination
              page={results.data.page}
              totalPages={results.data.totalPages}
              totalElements={results.data.totalElements}
              onPage={(next) => {
                update({ page: String(next) })
                // The next page starts where the results do (a people's introduction stays above).
                const target = group || categoryShown ? resultsHeading.current : heading.current
                target?.focus({ preventScroll: true })
                if (group || categoryShown) target?.closest('section')?.scrollIntoView({ block: 'start' })
                else window.scrollTo({ top: 0 })
              }}
            />
          </>
        )}
      </section>
    </>
  )
}
