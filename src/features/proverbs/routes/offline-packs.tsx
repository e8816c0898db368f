import '../offline-packs.css'
import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router-dom'
import type { EthnicGroup } from '@/core/proverbs/contract'
import { formatAge, formatBytes } from '@/core/shared/format'
import { groupOfPack } from '@/offline/packs'
import type { PackRecord } from '@/offline/schema'
import { EmptyState, ErrorState, Loading } from '@/components/query-state'
import { useOnline } from '@/lib/online'
import { useSession, type Session } from '@/lib/session'
import { readableGroupsQuery } from '../marks'
import { isMetered, type ConnectionInfo } from '@/core/shared/connection'
import { useKeepChoice, type KeepChoice } from '../keep-choice'
import { useDownloadPack, usePersistStorage, useRemovePack } from '../pack-mutations'
import { packSizesQuery, usePacks, useStorageState } from '../packs'
import { groupsQuery } from '@/entities/catalogue/queries'
import { WaitingHere } from '../components/waiting-here'

/**
 * Settings → Offline reading: the peoples the reader has under their plan, each one action away from being
 * kept on this device; the other peoples are read online, and the page says what a plan adds for them.
 */
export default function OfflinePacksRoute() {
  const session = useSession()!
  const groups = useQuery(readableGroupsQuery(session.user.id))
  const sizes = useQuery(packSizesQuery(session.user.id))
  const allGroups = useQuery(groupsQuery())
  const packs = usePacks(session.user.id)
  const online = useOnline()
  const others = (allGroups.data ?? []).filter(
    (group) => groups.data !== undefined && !groups.data.some((g) => g.id === group.id) && !packs.data?.some((p) => p.groupId === group.id),
  )
  // Packs of groups no longer in the plan stay listed, so they can be removed.
  const rows: { group: EthnicGroup; pack?: PackRecord; inPlan: boolean }[] = [
    ...(groups.data ?? []).map((group) => ({ group, pack: packs.data?.find((p) => p.groupId === group.id), inPlan: true })),
    ...(packs.data ?? [])
      .filter((pack) => !groups.data?.some((g) => g.id === pack.groupId))
      .map((pack) => ({ group: groupOfPack(pack), pack, inPlan: groups.data === undefined })),
  ]

  return (
    <section aria-labelledby="offline-title" className="offline-packs">
      <h1 id="offline-title">Offline reading</h1>
      <p className="lead">
        Everyone reads every people online. The peoples of your plan are kept on this device without your asking — every proverb and its
        scroll — to read and search with no signal, and they update themselves when their proverbs change. Remove one you would rather not
        keep: it stays off this device until you keep it again.
      </p>
      <StorageMeter />
      {!online && (
        <p className="needs-network" role="status">
          You're offline. Downloading a pack needs a connection; your packs still open.
        </p>
      )}
      {groups.isPending || packs.isPending ? (
        <Loading label="Loading your groups" />
      ) : packs.isError ? (
        <ErrorState error={packs.error} title="Could not read this device's packs" onRetry={() => void packs.refetch()} />
      ) : (
        <>
          {groups.isError && (
            <ErrorState error={groups.error} title="Could not load the groups you may read" onRetry={() => void groups.refetch()} />
          )}
          {rows.length === 0 ? (
            groups.isError ? null : (
              <EmptyState title="No peoples to keep yet">
                <p>
                  Choose the languages you read in <Link to="/profile">your profile</Link>, then come back to keep them offline.
                </p>
              </EmptyState>
            )
          ) : (
            <ul className="pack-list" aria-label="Offline packs">
              {rows.map(({ group, pack, inPlan }) => (
                <PackRow
                  key={group.id}
                  group={group}
                  pack={pack}
                  inPlan={inPlan}
                  size={sizes.data?.find((s) => s.groupId === group.id)?.bytes}
                  session={session}
                  online={online}
                />
              ))}
            </ul>
          )}
          {others.length > 0 && <OtherPeoples groups={others} />}
        </>
      )}
      <WaitingHere userId={session.user.id} />
    </section>
  )
}

/** What a screen reader hears when a pack changes state (not every page of progress). */
function announcement(name: string, pack?: PackRecord): string {
  if (!pack) return ''
  if (pack.status === 'downloading') return `Downloading ${name}.`
  if (pack.status === 'failed') return `${name} could not be downloaded.`
  return pack.error ? `${name} could not be updated; the copy on this device still opens.` : `${name} is ready offline.`
}

/** The peoples beyond the plan: read online, and what a plan with more peoples would add. */
function OtherPeoples({ groups }: { groups: EthnicGroup[] }) {
  return (
    <section className="offline-packs__others" aria-labelledby="other-peoples-title">
      <h2 id="other-peoples-title">Other peoples</h2>
      <p>
        You read {groups.map((group) => group.name).join(', ')} online at any time. A plan with more peoples keeps them on this device too,
        quizzes you on them every week and shows them first; a paid plan also removes adverts.
      </p>
      <p>
        <Link to="/pricing">See what each plan adds</Link>
      </p>
    </section>
  )
}

type RowProps = { group: EthnicGroup; pack?: PackRecord; inPlan: boolean; size?: number; session: Session; online: boolean }

