/**
 * The proverb import as the command line (server/src/cli/proverbs-import.ts) and the bench reach it; the
 * section itself is import/ (routes, file reading, the service).
 */
export { importProverbs } from './import/service'
export { readImportFile } from './import/file'
