import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Link } from 'react-router-dom'
import type { EthnicGroup } from '@/core/contract'
import { formatAge, formatBytes } from '@/core/format'
import { groupOfPack } from '@/offline/packs'
import type { PackRecord } from '@/offline/schema'
import { EmptyState, ErrorState, Loading } from '@/components/query-state'
import { notify } from '@/components/toasts'
import { useOnline } from '@/lib/online'
import { useSession, type Session } from '@/lib/session'
import { readableGroupsQuery } from '../marks'
import { askPersistentStorage, makeAvailableOffline, packKeys, removeDevicePack, usePacks, useStorageState } from '../packs'

/** Settings → Offline reading: each group the user may read, as a pack kept on this device. */
export default function OfflinePacksRoute() {
  const session = useSession()!
  const groups = useQuery(readableGroupsQuery(session.user.id))
  const packs = usePacks(session.user.id)
  const online = useOnline()
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
        Keep whole groups on this device — every proverb and its scroll — to read and search them with no signal. Packs
        update themselves when you open Òwe online.
      </p>
      <StorageMeter />
      {!online && <p className="needs-network" role="status">You're offline. Downloading a pack needs a connection; your packs still open.</p>}
      {groups.isPending || packs.isPending ? (
        <Loading label="Loading your groups" />
      ) : packs.isError ? (
        <ErrorState error={packs.error} title="Could not read this device's packs" onRetry={() => void packs.refetch()} />
      ) : (
        <>
          {groups.isError && <ErrorState error={groups.error} title="Could not load the groups you may read" onRetry={() => void groups.refetch()} />}
          {rows.length === 0 ? (
            groups.isError ? null : (
              <EmptyState title="No groups to keep yet">
                <p>
                  Choose the languages you read in <Link to="/profile">your profile</Link>, then come back to keep them offline.
                </p>
              </EmptyState>
            )
          ) : (
            <ul className="pack-list" aria-label="Offline packs">
              {rows.map(({ group, pack, inPlan }) => (
                <PackRow key={group.id} group={group} pack={pack} inPlan={inPlan} session={session} online={online} />
              ))}
            </ul>
          )}
        </>
      )}
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

type RowProps = { group: EthnicGroup; pack?: PackRecord; inPlan: boolean; session: Session; online: boolean }

function PackRow({ group, pack, inPlan, session, online }: RowProps) {
  const client = useQueryClient()
  const userId = session.user.id
  const refresh = () => Promise.all([client.invalidateQueries({ queryKey: packKeys.packs(userId) }), client.invalidateQueries({ queryKey: packKeys.storage })])
  const download = useMutation({
    mutationFn: () => makeAvailableOffline(userId, session.token, group),
    onSettled: refresh,
    onError: () => void notify(`${group.name} could not be downloaded. Please try again.`, { type: 'error' }),
  })
  const remove = useMutation({
    mutationFn: () => removeDevicePack(userId, group.id),
    onSettled: refresh,
    onSuccess: () => void notify(`${group.name} is no longer kept on this device.`),
    onError: () => void notify(`${group.name} could not be removed. Please try again.`, { type: 'error' }),
  })
  const titleId = `pack-${group.id}-title`
  const downloading = pack?.status === 'downloading'
  const named = <span className="visually-hidden"> {group.name}</span>
  return (
    <li className="pack" aria-labelledby={titleId} data-status={pack?.status ?? 'none'}>
      <div className="pack__head">
        <h2 id={titleId}>{group.name}</h2>
        <p className="pack__meta">
          {group.language} · {group.proverbCount} {group.proverbCount === 1 ? 'proverb' : 'proverbs'}
          {!inPlan && ' · no longer among the groups you read'}
        </p>
      </div>
      <PackState pack={pack} />
      <p className="visually-hidden" role="status">
        {announcement(group.name, pack)}
      </p>
      <div className="pack__actions">
        {inPlan && (!pack || pack.status === 'failed') && (
          <button type="button" className="button button--primary" disabled={!online || download.isPending} onClick={() => download.mutate()}>
            {pack ? 'Try again' : 'Make available offline'}
            {named}
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

function PackState({ pack }: { pack?: PackRecord }) {
  if (!pack) return <p className="pack__state">Not on this device.</p>
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
    return (
      <p className="pack__state pack__state--error">
        {`The download stopped: ${pack.error ?? 'please try again.'}`}
      </p>
    )
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
  const client = useQueryClient()
  const persist = useMutation({
    mutationFn: askPersistentStorage,
    onSettled: () => client.invalidateQueries({ queryKey: packKeys.storage }),
    onSuccess: (granted) =>
      void notify(granted ? 'Your offline proverbs will be kept until you remove them.' : 'The browser did not agree to keep them for good; it may clear them when space runs low.'),
  })
  if (!storage.data) return null
  const { usage, quota, persisted } = storage.data
  return (
    <div className="storage-meter">
      <label>
        {`This device: ${formatBytes(usage)} used of ${formatBytes(quota)} available to Òwe`}
        <meter min={0} max={Math.max(quota, 1)} value={usage} low={quota * 0.7} high={quota * 0.9} optimum={0} />
      </label>
      {persisted ? (
        <p>Your offline proverbs are kept until you remove them.</p>
      ) : (
        <p>
          The browser may clear offline proverbs when space runs low.{' '}
          <button type="button" className="button button--small" disabled={persist.isPending} onClick={() => persist.mutate()}>
            Keep them on this device
          </button>
        </p>
      )}
    </div>
  )
}
