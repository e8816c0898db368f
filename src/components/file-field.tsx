import { useId, useState, type ReactNode } from 'react'

/**
 * A file the user chose, kept only when `check` finds nothing wrong with it (checked here to save a wasted
 * upload; the server checks again, by the file's content). `problem` is what was wrong, or what to do.
 */
export function useChosenFile(check: (file: File) => string | null) {
  const [file, setFile] = useState<File | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const choose = (chosen: File | null) => {
    const reason = chosen && check(chosen)
    setProblem(reason)
    setFile(reason ? null : chosen)
  }
  return { file, problem, setProblem, choose }
}

/** A file input with its hint and, when there is one, the problem with the chosen file (tied to it for screen readers). */
export function FileField({
  label,
  hint,
  accept,
  name,
  problem,
  onChoose,
}: {
  label: string
  hint: ReactNode
  accept: string
  /** For a form read with FormData. */
  name?: string
  problem: string | null
  onChoose?: (file: File | null) => void
}) {
  const id = useId()
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <p className="field__hint" id={`${id}-hint`}>
        {hint}
      </p>
      <input
        id={id}
        name={name}
        type="file"
        accept={accept}
        aria-describedby={`${id}-hint${problem ? ` ${id}-error` : ''}`}
        aria-invalid={problem ? true : undefined}
        onChange={onChoose && ((event) => onChoose(event.target.files?.[0] ?? null))}
      />
      {problem && (
        <p className="field__error" id={`${id}-error`}>
          {problem}
        </p>
      )}
    </div>
  )
}

/** An upload on its way: how much has gone (0 to 1). */
export function UploadProgress({ progress }: { progress: number }) {
  return (
    <label className="progress">
      Uploading… <progress max={1} value={progress} aria-valuetext={`${Math.round(progress * 100)}%`} />
    </label>
  )
}
