/** What Chromium's Network Information API says of a connection (navigator.connection, in pages and workers). */
export type ConnectionInfo = { saveData?: boolean; type?: string }

/**
 * A connection whose data costs the reader, as far as the browser says: Save-Data (Data Saver) on, or mobile data.
 * Browsers that say nothing (no navigator.connection, no type) count as unmetered. On one, Òwe asks before it
 * downloads a people's pack (docs/decisions/021-keep-by-default.md).
 */
export function isMetered(connection: ConnectionInfo | undefined): boolean {
  return connection?.saveData === true || connection?.type === 'cellular'
}
