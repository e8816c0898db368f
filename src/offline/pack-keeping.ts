import { API } from '../core/http/api-paths'
import type { PackSize } from '../core/proverbs/contract'
import type { KeepPacksCommand, PackCommand } from './messages'
import { downloadPack, listPacks, removePack, runPackDownload, type PackDeps } from './packs'
import type { PackRecord } from './schema'
import { ownerOfToken } from './store'

/**
 * Keep by default (docs/decisions/021-keep-by-default.md): the peoples of a signed-in reader's plan are kept on the
 * device without being asked for, and stay current. One round asks the server for the plan's packs (pack-sizes: each
 * people, its size and its version), then removes the packs of peoples the plan no longer has, downloads the plan's
 * peoples the device lacks and refreshes the packs whose version moved — sending back each page's validator, so
 * only the pages that changed download. A pack whose version is the server's costs nothing.
 */

/** What one round decided (planKeeping) and whether the server could be asked. */
export type KeepPlan = {
  /** Packs of peoples the plan no longer has. */
  remove: PackRecord[]
  /** The plan's peoples to download (no pack yet) or bring up to date (another version, or a download cut short). */
  download: { size: PackSize; pack: PackRecord | undefined }[]
}
export type KeepOutcome = KeepPlan & { failed: boolean }

/**
 * How a round may use the connection: `download: false` (a metered connection the reader has not agreed to use)
 * removes only; a people the reader removed (`declined`) is not kept again unless they keep it; `keptOnly` (the
 * worker on its own, which does not know what the reader declined) refreshes the packs already here and adds none.
 */
export type KeepChoice = Pick<KeepPacksCommand, 'download' | 'declined'> & { keptOnly?: boolean }

/** What keeping the plan means for the packs on the device. */
export function planKeeping(plan: PackSize[], packs: PackRecord[], choice: KeepChoice): KeepPlan {
  const remove = packs.filter((pack) => !plan.some((size) => size.groupId === pack.groupId))
  if (!choice.download) return { remove, download: [] }
  const download = plan.flatMap((size) => {
    const pack = packs.find((p) => p.groupId === size.groupId)
    if (!pack && (choice.keptOnly || choice.declined.includes(size.groupId))) return []
    const current = pack?.status === 'ready' && pack.version === size.version && pack.error === null
    return current ? [] : [{ size, pack }]
  })
  return { remove, download }
}

/**
 * One round of keeping the reader's plan, with their token (checked by the caller: the owner's). The server's answer
 * decides; when it cannot be had (offline, a 5xx) nothing on the device changes. `onStart` hears what was decided
 * before anything downloads. Downloads run one after another, each as a refresh of what the device holds.
 */
export async function keepPlanPacks(
  deps: PackDeps,
  { userId, token, ...choice }: { userId: number; token: string } & KeepChoice,
  onStart?: (plan: KeepPlan) => void,
): Promise<KeepOutcome> {
  const response = await deps
    .fetch(`${deps.apiBase ?? ''}${API.packSizes}`, {
      headers: { Accept: 'application/json', Authorization: `Bearer ${token}` },
      cache: 'no-store',
    })
    .catch(() => undefined)
  if (!response?.ok) return { remove: [], download: [], failed: true }
  const plan = ((await response.json()) as { data: PackSize[] }).data
  const decided = planKeeping(plan, await listPacks(deps.db, userId), choice)
  onStart?.(decided)
  for (const pack of decided.remove) {
    await removePack(deps.db, userId, pack.groupId)
    deps.onChange(pack)
  }
  for (const { size, pack } of decided.download) {
    // Signed out meanwhile (the owner record goes first): nothing more is kept for them.
    if ((await ownerOfToken(deps.db, token)) !== userId) break
    await downloadPack(deps, userId, size.group, token, { origin: pack ? undefined : 'plan', expected: size })
  }
  return { ...decided, failed: false }
}

/** Runs a page's pack command in the worker, for the device's owner only (the token must be theirs). */
export async function runPackCommand(
  command: PackCommand,
  deps: PackDeps,
  onStart?: (plan: KeepPlan) => void,
): Promise<KeepOutcome | undefined> {
  if (command.type === 'PACK_DOWNLOAD') return void (await runPackDownload(command, deps))
  if ((await ownerOfToken(deps.db, command.token)) !== command.userId) return undefined
  return keepPlanPacks(deps, command, onStart)
}
