import { PUSH_FAILURE_MESSAGES } from '../messaging'
import { useTogglePush } from '../mutations'
import { SwitchField } from '@/components/switch-field'
import { usePushStatus } from '../hooks'
import { useInstallGuide } from '../install-guide'

const STATUS_TEXT = {
  on: 'On. Òwe can notify this device, even when the app is closed.',
  off: 'Off. Your messages still arrive in your notifications in the app.',
}

/**
 * "Notifications on this device": on, off, blocked by the browser, saving, failed. Hidden when this build
 * has no Firebase config (and the browser is not WebKit's). Turning it on is the only thing that asks the browser for
 * permission. In Safari on an iPhone or iPad, where push reaches only the Home Screen app, it says so, and turning it
 * on opens the Home Screen guide (once).
 */
export function PushSwitch({ userId }: { userId: number }) {
  const status = usePushStatus()
  const toggle = useTogglePush(userId)
  const installGuide = useInstallGuide()
  if (status === 'unconfigured') return null

  const saving = toggle.isPending
  const failure = !saving && toggle.data?.ok === false && status !== 'on' ? toggle.data : null
  const unavailable = status === 'blocked' || status === 'unsupported'
  const checked = saving ? toggle.variables === true : status === 'on'
  const message = saving
    ? toggle.variables
      ? 'Turning notifications on…'
      : 'Turning notifications off…'
    : status === 'blocked' || status === 'unsupported' || status === 'home-screen'
      ? PUSH_FAILURE_MESSAGES[status]
      : (failure?.message ?? STATUS_TEXT[status])

  return (
    <>
      {installGuide.guide}
      <SwitchField
        className="push-switch"
        label="Notifications on this device"
        checked={checked}
        busy={saving}
        disabled={saving || unavailable}
        message={message}
        error={Boolean(failure) || unavailable}
        onChange={(on) => {
          if (status === 'home-screen') installGuide.offer()
          else toggle.mutate(on)
        }}
      />
    </>
  )
}
