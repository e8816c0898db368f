import '../profile.css'
import { useState } from 'react'
import { useObjectUrl } from '@/lib/object-url'
import { FileField, UploadProgress, useChosenFile } from '@/components/file-field'
import { MutationOutcome } from '@/components/query-state'
import { useUploadPicture } from '../mutations'
import { Avatar } from './avatar'

const MAX_BYTES = 2 * 1024 * 1024
const TYPES = ['image/png', 'image/jpeg', 'image/webp']

/** Checked here to save a wasted upload; the server checks again, by the file's content. */
function problemWith(file: File): string | null {
  if (!TYPES.includes(file.type)) return 'Choose a PNG, JPEG or WebP image.'
  if (file.size > MAX_BYTES) return 'The picture must be 2 MB or smaller.'
  return null
}

export function PictureForm({ userId }: { userId: number }) {
  const { file, problem, setProblem, choose } = useChosenFile(problemWith)
  const [progress, setProgress] = useState(0)
  const preview = useObjectUrl(file)

  const upload = useUploadPicture(userId, setProgress)

  return (
    <form
      className="form picture-form"
      aria-label="Profile picture"
      onSubmit={(event) => {
        event.preventDefault()
        if (!file) return setProblem('Choose a picture first.')
        setProgress(0)
        upload.mutate(file, { onSuccess: () => choose(null) })
      }}
    >
      <div className="picture-form__preview">
        {preview ? <img src={preview} alt="Preview of the new picture" width={96} height={96} /> : <Avatar userId={userId} size={96} />}
      </div>
      <FileField
        label="Choose a picture"
        hint="PNG, JPEG or WebP, up to 2 MB."
        accept={TYPES.join(',')}
        problem={problem}
        onChoose={(chosen) => {
          upload.reset()
          choose(chosen)
        }}
      />
      {upload.isPending && <UploadProgress progress={progress} />}
      <MutationOutcome mutation={upload} success="Your picture has been saved." />
      <div className="form__actions">
        <button type="submit" className="button button--primary" disabled={!file || upload.isPending}>
          {upload.isPending ? 'Uploading…' : 'Upload picture'}
        </button>
      </div>
    </form>
  )
}
