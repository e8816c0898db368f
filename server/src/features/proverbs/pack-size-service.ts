import { createHash } from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import { PAGE_SIZE_MAX } from '@core/shared/constants'
import type { EthnicGroup, PackSize, Proverb } from '@core/proverbs/contract'
import type { Db } from '../../db/client'
import { paginated } from '../../http/paginated'
import { entitlementOf } from '../../services/entitlements'
import { listGroups, listProverbs } from '../../services/proverbs'

const digest = (text: string) => createHash('sha1').update(text).digest('base64url')

/**
 * The validator of one page of a people's proverbs as the device keeps it (`proverbsLogged`'s ETag): the page's
 * proverbs without their likes, a count that moves all day while the corpus stands still. A device whose copy of
 * the page carries it is answered 304 and downloads nothing.
 */
export function packPageTag(items: Proverb[]): string {
  return `W/"${digest(JSON.stringify(items.map(({ likes: _likes, ...kept }) => kept)))}"`
}

/** A pack's version: the tags of its pages at the largest page size, in order. */
const packVersion = (pageTags: string[]) => digest(pageTags.join(','))

type Measured = PackSize & { until: number; generation: number }

/** What the corpus cache says of staleness: its window and a count of its clears (server/src/http/public-cache.ts). */
type CorpusCache = { ttlMs: number; generation: () => number }

/**
 * How much keeping each of the reader's peoples offline takes, measured the way the device's download counts it —
 * the bytes of every page of `proverbsLogged` it fetches (at the largest page size) and the scroll image, so "Keep
 * Yoruba offline — 100 KB" says what the download will store — and the version the device compares with its own to
 * know whether its pack is current.
 */
export function createPackSizes({ db, staticDir, corpus }: { db: Db; staticDir: string; corpus: CorpusCache }) {
  // A people's pack changes only with its corpus: measured once, then reused by every reader for as long as the
  // public reads are (a few seconds' staleness, none on this instance after an admin's change).
  const measured = new Map<number, Measured>()

  async function measure(group: EthnicGroup): Promise<PackSize> {
    const kept = measured.get(group.id)
    if (kept && kept.until > Date.now() && kept.generation === corpus.generation()) return packSize(kept, group)
    const generation = corpus.generation()
    let bytes = 0
    let proverbs = 0
    const tags: string[] = []
    for (let page = 1, pages = 1; page <= pages; page++) {
      const { items, total } = await listProverbs(db, { ethnicId: group.id }, page, PAGE_SIZE_MAX)
      pages = Math.ceil(total / PAGE_SIZE_MAX)
      proverbs = total
      bytes += Buffer.byteLength(JSON.stringify(paginated(items, total, { page, size: PAGE_SIZE_MAX })))
      tags.push(packPageTag(items))
    }
    bytes += group.image ? await fileSize(staticDir, group.image) : 0
    const size = { groupId: group.id, proverbs, bytes, version: packVersion(tags), group }
    if (corpus.ttlMs > 0) measured.set(group.id, { ...size, until: Date.now() + corpus.ttlMs, generation })
    return size
  }

  /** The pack of each people the user may read, in the order of their choice. */
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

const packSize = ({ groupId, proverbs, bytes, version }: Measured, group: EthnicGroup): PackSize => ({
  groupId,
  proverbs,
  bytes,
  version,
  group,
})

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
