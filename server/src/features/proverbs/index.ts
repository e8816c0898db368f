import type { FastifyInstance } from 'fastify'
import type { Db } from '../../db/client'
import type { SendPublic } from '../../http/public-cache'
import { createCorpusSearch } from '../../services/corpus-search'
import { exportRoutes } from './export-routes'
import { packSizeRoutes } from './pack-size-routes'
import { createPackSizes } from './pack-size-service'
import { privateProverbRoutes } from './private-routes'
import { proverbRoutes } from './routes'

type Deps = {
  db: Db
  /** The same database for the public reads, each query under the public statement timeout (Database.publicDb). */
  publicDb: Db
  now: () => Date
  sendPublic: SendPublic
  /** Where links in the open-data export point. */
  publicUrl: string
  /** Likes and unlikes a reader may make in a minute (OWE_LIKE_RATE_LIMIT). */
  likesPerMinute: number
  /** Where the app's files are: a pack's size counts its scroll image. */
  staticDir: string
}

/** Proverbs and peoples, public and signed-in, the open-data export and offline pack sizes. */
export function proverbsFeature(app: FastifyInstance, deps: Deps): void {
  const { db, publicDb, now, publicUrl, staticDir, sendPublic } = deps
  const corpusSearch = createCorpusSearch({ db: publicDb, corpus: sendPublic })
  proverbRoutes(app, { db: publicDb, sendPublic, corpusSearch, now })
  exportRoutes(app, { db, now, publicUrl })
  privateProverbRoutes(app, { ...deps, corpusSearch })
  packSizeRoutes(app, { db, now, packSizes: createPackSizes({ db, staticDir, corpus: sendPublic }) })
}
