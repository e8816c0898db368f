import { defineConfig } from 'drizzle-kit'

// Generates numbered SQL migrations from the schema; no database connection is needed.
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/src/db/schema.ts',
  out: './server/src/db/migrations',
})
