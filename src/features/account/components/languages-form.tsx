import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { ErrorState, LimitedChoices, Loading, MutationOutcome } from '@/components/query-state'
import { PLAN_TEXTS } from '@/core/payments/plans'
import { useSaveLanguages } from '../mutations'
import { userLanguagesQuery } from '../queries'

/** The languages a user chose, within their plan's noOfEthnics. */
export function LanguagesForm({ userId }: { userId: number }) {
  const languages = useQuery(userLanguagesQuery(userId))
  const [draft, setDraft] = useState<number[] | null>(null)
  const save = useSaveLanguages(userId)
  if (languages.isPending) return <Loading label="Loading your languages" />
  if (languages.isError) return <ErrorState error={languages.error} onRetry={() => void languages.refetch()} />
  const { maxSelectable, readable } = languages.data
  const chosen = draft ?? languages.data.selected.map((g) => g.id)

  return (
    <form
      className="form"
      aria-label="Your languages"
      onSubmit={(event) => {
        event.preventDefault()
        save.mutate(chosen, { onSuccess: () => setDraft(null) })
      }}
    >
      <LimitedChoices
        legend="Languages you follow"
        choices={languages.data.languages.map((group) => ({
          id: group.id,
          title: group.language,
          detail: readable.includes(group.id) ? 'Kept offline, quizzed weekly and shown first' : `${group.name} proverbs`,
        }))}
        chosen={chosen}
        max={maxSelectable}
        onChange={setDraft}
        summary={`.${readable.length < chosen.length ? PLAN_TEXTS.languagesBeyondPlan : ''}`}
      />
      <MutationOutcome mutation={save} success="Your languages have been saved." />
      <div className="form__actions">
        <button type="submit" className="button button--primary" disabled={save.isPending || draft === null}>
          {save.isPending ? 'Saving…' : 'Save languages'}
        </button>
      </div>
    </form>
  )
}
