import './update-toast.css'
export function UpdateToast({ onReload }: { onReload: () => void }) {
  return (
    <div className="update-toast">
      <span>A new version of Òwe is ready.</span>{' '}
      <button type="button" className="button button--primary" onClick={onReload}>
        Reload
      </button>
    </div>
  )
}
