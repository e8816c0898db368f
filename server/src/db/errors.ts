/**
 * The constraint a PostgreSQL unique violation (23505) broke, from either driver (node-postgres puts
 * the fields on the error, drizzle over PGlite on its cause), or undefined for any other error.
 */
export function uniqueViolation(error: unknown): { constraint: string } | undefined {
  const e = error as { code?: string; constraint?: string; message?: string; cause?: { code?: string; constraint?: string } }
  if (e?.code !== '23505' && e?.cause?.code !== '23505') return undefined
  return { constraint: e.constraint ?? e.cause?.constraint ?? e.message ?? '' }
}

/** Whether PostgreSQL cancelled the statement (57014): its statement_timeout passed (Database.publicDb). */
export function queryCancelled(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } }
  return e?.code === '57014' || e?.cause?.code === '57014'
}
