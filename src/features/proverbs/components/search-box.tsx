import { useId } from 'react'
import { useNavigate } from 'react-router-dom'

/**
 * The home page's search: goes to /search_result with the words typed. The field is the browser's own (not
 * held in React's state), so words typed before the app took the server's page over are the ones searched.
 */
export function SearchBox() {
  const navigate = useNavigate()
  const id = useId()
  return (
    <form
      className="search-box"
      role="search"
      // Before the app's script runs (or without it), the browser sends the search to the server's page.
      action="/search_result"
      onSubmit={(event) => {
        event.preventDefault()
        const q = String(new FormData(event.currentTarget).get('q') ?? '')
        navigate(`/search_result?q=${encodeURIComponent(q.trim())}`)
      }}
    >
      <label htmlFor={id} className="visually-hidden">
        Search proverbs
      </label>
      <input id={id} type="search" name="q" placeholder="Search: omo, haraka, patience…" autoComplete="off" enterKeyHint="search" />
      <button type="submit" className="button button--primary">
        Search
      </button>
    </form>
  )
}
