import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { ErrorState, errorMessage, Loading } from '@/components/query-state'
import { updateUserLanguages } from '../api'
import { accountKeys, userLanguagesQuery } from '../queries'

/** The languages a user chose, within their plan's noOfEthnics. */
export function LanguagesForm({ userId }: { userId: number }) {
  const client = useQueryClient()
  const languages = useQuery(userLanguagesQuery(userId))
  const [draft, setDraft] = useState<number[] | null>(null)
  const save = useMutation({
    mutationFn: updateUserLanguages,
    onSuccess: (saved) => {
      client.setQueryData(accountKeys.languages(userId), saved)
      void client.invalidateQueries({ queryKey: ['me', userId] })
      setDraft(null)
    },
  })
  if (languages.isPending) return <Loading label="Loading your languages" />
  if (languages.isError) return <ErrorState error={languages.error} onRetry={() => void languages.refetch()} />
  const { maxSelectable, readable } = languages.data
  const chosen = draft ?? languages.data.selected.map((g) => g.id)
  const toggle = (id: number) => setDraft(chosen.includes(id) ? chosen.filter((x) => x !== id) : [...chosen, id])

  return (
    <form
      className="form"
      aria-label="Your languages"
      onSubmit={(event) => {
        event.preventDefault()
        save.mutate(chosen)
      }}
    >
      <fieldset className="choice-list choice-list--grid">
        <legend>Languages you follow</legend>
        <p className="field__hint" aria-live="polite">
          {chosen.length} of {maxSelectable} chosen.
          {readable.length < chosen.length && ' Without an active package you can read the first one you chose; subscribe to read them all.'}
        </p>
        {languages.data.languages.map((group) => {
          const checked = chosen.includes(group.id)
          return (
            <label key={group.id} className="choice">
              <input type="checkbox" checked={checked} disabled={!checked && chosen.length >= maxSelectable} onChange={() => toggle(group.id)} />
              <span className="choice__title">{group.language}</span>
              <span className="choice__detail">{readable.includes(group.id) ? 'You can read these proverbs' : `${group.name} proverbs`}</span>
            </label>
          )
        })}
      </fieldset>
      <div aria-live="polite">
        {save.isSuccess && <p className="notice notice--success">Your languages have been saved.</p>}
        {save.isError && (
          <p className="notice notice--error" role="alert">
            {errorMessage(save.error)}
          </p>
        )}
      </div>
      <div className="form__actions">
        <button type="submit" className="button button--primary" disabled={save.isPending || draft === null}>
          {save.isPending ? 'Saving…' : 'Save languages'}
        </button>
      </div>
    </form>
  )
}
