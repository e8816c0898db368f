import { useId, useRef, useState } from 'react'
import { checkInsightsRange, type DayRange, type RangeProblems } from '@/core/analytics/insights-range'

/**
 * The range's first and last day, shown on "Show". A range the rules refuse (src/core/analytics/insights-range.ts)
 * is not asked for: each message sits under its field, is announced, and the first wrong field takes focus.
 * The range in the address is checked as it arrives, so a bad link says what is wrong with it; when the
 * address changes (Back, a link) the fields follow it, staying the same elements so focus stays put.
 */
export function RangeForm({ range, onShow }: { range: DayRange; onShow: (range: DayRange) => void }) {
  const [from, setFrom] = useState(range.from)
  const [to, setTo] = useState(range.to)
  const [problems, setProblems] = useState<RangeProblems>(() => checkInsightsRange(range))
  const [followed, setFollowed] = useState(range)
  if (followed.from !== range.from || followed.to !== range.to) {
    setFollowed(range)
    setFrom(range.from)
    setTo(range.to)
    setProblems(checkInsightsRange(range))
  }
  const form = useRef<HTMLFormElement>(null)
  const id = useId()
  return (
    <form
      ref={form}
      className="insights-range"
      aria-label="Date range"
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        const found = checkInsightsRange({ from, to })
        setProblems(found)
        if (found.from || found.to) form.current?.querySelector<HTMLElement>(found.from ? '[name="from"]' : '[name="to"]')?.focus()
        else onShow({ from, to })
      }}
    >
      <DayField id={`${id}-from`} name="from" label="From" value={from} onChange={setFrom} problem={problems.from} />
      <DayField id={`${id}-to`} name="to" label="To" value={to} onChange={setTo} problem={problems.to} />
      <button type="submit" className="button">
        Show
      </button>
    </form>
  )
}

function DayField(props: { id: string; name: string; label: string; value: string; onChange: (value: string) => void; problem?: string }) {
  const { id, name, label, value, onChange, problem } = props
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        type="date"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-problem` : undefined}
      />
      {/* Always in the page, so a message that appears in it is read out at once. */}
      <p className="field__error" id={`${id}-problem`} aria-live="assertive">
        {problem}
      </p>
    </div>
  )
}
