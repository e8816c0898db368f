import type { QuizQuestion } from '@/core/quiz/contract'

/** A proverb in its own script and language, quoted. */
export function QuotedProverb({ text, lang }: { text: string; lang: string | null }) {
  return (
    <blockquote className="quiz-proverb" lang={lang ?? undefined}>
      <p>“{text}”</p>
    </blockquote>
  )
}

/**
 * One question as a labelled radio group (arrow keys move between options). The choice shows at once;
 * until it is written on the device it is marked pending.
 */
export function QuestionForm({
  question,
  chosen,
  pending,
  onChoose,
}: {
  question: QuizQuestion
  chosen: number | undefined
  pending: boolean
  onChoose: (optionId: number) => void
}) {
  const name = `question-${question.ethnicfactQuestionId}`
  // Options that finish a proverb are in the proverb's language.
  const optionLang = question.kind === 'complete' ? (question.lang ?? undefined) : undefined
  return (
    <fieldset className="quiz-question" aria-describedby={`${name}-status`}>
      <legend className="quiz-question__text">{question.question}</legend>
      {question.proverb && <QuotedProverb text={question.proverb} lang={question.lang} />}
      <div className="choice-list">
        {question.answerOptions.map((option) => (
          <label key={option.id} className="choice" data-pending={pending && chosen === option.id ? 'true' : undefined}>
            <input type="radio" name={name} value={option.id} checked={chosen === option.id} onChange={() => onChoose(option.id)} />
            <span className="choice__title" lang={optionLang}>
              {option.text}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  )
}

/** Buttons that jump to a question; answered ones carry a tick and say so. */
export function QuestionNumbers({
  total,
  current,
  answered,
  onPick,
}: {
  total: number
  current: number
  answered: (index: number) => boolean
  onPick: (index: number) => void
}) {
  return (
    <nav aria-label="Questions" className="quiz-numbers">
      <ol>
        {Array.from({ length: total }, (_, i) => {
          const index = i + 1
          const done = answered(index)
          return (
            <li key={index}>
              <button
                type="button"
                className={`quiz-numbers__button${done ? ' is-answered' : ''}`}
                aria-current={index === current ? 'step' : undefined}
                aria-label={`Question ${index}, ${done ? 'answered' : 'not answered'}`}
                onClick={() => onPick(index)}
              >
                {index}
                {done && <span aria-hidden="true">✓</span>}
              </button>
            </li>
          )
        })}
      </ol>
    </nav>
  )
}
