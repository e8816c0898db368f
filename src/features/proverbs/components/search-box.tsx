import { useId, useState } from 'react'
import { useNavigate } from 'react-router-dom'

/** The home page's search: goes to /search_result with the words typed. */
export function SearchBox() {
  const navigate = useNavigate()
  const [q, setQ] = useState('')
  const id = useId()
  return (
    <form
      className="search-box"
      role="search"
      // Before the app's script runs (or without it), the browser sends the search to the server's page.
      action="/search_result"
      onSubmit={(event) => {
        event.preventDefault()
        navigate(`/search_result?q=${encodeURIComponent(q.trim())}`)
      }}
    >
      <label htmlFor={id} className="visually-hidden">
        Search proverbs
      </label>
      <input
        id={id}
        type="search"
        name="q"
        value={q}
        onChange={(e) => setQ(e.target.value)}
        placeholder="Search: omo, haraka, patience…"
        autoComplete="off"
        enterKeyHint="search"
      />
      <button type="submit" className="button button--primary">
        Search
      </button>
    </form>
  )
}
