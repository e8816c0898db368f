import path from 'node:path'

export type BackupErrorCode =
  'relative_path' | 'bad_target' | 'inside_data_dir' | 'no_database' | 'unreachable' | 'not_a_backup' | 'in_use' | 'not_empty' | 'failed'

/** An expected failure, with the sentence to show. */
export class BackupError extends Error {
  code: BackupErrorCode
  constructor(code: BackupErrorCode, message: string) {
    super(message)
    this.code = code
  }
}

export const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error))
export const errnoOf = (error: unknown) => (error as NodeJS.ErrnoException).code

export const relativePath = (file: string) =>
  new BackupError(
    'relative_path',
    `Give the backup file as an absolute path, e.g. ${path.resolve(file)} (npm runs this from the project folder, not from where you are).`,
  )
