import { useInstallPrompt } from '@/lib/install'

/** Shown only when the browser offers installation (beforeinstallprompt). */
export function InstallButton() {
  const { available, install } = useInstallPrompt()
  if (!available) return null
  return (
    <button
      type="button"
      className="button button--small install-button"
      onClick={() => {
        // The button goes once the prompt is used: focus goes to the page, not to nowhere.
        document.getElementById('main')?.focus({ preventScroll: true })
        void install()
      }}
    >
      {/* On a phone's one-row header the button reads "Install"; its name stays whole. */}
      Install<span className="install-button__name"> Òwe</span>
    </button>
  )
}