function PackRow({ group, pack, inPlan, size, session, online }: RowProps) {
  const download = useDownloadPack(session, group)
  const remove = useRemovePack(session.user.id, group)
  const choice = useKeepChoice(session.user.id)
  const titleId = `pack-${group.id}-title`
  const downloading = pack?.status === 'downloading'
  const named = <span className="visually-hidden"> {group.name}</span>
  return (
    <li className="pack" aria-labelledby={titleId} data-status={pack?.status ?? 'none'}>
      <div className="pack__head">
        <h2 id={titleId}>{group.name}</h2>
        <p className="pack__meta">
          {group.language} · {group.proverbCount} {group.proverbCount === 1 ? 'proverb' : 'proverbs'}
          {!inPlan && ' · no longer among the peoples you have: read it online'}
        </p>
        {pack && inPlan && <p className="tag pack__origin">{pack.origin === 'plan' ? 'Came with your plan' : 'Kept by you'}</p>}
      </div>
      <PackState pack={pack} waiting={!pack && inPlan ? waitingFor(choice.declined.includes(group.id), choice.metered) : undefined} />
      <p className="visually-hidden" role="status">
        {announcement(group.name, pack)}
      </p>
      <div className="pack__actions">
        {inPlan && !pack && (
          <button
            type="button"
            className="button button--primary"
            disabled={!online || download.isPending}
            onClick={() => download.mutate()}
          >
            {`Keep ${group.name} offline${size ? ` — ${formatBytes(size)}` : ''}`}
          </button>
        )}
        {inPlan && pack?.status === 'failed' && (
          <button
            type="button"
            className="button button--primary"
            disabled={!online || download.isPending}
            onClick={() => download.mutate()}
          >
            Try again{named}
          </button>
        )}
        {inPlan && pack?.status === 'ready' && (
          <button type="button" className="button" disabled={!online || download.isPending} onClick={() => download.mutate()}>
            Update now{named}
          </button>
        )}
        {pack && (
          <button type="button" className="button" disabled={remove.isPending} onClick={() => remove.mutate()}>
            {downloading ? 'Cancel download' : 'Remove'}
            {named}
          </button>
        )}
      </div>
    </li>
  )
}

/** Why a people of the plan is not on the device (yet). */
function waitingFor(declined: boolean, metered: KeepChoice['metered']): string {
  if (declined) return 'Not on this device: you removed it.'
  const connection = (navigator as Navigator & { connection?: ConnectionInfo }).connection
  if (isMetered(connection) && metered !== 'yes') return 'Not on this device yet: on mobile data, Òwe asks you first (on home).'
  return 'Not on this device yet: it comes with your plan and downloads on its own.'
}

function PackState({ pack, waiting }: { pack?: PackRecord; waiting?: string }) {
  if (!pack) return <p className="pack__state">{waiting ?? 'Not on this device.'}</p>
  if (pack.status === 'downloading') {
    return (
      <div className="pack__state">
        <label>
          {`Downloading ${pack.done} of ${pack.total} proverbs…`}
          <progress value={pack.done} max={Math.max(pack.total, 1)} />
        </label>
      </div>
    )
  }
  if (pack.status === 'failed') {
    return <p className="pack__state pack__state--error">{`The download stopped: ${pack.error ?? 'please try again.'}`}</p>
  }
  return (
    <p className="pack__state pack__state--ready">
      {`Ready offline · ${pack.done} proverbs · ${formatBytes(pack.bytes)} · updated ${pack.updatedAt ? formatAge(pack.updatedAt, Date.now()) : 'never'}`}
      {pack.error && <span className="pack__warning">{` The last update failed: ${pack.error}`}</span>}
    </p>
  )
}

/** How much of the browser's allowance the device's data takes, and whether it is kept for good. */
function StorageMeter() {
  const storage = useStorageState()
  const persist = usePersistStorage()
  // A browser that cannot measure its storage shows no meter. Until the estimate is in, the meter stands empty in
  // its place (nothing below it moves when it fills).
  if (storage.data === null || storage.isError) return null
  const { usage, quota, persisted } = storage.data ?? { usage: 0, quota: 0, persisted: false }
  return (
    <div className="storage-meter" aria-busy={!storage.data}>
      <label>
        {storage.data
          ? `This device: ${formatBytes(usage)} used of ${formatBytes(quota)} available to Òwe`
          : 'This device: measuring the space Òwe uses here…'}
        <meter min={0} max={Math.max(quota, 1)} value={usage} low={quota * 0.7} high={quota * 0.9} optimum={0} />
      </label>
      <div className="storage-meter__switch">
        <label className="choice">
          <input
            type="checkbox"
            role="switch"
            checked={persisted}
            // A browser keeps this promise until its site data is cleared: there is nothing to switch back.
            disabled={!storage.data || persisted || persist.isPending}
            onChange={() => persist.mutate()}
            aria-describedby="storage-persist-hint"
          />
          <span>Keep offline proverbs when space runs low</span>
        </label>
        <p id="storage-persist-hint" className="field__hint">
          {persisted
            ? 'On: the browser has agreed not to clear the proverbs you keep here, even when this device runs low on space. They stay until you remove them.'
            : 'Asks the browser not to clear the proverbs you keep here when this device runs low on space. Without it, the browser may delete them to make room.'}
        </p>
      </div>
    </div>
  )
}
