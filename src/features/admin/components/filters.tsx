import { useState, type ReactNode } from 'react'

/**
 * A field's own value, put back to the address's whenever that changes (Back, a link, "Find"): the field
 * stays the same element, so focus stays where it is, and a choice whose options arrive late still shows.
 */
function useFollowing(value: string): [string, (value: string) => void] {
  const [own, setOwn] = useState(value)
  const [followed, setFollowed] = useState(value)
  if (followed !== value) {
    setFollowed(value)
    setOwn(value)
  }
  return [own, setOwn]
}

/** A list's search form: on "Find", each field's value (trimmed; empty for none) goes to `onFind` by its name. */
export function SearchFilters({
  label,
  onFind,
  children,
}: {
  label: string
  onFind: (values: Record<string, string>) => void
  children: ReactNode
}) {
  return (
    <form
      className="admin-filters"
      role="search"
      aria-label={label}
      onSubmit={(event) => {
        event.preventDefault()
        onFind(Object.fromEntries([...new FormData(event.currentTarget)].map(([name, value]) => [name, String(value).trim()])))
      }}
    >
      {children}
      <button type="submit" className="button">
        Find
      </button>
    </form>
  )
}

export function TextFilter({ label, name, value }: { label: string; name: string; value: string }) {
  const [text, setText] = useFollowing(value)
  return (
    <label>
      {label}
      <input name={name} type="search" value={text} onChange={(event) => setText(event.target.value)} />
    </label>
  )
}

export type FilterOption = { value: string | number; label: string }

/** A choice in a search form (sent on "Find"), or on its own, applied as soon as it changes (`onChoose`). */
export function SelectFilter({
  label,
  name,
  value,
  any,
  options,
  onChoose,
}: {
  label: string
  name?: string
  value: string | number
  /** The first choice, which filters nothing: "All groups". */
  any: string
  options: FilterOption[]
  onChoose?: (value: string) => void
}) {
  const [chosen, setChosen] = useFollowing(String(value))
  return (
    <label>
      {label}
      <select
        name={name}
        value={onChoose ? String(value) : chosen}
        onChange={(event) => (onChoose ? onChoose(event.target.value) : setChosen(event.target.value))}
      >
        {[{ value: '', label: any }, ...options].map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  )
}

/** Filters that are not a search form (they apply at once). */
export function Filters({ children }: { children: ReactNode }) {
  return <div className="admin-filters">{children}</div>
}

/** Find by text and by group (`name` is the group's field in the address; "All groups" filters nothing). */
export function TextAndGroupSearch({
  label,
  q,
  name,
  group,
  groups,
  onFind,
}: {
  label: string
  q: string
  name: string
  group: string | number
  groups: FilterOption[]
  onFind: (values: Record<string, string>) => void
}) {
  return (
    <SearchFilters label={label} onFind={onFind}>
      <TextFilter label="Text" name="q" value={q} />
      <SelectFilter label="Group" name={name} value={group} any="All groups" options={groups} />
    </SearchFilters>
  )
}
