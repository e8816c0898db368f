import { useQuery } from '@tanstack/react-query'
import { useId, useState, type FormEvent } from 'react'
import type { AdminAdvert } from '@/core/admin/contract'
import { ADMIN_TEXTS } from '@/core/admin/texts'
import { formatThousands } from '@/core/shared/format'
import { FileField, UploadProgress } from '@/components/file-field'
import { errorMessage } from '@/components/query-state'
import { useAdminId } from '@/entities/admin/queries'
import { deleteAdvert, updateAdvert, uploadAdvert, type AdvertChanges, type AdvertUpload } from '../api'
import { inShownOrder, useAdvertOrder } from '../components/advert-order'
import { NamedRow, RemoveRowButton, RowButton } from '../components/editable-rows'
import { ListSection } from '../components/list-section'
import { useStatus } from '../components/status'
import { useAdminMutation } from '../mutations'
import { advertsQuery } from '../queries'

const TYPES = ['image/webp', 'video/mp4']
const kb = (bytes: number) => `${formatThousands(Math.round(bytes / 1024))} KB`

/** /admin/adverts: the adverts shown to readers without a plan, in their order; upload, reorder, switch on and off, describe, remove. */
export default function AdvertsSection() {
  const list = useQuery({ ...advertsQuery(useAdminId()), select: inShownOrder })
  const { said, success, failure, clear } = useStatus()
  const change = useAdminMutation(['adverts'], ({ id, ...changes }: AdvertChanges & { id: number }) => updateAdvert(id, changes))
  const remove = useAdminMutation(['adverts'], (advert: AdminAdvert) => deleteAdvert(advert.id))
  const order = useAdvertOrder(list.data ?? [], success, clear)

  return (
    <ListSection
      title="Adverts"
      said={said}
      above={order.problem}
      list={{ query: list, noun: 'adverts', empty: 'No adverts yet' }}
      caption="Adverts, in the order they are shown"
      columns={[
        { header: 'Name', cell: (advert) => <NamedRow name={advert.name} builtIn={advert.source === 'seed'} />, rowHeader: true },
        { header: 'Kind', cell: (advert) => `${advert.type === 'video/mp4' ? 'Video' : 'Image'}, ${kb(advert.bytes)}` },
        {
          header: 'Description and link',
          cell: (advert) => (
            <AdvertDetails
              advert={advert}
              busy={change.isPending}
              onSave={(changes) =>
                Object.keys(changes).length === 0
                  ? success(ADMIN_TEXTS.unchanged)
                  : change.mutate({ id: advert.id, ...changes }, { onSuccess: () => success(ADMIN_TEXTS.saved), onError: failure })
              }
            />
          ),
        },
        { header: 'Shown', cell: (advert) => (advert.active ? 'Yes' : 'No') },
        {
          header: 'Actions',
          className: 'admin-actions',
          cell: (advert) => (
            <>
              {order.buttons(advert)}
              <RowButton
                label={advert.active ? 'Stop showing' : 'Show'}
                what={advert.name}
                disabled={change.isPending}
                onClick={() =>
                  change.mutate(
                    { id: advert.id, active: !advert.active },
                    {
                      onSuccess: () => success(advert.active ? `“${advert.name}” is no longer shown.` : `“${advert.name}” is shown again.`),
                      onError: failure,
                    },
                  )
                }
              />
              <RemoveRowButton
                what={advert.name}
                question={`Delete the advert “${advert.name}”?`}
                builtIn={advert.source === 'seed'}
                busy={remove.isPending}
                onConfirm={() => remove.mutate(advert, { onSuccess: () => success(ADMIN_TEXTS.deleted), onError: failure })}
              />
            </>
          ),
        },
      ]}
    >
      <UploadAdvert onDone={() => success('Uploaded.')} />
    </ListSection>
  )
}

/**
 * The description (read out in place of the image) and the link, edited in the row. Only what changed is
 * sent: for one of Òwe's own adverts, a change of either makes it the admins' (the note says so).
 */
