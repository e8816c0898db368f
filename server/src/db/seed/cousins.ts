import { notInArray, sql } from 'drizzle-orm'
import fs from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { Tx } from '../client'
import { cousinClusters, proverbCousins } from '../schema'
import { proverbSlug } from './corpus'

/**
 * Cousin proverbs (`cousins.json`): proverbs of different peoples that say one thing, curated by hand. Each
 * cluster has a stable key, a one-line note on the shared thought, and its members named by language and
 * exact text (as in the corpus files), so a reader of the file sees what is linked.
 */
export type CousinMember = { language: string; proverb: string }
export type CousinCluster = { key: string; note: string; members: CousinMember[] }

const COUSINS_FILE = fileURLToPath(new URL('./cousins.json', import.meta.url))

export function readCousins(file = COUSINS_FILE): CousinCluster[] {
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as CousinCluster[]) : []
}

/** The corpus slug a member names (the same slug the proverb is seeded under). */
export function memberSlug(member: CousinMember): string {
  return proverbSlug(member.language, member.proverb.normalize('NFC').trim())
}

/**
 * Writes the clusters and their links as the file has them. `proverbIds` maps the seeded proverbs' slugs
 * to their rows; a seeded proverb an admin took over is found through its override (the row that took
 * it over), so a corrected proverb keeps its cousins; one deleted, or dropped from the corpus, is left out.
 * Links are rewritten whole: there are a few hundred at most, and no admin edits them.
 */
export async function seedCousins(
  tx: Tx,
  proverbIds: Map<string, number>,
  proverbOverrides: Map<string, number | null>,
  clusters: CousinCluster[] = readCousins(),
): Promise<void> {
  const keys = clusters.map((c) => c.key)
  await tx.delete(proverbCousins)
  if (keys.length === 0) {
    await tx.delete(cousinClusters)
    return
  }
  await tx.delete(cousinClusters).where(notInArray(cousinClusters.key, keys))
  const saved = await tx
    .insert(cousinClusters)
    .values(clusters.map(({ key, note }) => ({ key, note })))
    .onConflictDoUpdate({ target: cousinClusters.key, set: { note: sql`excluded.note` } })
    .returning({ id: cousinClusters.id, key: cousinClusters.key })
  const clusterIds = new Map(saved.map((c) => [c.key, c.id]))
  const seen = new Set<number>()
  const links = clusters.flatMap(({ key, members }) =>
    members.flatMap((member) => {
      const slug = memberSlug(member)
      const proverbId = proverbIds.get(slug) ?? proverbOverrides.get(slug) ?? null
      if (proverbId === null || seen.has(proverbId)) return []
      seen.add(proverbId)
      return [{ clusterId: clusterIds.get(key)!, proverbId }]
    }),
  )
  if (links.length) await tx.insert(proverbCousins).values(links)
}
