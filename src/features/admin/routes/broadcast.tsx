import { useEffect, useRef, useState } from 'react'
import type { BroadcastInput } from '@/core/admin/contract'
import { ADMIN_TEXTS } from '@/core/admin/texts'
import { Form, SelectField, TextAreaField, TextField } from '@/components/form'
import { useGroups } from '@/entities/catalogue/queries'
import { sendBroadcast } from '../api'
import { groupName } from '../components/groups'
import { AdminSection } from '../components/list-section'
import { useStatus } from '../components/status'
import { useAdminMutation } from '../mutations'
import { broadcastFormSchema } from '../schemas'

type Values = { title: string; body: string; url: string; ethnicGroupId: number | '' }
const EMPTY: Values = { title: '', body: '', url: '', ethnicGroupId: '' }

/**
 * /admin/broadcast: a message in every reader's notifications (and by push where it is on), to everyone
 * or to one group's readers. It cannot be taken back, so the admin confirms who gets it first.
 */
export default function BroadcastSection() {
  const groups = useGroups()
  const [pending, setPending] = useState<(BroadcastInput & { key: string }) | null>(null)
  const [formKey, setFormKey] = useState(0)
  const send = useAdminMutation([], sendBroadcast)
  const { said, success, failure, clear } = useStatus()
  const question = useRef<HTMLParagraphElement>(null)
  useEffect(() => {
    if (pending) question.current?.focus()
  }, [pending])

  const audience = (input: BroadcastInput) =>
    input.ethnicGroupId ? `the readers of ${groupName(groups.data, input.ethnicGroupId)}` : 'everyone'

  return (
    <AdminSection title="Broadcast" said={said}>
      <Form<Values>
        key={formKey}
        schema={broadcastFormSchema}
        initialValues={EMPTY}
        label="Broadcast a message"
        submitLabel="Review and send"
        onSubmit={async (values) => {
          clear()
          const { title, body, url, ethnicGroupId } = broadcastFormSchema.cast(values)
          setPending({ key: crypto.randomUUID(), title, body, url: url ?? null, ethnicGroupId: ethnicGroupId ?? null })
        }}
      >
        <TextField name="title" label="Title" />
        <TextAreaField name="body" label="Message" rows={4} />
        <TextField name="url" label="Link in the app (optional)" hint="A path such as /quiz or /search_result?ethnic=yoruba." />
        <SelectField
          name="ethnicGroupId"
          label="Who gets it"
          placeholder="Everyone"
          options={(groups.data ?? []).map((group) => ({ value: group.id, label: `The readers of ${group.name}` }))}
        />
      </Form>
      {pending && (
        <div className="confirm admin-confirm" role="group" aria-labelledby="broadcast-question">
          <p id="broadcast-question" ref={question} tabIndex={-1}>
            Send “{pending.title}” to {audience(pending)}? It cannot be taken back.
          </p>
          <div className="form__actions">
            <button
              type="button"
              className="button button--primary"
              disabled={send.isPending}
              onClick={() =>
                send.mutate(pending, {
                  onSuccess: (result) => {
                    setPending(null)
                    setFormKey((key) => key + 1)
                    success(ADMIN_TEXTS.sentTo(result.reached))
                  },
                  onError: failure,
                })
              }
            >
              {send.isPending ? 'Sending…' : 'Send now'}
            </button>
            <button type="button" className="button" disabled={send.isPending} onClick={() => setPending(null)}>
              Go back
            </button>
          </div>
        </div>
      )}
    </AdminSection>
  )
}
