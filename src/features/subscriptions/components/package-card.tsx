import '../subscriptions.css'
import type { ActivePackage } from '@/core/payments/contract'
import { formatLongDate } from '@/core/shared/format'

/** A package at a glance: plan, dates, auto-renewal and the peoples it keeps offline and quizzes (those beyond it marked). */
export function PackageCard({ pkg }: { pkg: ActivePackage }) {
  const open = pkg.groups.filter((group) => !group.locked)
  const locked = pkg.groups.filter((group) => group.locked)
  return (
    <div className="package-card" data-testid="package-card">
      <p className="package-card__plan">
        <strong>{pkg.plan.name} plan</strong>{' '}
        {pkg.active ? <span className="badge">Active</span> : <span className="badge badge--muted">Ended</span>}
      </p>
      <dl className="package-card__facts">
        <dt>Started</dt>
        <dd>{formatLongDate(pkg.startsAt)}</dd>
        <dt>{pkg.active ? 'Expires' : 'Ended'}</dt>
        <dd>{formatLongDate(pkg.expiresAt)}</dd>
        {pkg.active && (
          <>
            <dt>Auto-renewal</dt>
            <dd>{pkg.autoRenew ? 'On' : 'Off'}</dd>
          </>
        )}
        <dt>Peoples you have</dt>
        <dd>
          {pkg.plan.noOfEthnics}, kept offline, quizzed weekly and shown first
          {open.length > 0 && <>: {open.map((group) => group.name).join(', ')}</>}
        </dd>
      </dl>
      {locked.length > 0 && (
        <p className="subtle">
          Not kept offline or quizzed until you subscribe again: {locked.map((group) => group.name).join(', ')}. They stay chosen, and you
          can still read them online.
        </p>
      )}
    </div>
  )
}
