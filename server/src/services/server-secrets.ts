import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { Db } from '../db/client'
import { serverSecrets } from '../db/schema'

/**
 * A secret the configuration names, or else the one the first server made under `name` and kept in
 * server_secrets (in the data folder with PGlite; shared by every instance over one PostgreSQL).
 */
export async function loadServerSecret(db: Db, name: string, configured: string | null): Promise<string> {
  if (configured) return configured
  await db
    .insert(serverSecrets)
    .values({ name, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing()
  const [row] = await db.select({ value: serverSecrets.value }).from(serverSecrets).where(eq(serverSecrets.name, name))
  return row.value
}
