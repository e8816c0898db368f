import fs from 'node:fs/promises'
import path from 'node:path'
import { PAGE_SIZE_MAX } from '@core/shared/constants'
import type { EthnicGroup, PackSize } from '@core/proverbs/contract'
import type { Db } from '../../db/client'
import { paginated } from '../../http/paginated'
import { entitlementOf } from '../../services/entitlements'
import { listGroups, searchProverbs } from '../../services/proverbs'

/** How long a measured size is reused: a size is a guide ("about 100 KB"), not a count to the byte. */
const MEASURE_FOR_MS = 10 * 60_000

/**
 * How much keeping each of the reader's peoples offline takes, measured the way the device's download
 * counts it: the bytes of every page of `proverbsLogged` it fetches (at the largest page size), and the
 * scroll image. So "Keep Yoruba offline — 100 KB" says what the download will store.
 */
export function createPackSizes({ db, staticDir }: { db: Db; staticDir: string }) {
  // A people's size changes only with its corpus: measured once, then reused for a while by every reader.
  const measured = new Map<number, PackSize & { until: number }>()

  async function measure(group: EthnicGroup): Promise<PackSize> {
    const kept = measured.get(group.id)
    if (kept && kept.until > Date.now()) return { groupId: kept.groupId, proverbs: kept.proverbs, bytes: kept.bytes }
    let bytes = 0
    let proverbs = 0
    for (let page = 1, pages = 1; page <= pages; page++) {
      const { items, total } = await searchProverbs(db, { terms: [], ethnicId: group.id }, page, PAGE_SIZE_MAX)
      pages = Math.ceil(total / PAGE_SIZE_MAX)
      proverbs = total
      const body = paginated(items, total, { page, size: PAGE_SIZE_MAX })
      bytes += Buffer.byteLength(JSON.stringify(body))
    }
    bytes += group.image ? await fileSize(staticDir, group.image) : 0
    measured.set(group.id, { groupId: group.id, proverbs, bytes, until: Date.now() + MEASURE_FOR_MS })
    return { groupId: group.id, proverbs, bytes }
  }

  /** The size of each people the user may read. */
  async function sizesFor(userId: number, now: Date): Promise<PackSize[]> {
    const [{ readable }, groups] = await Promise.all([entitlementOf(db, userId, now), listGroups(db)])
    const sizes: PackSize[] = []
    for (const groupId of readable) {
      const group = groups.find((g) => g.id === groupId)
      if (group) sizes.push(await measure(group))
    }
    return sizes
  }

  return { sizesFor }
}

export type PackSizes = ReturnType<typeof createPackSizes>

/** The size of a file the app serves (its scroll image), or 0 when this server does not serve it. */
async function fileSize(root: string, urlPath: string): Promise<number> {
  const file = path.join(root, path.normalize(urlPath).replace(/^(\.\.[/\\])+/, ''))
  if (!file.startsWith(root)) return 0
  try {
    return (await fs.stat(file)).size
  } catch {
    return 0
  }
}