function AdvertDetails({
  advert,
  busy,
  onSave,
}: {
  advert: AdminAdvert
  busy: boolean
  onSave: (changes: Pick<AdvertChanges, 'alt' | 'link'>) => void
}) {
  const [editing, setEditing] = useState(false)
  const id = useId()
  if (!editing) {
    return (
      <>
        <p className="admin-clip">{advert.alt}</p>
        {advert.link && <p className="subtle">{advert.link}</p>}
        <button type="button" className="button button--small" onClick={() => setEditing(true)}>
          Edit <span className="visually-hidden">the description and link of {advert.name}</span>
        </button>
      </>
    )
  }
  return (
    <form
      className="admin-inline-form"
      aria-label={`Description and link of ${advert.name}`}
      onSubmit={(event) => {
        event.preventDefault()
        const data = new FormData(event.currentTarget)
        const alt = String(data.get('alt') ?? '').trim()
        const link = String(data.get('link') ?? '').trim() || null
        onSave({ ...(alt === advert.alt ? {} : { alt }), ...(link === advert.link ? {} : { link }) })
        setEditing(false)
      }}
    >
      {advert.source === 'seed' && (
        <p id={`${id}-note`} className="subtle">
          {ADMIN_TEXTS.builtInNote}
        </p>
      )}
      <label htmlFor={`${id}-alt`}>Description</label>
      <input
        id={`${id}-alt`}
        name="alt"
        defaultValue={advert.alt}
        required
        autoFocus
        aria-describedby={advert.source === 'seed' ? `${id}-note` : undefined}
      />
      <label htmlFor={`${id}-link`}>Link (optional)</label>
      <input id={`${id}-link`} name="link" defaultValue={advert.link ?? ''} placeholder="/pricing" />
      <div className="form__actions">
        <button type="submit" className="button button--small button--primary" disabled={busy}>
          Save
        </button>
        <button type="button" className="button button--small" onClick={() => setEditing(false)}>
          Cancel
        </button>
      </div>
    </form>
  )
}

function UploadAdvert({ onDone }: { onDone: () => void }) {
  const id = useId()
  const [problem, setProblem] = useState<string | null>(null)
  const [progress, setProgress] = useState(0)
  const upload = useAdminMutation(['adverts'], (input: AdvertUpload) => uploadAdvert(input, setProgress))

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = event.currentTarget
    const data = new FormData(form)
    const file = data.get('file')
    if (!(file instanceof File) || !file.name) return setProblem('Choose a WebP image or an MP4 video.')
    if (!TYPES.includes(file.type)) return setProblem('Only WebP images and MP4 videos can be adverts.')
    setProblem(null)
    setProgress(0)
    const input = {
      file,
      name: String(data.get('name') ?? '').trim(),
      alt: String(data.get('alt') ?? '').trim(),
      link: String(data.get('link') ?? '').trim(),
    }
    upload.mutate(input, {
      onSuccess: () => {
        form.reset()
        onDone()
      },
    })
  }

  return (
    <form className="form admin-editor" aria-labelledby={`${id}-title`} onSubmit={submit}>
      <h3 id={`${id}-title`}>Upload an advert</h3>
      <FileField label="File" hint="A WebP image or an MP4 video, 16:9." accept={TYPES.join(',')} name="file" problem={problem} />
      <div className="field">
        <label htmlFor={`${id}-name`}>Name</label>
        <input id={`${id}-name`} name="name" required />
      </div>
      <div className="field">
        <label htmlFor={`${id}-alt`}>Description</label>
        <p className="field__hint" id={`${id}-alt-hint`}>
          What it shows, read out to readers who cannot see it.
        </p>
        <input id={`${id}-alt`} name="alt" required aria-describedby={`${id}-alt-hint`} />
      </div>
      <div className="field">
        <label htmlFor={`${id}-link`}>Link (optional)</label>
        <p className="field__hint" id={`${id}-link-hint`}>
          A path inside the app, such as /pricing.
        </p>
        <input id={`${id}-link`} name="link" aria-describedby={`${id}-link-hint`} />
      </div>
      {upload.isPending && <UploadProgress progress={progress} />}
      {upload.isError && (
        <p className="notice notice--error" role="alert">
          {errorMessage(upload.error)}
        </p>
      )}
      <div className="form__actions">
        <button type="submit" className="button button--primary" disabled={upload.isPending}>
          Upload
        </button>
      </div>
    </form>
  )
}
