import { and, eq, notInArray, sql } from 'drizzle-orm'
import fs from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { Tx } from '../client'
import { adverts } from '../schema'
import { overridesOf } from './overrides'

const DIR = fileURLToPath(new URL('./adverts/', import.meta.url))

/** One entry of adverts/adverts.json, written by `npm run adverts` (scripts/make-adverts.mjs). */
export type SeedAdvert = {
  name: string
  file: string
  type: 'image/webp' | 'video/mp4'
  alt: string
  link: string | null
  position: number
}

export function advertManifest(): SeedAdvert[] {
  return JSON.parse(fs.readFileSync(`${DIR}adverts.json`, 'utf8')) as SeedAdvert[]
}

/**
 * Òwe's own adverts, matched by name. Seeded rows mirror the manifest: a changed file replaces the
 * stored bytes, a dropped entry goes; adverts an admin added (any other source) are never touched.
 * Unchanged bytes are not rewritten, so a normal start costs one comparison per advert.
 */
export async function seedAdverts(tx: Tx, manifest: SeedAdvert[] = advertManifest()): Promise<void> {
  // Adverts an admin edited or deleted (seed_overrides) are theirs: not written back, not brought back.
  const overridden = await overridesOf(tx, 'advert')
  const rows = manifest
    .filter((entry) => !overridden.has(entry.name))
    .map((entry) => ({
      name: entry.name,
      mimeType: entry.type,
      content: fs.readFileSync(`${DIR}${entry.file}`),
      alt: entry.alt,
      link: entry.link,
      position: entry.position,
      source: 'seed',
    }))
  if (rows.length > 0) {
    await tx
      .insert(adverts)
      .values(rows)
      .onConflictDoUpdate({
        target: adverts.name,
        set: {
          mimeType: sql`excluded.mime_type`,
          content: sql`excluded.content`,
          alt: sql`excluded.alt`,
          link: sql`excluded.link`,
        },
        // An admin's advert that happens to share a name keeps its own content. The place in the
        // order (like `active`) is the manifest's only on the first start: admins reorder adverts.
        setWhere: sql`${adverts.source} = 'seed' and (${adverts.content}, ${adverts.mimeType}, ${adverts.alt}, ${adverts.link}) is distinct from (excluded.content, excluded.mime_type, excluded.alt, excluded.link)`,
      })
  }
  const names = rows.map((row) => row.name)
  await tx
    .delete(adverts)
    .where(names.length > 0 ? and(eq(adverts.source, 'seed'), notInArray(adverts.name, names)) : eq(adverts.source, 'seed'))
}
