import { useQuery } from '@tanstack/react-query'
import { useId, useState, type FormEvent } from 'react'
import { useNavigate } from 'react-router-dom'
import { INSTANT_QUIZZES_PER_WEEK } from '@/core/quiz/quiz'
import { EmptyState, ErrorState, errorMessage, Loading } from '@/components/query-state'
import { playerPath } from '../batch-status'
import { useGenerateQuiz } from '../mutations'
import { questionPropertiesQuery } from '../queries'

/**
 * "Generate a quiz": pick what kind (its size and pass mark) and get an instant quiz. The server keeps
 * the weekly limit and says so (429); its message is shown as it is.
 */
export function GenerateQuiz({ userId, generatedThisWeek }: { userId: number; generatedThisWeek: number | undefined }) {
  const [open, setOpen] = useState(false)
  const panel = useId()
  return (
    <div className="generate-quiz">
      <button type="button" className="button" aria-expanded={open} aria-controls={panel} onClick={() => setOpen(!open)}>
        Generate a quiz
      </button>
      {generatedThisWeek !== undefined && (
        <span className="subtle">
          {' '}
          {generatedThisWeek} of {INSTANT_QUIZZES_PER_WEEK} generated this week
        </span>
      )}
      <div id={panel} hidden={!open}>
        {open && <GenerateForm userId={userId} />}
      </div>
    </div>
  )
}

function GenerateForm({ userId }: { userId: number }) {
  const properties = useQuery(questionPropertiesQuery(userId))
  const generate = useGenerateQuiz(userId)
  const navigate = useNavigate()
  const [chosen, setChosen] = useState<number | null>(null)

  if (properties.isPending) return <Loading label="Loading the kinds of quiz" lines={2} />
  if (properties.isError)
    return <ErrorState error={properties.error} onRetry={() => void properties.refetch()} title="Could not load the kinds of quiz" />
  if (properties.data.data.length === 0) return <EmptyState title="No kinds of quiz to choose from yet" />

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (chosen === null) return
    generate.mutate(chosen, { onSuccess: (batch) => navigate(playerPath(batch.batchId)) })
  }

  return (
    <form className="form generate-quiz__form" onSubmit={submit}>
      <fieldset className="choice-list">
        <legend>What kind of quiz?</legend>
        {properties.data.data.map((property) => (
          <label key={property.id} className="choice">
            <input
              type="radio"
              name="question-property"
              value={property.id}
              checked={chosen === property.id}
              onChange={() => setChosen(property.id)}
            />
            <span className="choice__title">{property.name}</span>
            <span className="choice__detail">
              {property.description} {property.size} questions · pass mark {property.passScore}
            </span>
          </label>
        ))}
      </fieldset>
      <div className="form__actions">
        <button type="submit" className="button button--primary" disabled={chosen === null || generate.isPending}>
          {generate.isPending ? 'Generating…' : 'Generate'}
        </button>
      </div>
      <div aria-live="polite">
        {generate.isError && (
          <p className="notice notice--error" role="alert">
            {errorMessage(generate.error)}
          </p>
        )}
      </div>
    </form>
  )
}
