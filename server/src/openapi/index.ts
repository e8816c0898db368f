import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import type { FastifyInstance } from 'fastify'
import { isApiPath } from '@core/http/api-paths'
import { COMPONENTS } from './components'
import { ROUTE_DOCS, type OtherContent, type RouteDoc, type Tag } from './routes'
import { ref, type JsonSchema } from './schema-kit'

/** The browsable page; the document itself is at `${DOCS_PATH}/json` (and /openapi.json, /yaml). */
export const DOCS_PATH = '/api/docs'

const TAGS: Record<Tag, string> = {
  Health: 'Liveness and readiness, for load balancers and admins.',
  Proverbs: 'The public corpus: peoples, categories, proverbs, search, history and the open-data export.',
  Accounts: 'Sign-up, activation, sign-in and passwords.',
  Profile: "The signed-in user's own details.",
  Reading: 'What a signed-in reader reads: their peoples, favourites and likes.',
  Quizzes: 'Weekly and self-made quizzes.',
  Leaderboard: 'Points and ranks.',
  Notifications: 'In-app messages, push devices and the daily reminder.',
  'Plans and payments': 'Plans, prices, payments and the package in force.',
  Adverts: 'Adverts for readers who turn them on.',
  Community: 'Suggestions, corrections, contact and unsubscribing.',
  Analytics: 'Page-view analytics that identify no one: the collector of events from the app and its worker.',
  Learning:
    "Streaks in the reader's own days and a deck of proverbs reviewed with FSRS: the reader's append-only log, synced each entry once.",
  Admins: 'The admins’ console (the admin role only: 401 without a session, 403 for everyone else).',
}

const errorAnswer = (description: string) => ({ description, content: { 'application/json': { schema: ref('ErrorEnvelope') } } })

/** The route's schema as @fastify/swagger reads it (never attached to the route itself: see registerOpenApi). */
export function operationSchema(method: string, url: string, doc: RouteDoc): JsonSchema {
  const auth = url.startsWith('/api/admin/') ? 'admin' : doc.auth
  const security = auth === 'user' || auth === 'admin' ? [{ session: [] }] : auth === 'optional' ? [{}, { session: [] }] : undefined
  const other = typeof doc.response.contentType === 'string' ? (doc.response as OtherContent) : undefined
  const success = other
    ? { description: other.description, content: { [other.contentType]: { schema: other.schema } } }
    : { description: 'Success.', content: { 'application/json': { schema: doc.response } } }
  // The test checkout is a page: it says what went wrong in HTML too.
  const refused =
    other?.contentType === 'text/html'
      ? { description: 'Refused: a page says why.', content: { 'text/html': { schema: { type: 'string' } } } }
      : errorAnswer(
          'Refused, with the error envelope: 400 (with a message per field for a form), 401 without a valid session, 403, 404, 409, 413, 415, 429.',
        )
  return {
    summary: doc.summary,
    tags: [doc.tag],
    operationId: `${method.toLowerCase()} ${url}`,
    ...(security ? { security } : {}),
    ...(doc.query ? { querystring: { type: 'object', properties: doc.query } } : {}),
    ...(doc.headers ? { headers: { type: 'object', properties: doc.headers } } : {}),
    ...(doc.body ? { body: doc.body } : {}),
    ...(doc.multipart ? { body: doc.multipart, consumes: ['multipart/form-data'] } : {}),
    response: {
      [doc.status ?? 200]: success,
      '4xx': refused,
      '5xx': errorAnswer('503 while the server starts (with Retry-After), 500 when it fails; the error envelope, never the cause.'),
    },
  }
}

/**
 * The OpenAPI 3.1 description of the API at /api/docs (docs/decisions/014-openapi.md). The schemas live in
 * ./routes.ts and ./components.ts and reach @fastify/swagger only through its `transform`, when the
 * document is built: the routes themselves carry no schema, so Fastify validates and serialises exactly as
 * without this (the yup schemas in parseBody stay the only validation). Register it before the routes.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Òwe API',
        version: '1',
        description:
          'Every answer is JSON: `{ data }` for one thing, `{ data, page, size, totalPages, totalElements }` for a page of a list, ' +
          '`{ error: { code, message, fields? } }` for an error. Sign in with POST /accounts/login and send the token as ' +
          '`Authorization: Bearer <token>`.',
      },
      tags: Object.entries(TAGS).map(([name, description]) => ({ name, description })),
      components: {
        schemas: COMPONENTS as never,
        securitySchemes: { session: { type: 'http', scheme: 'bearer', description: 'The token POST /accounts/login answers.' } },
      },
    },
    transform: ({ url, route }) => {
      const method = [route.method].flat()[0]
      if (!isApiPath(url) || url.startsWith(DOCS_PATH)) return { url, schema: { hide: true } }
      const doc = ROUTE_DOCS[`${method} ${url}`]
      if (!doc) return { url, schema: { summary: 'Not described yet.', response: { '4xx': errorAnswer('The error envelope.') } } }
      return { url, schema: operationSchema(method, url, doc) }
    },
  })
  await app.register(swaggerUi, {
    routePrefix: DOCS_PATH,
    theme: { title: 'Òwe API' },
    uiConfig: { deepLinking: true, docExpansion: 'none' },
  })
  app.get(`${DOCS_PATH}/openapi.json`, async () => app.swagger())
}
