import { expect, test } from 'vitest'
import { ADMIN_API, ADMIN_ROUTES } from '../admin/api-paths'
import { API, ROUTES, isApiPath, routePattern } from './api-paths'
import { FIRST_PAGE_API } from './first-page-paths'

type Table = { readonly [name: string]: unknown }
type Pair = { builder: string; route: string; template: string; build: (...args: unknown[]) => string }

/**
 * Every builder of a path table with the template of the same name in its route table (nested tables
 * included): API with ROUTES, and the admin console's ADMIN_API with ADMIN_ROUTES.
 */
function pairs(paths: Table, templates: Table, names: { paths: string; templates: string }): { pairs: Pair[]; unpaired: string[] } {
  const found: Pair[] = []
  const unpaired: string[] = []
  for (const [name, value] of Object.entries(paths)) {
    const template = templates[name]
    if (typeof value === 'function') {
      if (typeof template === 'string')
        found.push({ builder: `${names.paths}.${name}`, route: `${names.templates}.${name}`, template, build: value as Pair['build'] })
      else unpaired.push(`${names.paths}.${name} has no template`)
    } else if (value && typeof value === 'object') {
      const inner = pairs(value as Table, (template ?? {}) as Table, {
        paths: `${names.paths}.${name}`,
        templates: `${names.templates}.${name}`,
      })
      found.push(...inner.pairs)
      unpaired.push(...inner.unpaired)
    }
  }
  for (const [name, template] of Object.entries(templates)) {
    if (typeof template === 'string' && typeof paths[name] !== 'function') unpaired.push(`${names.templates}.${name} has no builder`)
    if (template && typeof template === 'object' && !(paths[name] && typeof paths[name] === 'object'))
      unpaired.push(`${names.templates}.${name} has no builders`)
  }
  return { pairs: found, unpaired }
}

const app = pairs(API, ROUTES, { paths: 'API', templates: 'ROUTES' })
const admin = pairs(ADMIN_API, ADMIN_ROUTES, { paths: 'ADMIN_API', templates: 'ADMIN_ROUTES' })

test('every path builder has a route template of the same name, and every template a builder', () => {
  expect(app.unpaired).toEqual([])
  expect(app.pairs.length).toBe(Object.keys(ROUTES).length)
  expect(admin.unpaired).toEqual([])
  expect(admin.pairs.length).toBe(Object.keys(ADMIN_ROUTES).length)
})

test.each([...app.pairs, ...admin.pairs])('$builder builds a path that $route matches', ({ template, build }) => {
  const params = template.match(/:\w+/g) ?? []
  expect(params.length, 'a template names each of its parameters').toBe(build.length)
  const args = params.map((_, i) => 101 + i)
  let filled = template
  params.forEach((param, i) => (filled = filled.replace(param, String(args[i]))))
  expect(build(...args)).toBe(filled)
  expect(isApiPath(filled)).toBe(true)
  expect(routePattern(template).exec(filled)?.slice(1)).toEqual(args.map(String))
})

test("the admin console's paths are all under /api/admin/, and the first page's table has none of them", () => {
  const sample = (value: unknown) => (typeof value === 'function' ? (value as (...args: number[]) => string)(1, 2) : String(value))
  expect(
    Object.values(ADMIN_API)
      .map(sample)
      .filter((path) => !path.startsWith('/api/admin/')),
  ).toEqual([])
  expect(Object.values(ADMIN_ROUTES).filter((path) => !path.startsWith('/api/admin/'))).toEqual([])
  expect(
    Object.values(API)
      .map(sample)
      .filter((path) => path.startsWith('/api/admin/')),
  ).toEqual([])
  expect(Object.values(ROUTES).filter((path) => path.startsWith('/api/admin/'))).toEqual([])
})

test('a route pattern matches whole paths only, one segment per parameter', () => {
  const detail = routePattern(ROUTES.proverbPublic)
  expect(detail.exec(API.proverbPublic('yoruba-iwa-lesin'))?.[1]).toBe('yoruba-iwa-lesin')
  expect(detail.test(API.proverbHistory(5))).toBe(false)
  expect(detail.test(`${API.proverbPublic(5)}/`)).toBe(false)
  expect(routePattern(ROUTES.proverbsLogged).exec(API.proverbsLogged('igbo'))?.[1]).toBe('igbo')
  expect(routePattern(ROUTES.proverbsLogged).test('/api/proverbs/proverbs_logged/igbo')).toBe(false)
  expect(routePattern('/api/a.b/:id').test('/api/aXb/1')).toBe(false)
})

test('builders that take text escape it, so it stays one path segment', () => {
  expect(API.proverbPublic('a b/c')).toBe('/api/proverbs/public/a%20b%2Fc')
  expect(API.checkPhone('+234 80')).toBe('/accounts/checkphone/%2B234%2080')
  expect(API.advert('x/y')).toBe('/api/ads/x%2Fy')
})

test("API holds the first page's paths as they are (the contract read in one place; the server registers them from it)", () => {
  for (const [name, path] of Object.entries(FIRST_PAGE_API)) expect(API[name as keyof typeof API], name).toBe(path)
})
