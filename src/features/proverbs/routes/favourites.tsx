import { useQuery } from '@tanstack/react-query'
import { Link, useSearchParams } from 'react-router-dom'
import { Pagination } from '@/components/pagination'
import { EmptyState, ErrorState, Loading } from '@/components/query-state'
import { useSession } from '@/lib/session'
import { ProverbCard } from '../components/proverb-card'
import { favouritesQuery } from '../marks'

const PAGE_SIZE = 20

/** The signed-in user's favourite proverbs, newest first. */
export default function FavouritesRoute() {
  const session = useSession()
  const [params, setParams] = useSearchParams()
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1)
  const favourites = useQuery({ ...favouritesQuery(session?.user.id ?? 0, page, PAGE_SIZE), enabled: Boolean(session) })

  return (
    <section aria-labelledby="favourites-title">
      <h1 id="favourites-title">Your favourites</h1>
      {favourites.isPending ? (
        <Loading label="Loading your favourites" />
      ) : favourites.isError ? (
        <ErrorState error={favourites.error} onRetry={() => void favourites.refetch()} />
      ) : favourites.data.totalElements === 0 ? (
        <EmptyState title="No favourites yet">
          <p>
            Tap the heart on any proverb to keep it here. <Link to="/search_result">Find proverbs</Link>
          </p>
        </EmptyState>
      ) : (
        <>
          <p className="lead">
            {favourites.data.totalElements} {favourites.data.totalElements === 1 ? 'proverb' : 'proverbs'} you keep close.
          </p>
          <div className="card-grid">
            {favourites.data.data.map((proverb) => (
              <ProverbCard key={proverb.id} proverb={proverb} />
            ))}
          </div>
          <Pagination
            page={favourites.data.page}
            totalPages={favourites.data.totalPages}
            totalElements={favourites.data.totalElements}
            onPage={(next) => setParams({ page: String(next) })}
          />
        </>
      )}
    </section>
  )
}
