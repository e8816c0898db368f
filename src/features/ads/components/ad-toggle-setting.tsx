import '../ads.css'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { SwitchField } from '@/components/switch-field'
import { ApiError } from '@/lib/api-client'
import { useSaveAdToggle } from '../mutations'
import { adToggleQuery } from '../queries'

export const AD_TOGGLE_LABEL = 'Show adverts while subscribed'
export const AD_TOGGLE_HINT = 'Subscribers see no adverts unless they turn this on.'
export const AD_TOGGLE_LOAD_FAILED = 'Your advert setting could not be loaded. Try again when you are online.'
export const AD_TOGGLE_SAVE_FAILED = 'Your choice was not saved. Check your connection and try again.'

/**
 * The profile's switch for the ad toggle (docs/requirements.md#r8-adverts): off by default; a subscriber who turns it
 * on sees adverts too. Saved at once, with a saving state and a message when it fails.
 */
export function AdToggleSetting({ userId }: { userId: number }) {
  const toggle = useQuery(adToggleQuery(userId))
  const save = useSaveAdToggle(userId)
  // The flip shows in the same render as the click: the mutation's own pending state arrives a moment
  // later, and a controlled checkbox would spring back in between.
  const [flipped, setFlipped] = useState<boolean | null>(null)
  const saving = save.isPending || flipped !== null
  const checked = flipped ?? (save.isPending ? save.variables === true : toggle.data === true)
  const failure = save.isError
    ? save.error instanceof ApiError && !save.error.offline && save.error.status < 500
      ? save.error.message
      : AD_TOGGLE_SAVE_FAILED
    : null
  const message = saving ? 'Saving…' : (failure ?? (toggle.isError ? AD_TOGGLE_LOAD_FAILED : AD_TOGGLE_HINT))

  return (
    <SwitchField
      className="ad-toggle"
      label={AD_TOGGLE_LABEL}
      checked={checked}
      busy={saving}
      disabled={saving || !toggle.isSuccess}
      message={message}
      error={Boolean(failure) || toggle.isError}
      onChange={(on) => {
        setFlipped(on)
        save.mutate(on, { onSettled: () => setFlipped(null) })
      }}
    />
  )
}
