import '../search.css'
import type { ReactNode } from 'react'
import { Link } from 'react-router-dom'
import { noSavedMatchText, savedOnlyText, type DeviceHolding } from '@/core/proverbs/search'
import type { DeviceCoverage } from '@/offline/messages'

const holdingOf = (coverage: DeviceCoverage): DeviceHolding => ({
  held: coverage.held,
  total: coverage.total,
  name: coverage.group?.name ?? null,
})

/** The way to keep the rest: the offline page, where a people is kept on the device. */
function KeepLink({ coverage }: { coverage: DeviceCoverage }) {
  if (coverage.total !== null && coverage.held >= coverage.total) return null
  return (
    <Link className="button" to="/offline">
      {coverage.group ? `Keep ${coverage.group.name} offline` : 'Choose peoples to keep offline'}
    </Link>
  )
}

/** Offline, nothing on the device matches: say so, and what the device holds. */
export function NoSavedMatch({ coverage, query, children }: { coverage: DeviceCoverage; query: string; children?: ReactNode }) {
  return (
    <div className="notice" role="status">
      <p className="notice__title">{noSavedMatchText(query, holdingOf(coverage))}</p>
      <p>Searching every proverb needs the network. Keep a people on this device to search all of theirs offline.</p>
      <div className="notice__actions">
        <KeepLink coverage={coverage} />
        {children}
      </div>
    </div>
  )
}

/** Offline results come from the device only: say how much of the people it holds. */
export function SavedOnly({ coverage }: { coverage: DeviceCoverage }) {
  return (
    <div className="notice notice--device">
      <p>{savedOnlyText(holdingOf(coverage))}</p>
      <KeepLink coverage={coverage} />
    </div>
  )
}
