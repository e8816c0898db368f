import { useInstallPrompt } from '@/lib/install'

/** Shown only when the browser offers installation (beforeinstallprompt). */
export function InstallButton() {
  const { available, install } = useInstallPrompt()
  if (!available) return null
  return (
    <button type="button" className="button button--small install-button" onClick={() => void install()}>
      Install Òwe
    </button>
  )
}
