import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import ogs from 'open-graph-scraper'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { API } from '../../src/core/http/api-paths'
import { ADMIN_API } from '../../src/core/admin/api-paths'
import type { EthnicGroup, Proverb } from '../../src/core/proverbs/contract'
import type { Paginated } from '../../src/core/http/contract'
import { PUBLIC_PAGE_DESCRIPTIONS, PUBLIC_PAGE_TITLES } from '../../src/core/shared/pages'
import { adminOf, call } from '../support/accounts'
import { createTestApp } from '../support/test-app'

// The app as built is not needed: the page's own index.html (its head) and the pictures a preview names.
const staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'owe-previews-'))
fs.copyFileSync('index.html', path.join(staticDir, 'index.html'))
fs.cpSync('public/img', path.join(staticDir, 'img'), { recursive: true })
fs.cpSync('public/icons', path.join(staticDir, 'icons'), { recursive: true })

const BASE = 'https://owe.example'
let ctx: Awaited<ReturnType<typeof createTestApp>>
beforeAll(async () => {
  // Pages are kept in memory like the public reads: an admin's change must clear them.
  ctx = await createTestApp({ OWE_STATIC_DIR: staticDir, OWE_PUBLIC_URL: BASE, OWE_CORPUS_CACHE_MS: '600000' })
})
afterAll(async () => {
  await ctx.close()
  fs.rmSync(staticDir, { recursive: true, force: true })
})

async function page(address: string, headers: Record<string, string> = {}) {
  const res = await ctx.app.inject({ method: 'GET', url: address, headers })
  return { status: res.statusCode, headers: res.headers, html: res.body }
}

/** The page as a link preview reads it: a real Open Graph parser over the served HTML. */
async function preview(address: string) {
  const { status, html } = await page(address)
  expect(status, address).toBe(200)
  const { result } = await ogs({ html })
  return { html, result }
}

const tag = (html: string, pattern: RegExp) => html.match(pattern)?.[1]

async function someProverb(group: string): Promise<Proverb> {
  const res = await call(ctx.app, 'GET', `${API.proverbsPublic}?ethnic=${group}&size=1`)
  return (res.body as Paginated<Proverb>).data[0]
}

test('a proverb’s page previews as itself: its words, rendering and meaning, its canonical address, its own card', async () => {
  const proverb = await someProverb('amharic')
  const address = `/search_result?proverb=${encodeURIComponent(proverb.slug)}`
  const { html, result } = await preview(address)

  expect(result.ogTitle).toBe(`${proverb.proverb} — Òwe`)
  expect(tag(html, /<title>([^<]*)<\/title>/)).toBe(`${proverb.proverb} — Òwe`)
  expect(html.match(/<title>/g)).toHaveLength(1)
  expect(html.match(/name="description"/g)).toHaveLength(1)
  expect(result.ogDescription).toContain(`“${proverb.transliteration}”`)
  expect(result.ogDescription!.length).toBeLessThanOrEqual(200)
  expect(result.ogUrl).toBe(`${BASE}${address}`)
  expect(tag(html, /<link rel="canonical" href="([^"]*)"/)).toBe(`${BASE}${address}`)
  expect(result.ogType).toBe('article')
  expect(result.ogSiteName).toBe('Òwe')
  expect(result.twitterCard).toBe('summary_large_image')
  expect(result.twitterTitle).toBe(result.ogTitle)
  expect(html).not.toContain('name="robots"')

  // The picture it names: a 1200×630 card drawn for this proverb, kept for a year under an address that changes with it.
  const image = result.ogImage![0]
  expect(image.url).toMatch(new RegExp(`^${BASE}/previews/${proverb.slug}\\.[0-9a-f]{12}\\.png$`))
  expect([image.width, image.height, image.type]).toEqual(['1200', '630', 'image/png'])
  const card = await ctx.app.inject({ method: 'GET', url: new URL(image.url).pathname })
  expect(card.statusCode).toBe(200)
  expect(card.headers['content-type']).toBe('image/png')
  expect(card.headers['cache-control']).toBe('public, max-age=31536000, immutable')
  expect(card.rawPayload.subarray(1, 4).toString()).toBe('PNG')
  expect([card.rawPayload.readUInt32BE(16), card.rawPayload.readUInt32BE(20)]).toEqual([1200, 630])
  // A palette image (colour type 3), small enough for a messaging app to show as a preview.
  expect(card.rawPayload[25]).toBe(3)
  expect(card.rawPayload.length).toBeLessThan(300 * 1024)
  // Asked again, the same picture (kept, not drawn anew).
  const again = await ctx.app.inject({ method: 'GET', url: new URL(image.url).pathname })
  expect(Buffer.compare(again.rawPayload, card.rawPayload)).toBe(0)

  // JSON-LD: the proverb as a quotation in its language, with where it is recorded.
  const quotation = (result.jsonLD as Record<string, unknown>[]).find((item) => item['@type'] === 'Quotation')!
  expect(quotation).toMatchObject({ text: proverb.proverb, inLanguage: 'am', name: proverb.transliteration, url: `${BASE}${address}` })
  expect(quotation.citation).toEqual(
    proverb.sources.map((source) => expect.objectContaining({ '@type': 'CreativeWork', name: source.title })),
  )
  const crumbs = (result.jsonLD as Record<string, unknown>[]).find((item) => item['@type'] === 'BreadcrumbList')!
  expect(crumbs.itemListElement).toEqual([
    expect.objectContaining({ position: 1, item: `${BASE}/search_result?ethnic=amharic` }),
    expect.objectContaining({ position: 2, item: `${BASE}${address}` }),
  ])
})

test('a people’s page and a category’s preview with their name, count and picture', async () => {
  const groups = (await call(ctx.app, 'GET', `${API.ethnicGroupsPublic}?q=all`)).body.data as EthnicGroup[]
  const yoruba = groups.find((g) => g.slug === 'yoruba')!
  const { result } = await preview('/search_result?ethnic=yoruba')
  expect(result.ogTitle).toBe('Yoruba proverbs — Òwe')
  expect(result.ogDescription).toMatch(new RegExp(`^${yoruba.proverbCount.toLocaleString('en')} Yoruba proverbs, in Yoruba\\. `))
  expect(result.ogUrl).toBe(`${BASE}/search_result?ethnic=yoruba`)
  expect(result.ogImage![0].url).toBe(`${BASE}/img/wide/yoruba-scroll.jpeg`)
  expect((result.jsonLD as { '@type': string }[]).map((item) => item['@type'])).toEqual(['CollectionPage', 'BreadcrumbList'])

  const category = await preview('/search_result?category=patience')
  expect(category.result.ogTitle).toBe('Patience proverbs — Òwe')
  expect(category.result.ogDescription).toMatch(/^\d+ proverbs? about patience/)
})

test('home and each public page have their own title, description and address; the home page says how to search', async () => {
  const home = await preview('/')
  expect(home.result.ogTitle).toBe('Òwe — African proverbs')
  expect(home.result.ogUrl).toBe(`${BASE}/`)
  const site = (home.result.jsonLD as Record<string, unknown>[])[0]
  expect(site).toMatchObject({
    '@type': 'WebSite',
    potentialAction: { target: { urlTemplate: `${BASE}/search_result?q={search_term_string}` } },
  })

  for (const [address, title] of Object.entries(PUBLIC_PAGE_TITLES)) {
    const { result } = await preview(address)
    expect(result.ogTitle, address).toBe(`${title} — Òwe`)
    expect(result.ogDescription, address).toBe(PUBLIC_PAGE_DESCRIPTIONS[address as keyof typeof PUBLIC_PAGE_TITLES])
    expect(result.ogUrl, address).toBe(`${BASE}${address}`)
    expect(result.ogImage![0].url, address).toBe(`${BASE}/icons/icon-512.png`)
  }
})

test('a search that found nothing, a proverb that is not there and a reader’s own pages are shown but not listed by search engines', async () => {
  for (const address of [
    '/search_result?q=zzqxjv',
    '/search_result?q=',
    '/search_result?proverb=no-such-proverb',
    '/search_result?ethnic=atlantis',
    '/profile',
    '/quiz/3',
  ]) {
    const { status, html } = await page(address)
    expect(status, address).toBe(200)
    expect(html, address).toContain('<meta name="robots" content="noindex" />')
    expect(html, address).not.toContain('rel="canonical"')
  }
  // The whole list is listed.
  expect((await page('/search_result')).html).toContain(`<link rel="canonical" href="${BASE}/search_result" />`)
})

test('a search that found proverbs is listed under its first page’s address, saying how many it found', async () => {
  const total = (await ctx.app.inject({ method: 'GET', url: '/api/proverbs/public?q=water&size=1' })).json<{ totalElements: number }>()
  expect(total.totalElements).toBeGreaterThan(1)
  const { result, html } = await preview('/search_result?q=%20water%20&page=2')
  expect(html).not.toContain('noindex')
  expect(html).toContain(`<link rel="canonical" href="${BASE}/search_result?q=water" />`)
  expect(result.ogDescription).toBe(`${total.totalElements} proverbs for “water”, from eight African peoples.`)
})

test('a proverb’s own words cannot break out of the head, and an admin’s edit shows in the next preview', async () => {
  const admin = await adminOf(ctx.app, ctx.database.db)
  const proverb = await someProverb('yoruba')
  // Seen once before the edit, so a kept copy would be stale.
  expect((await preview(`/search_result?proverb=${encodeURIComponent(proverb.slug)}`)).result.ogDescription).toContain(
    proverb.transliteration.slice(0, 20),
  )
  const rendering = 'A "quoted" rendering, where 1 < 2 & 3 > 2'
  const input = {
    ethnicGroupId: proverb.ethnic.id,
    proverb: proverb.proverb,
    transliteration: rendering,
    interpretation: proverb.interpretation,
    categoryIds: proverb.categories.map((c) => c.id),
    sources: proverb.sources,
  }
  const saved = await call(ctx.app, 'PUT', ADMIN_API.proverb(proverb.id), { payload: input, token: admin.token })
  expect(saved.status).toBe(200)
  expect(saved.body.data.transliteration).toBe(rendering)

  const { html, result } = await preview(`/search_result?proverb=${encodeURIComponent(saved.body.data.slug)}`)
  expect(result.ogDescription).toContain(`“${rendering}”`)
  expect(html).toContain('“A &quot;quoted&quot; rendering, where 1 &lt; 2 &amp; 3 &gt; 2”')
  const quotation = (result.jsonLD as Record<string, unknown>[]).find((item) => item['@type'] === 'Quotation')!
  expect(quotation.name).toBe(rendering)
  // In the JSON-LD the brackets are escaped too, so no text can close the script element.
  expect(html).toContain('where 1 \\u003c 2 \\u0026 3 \\u003e 2')
})

test('the page is compressed as the client accepts, revalidated each time and 304 when unchanged', async () => {
  const address = '/search_result?ethnic=igbo'
  const plain = await page(address)
  expect(plain.headers['cache-control']).toBe('public, no-cache')
  expect(plain.headers['content-type']).toBe('text/html; charset=utf-8')
  const br = await ctx.app.inject({ method: 'GET', url: address, headers: { 'accept-encoding': 'gzip, deflate, br' } })
  expect(br.headers['content-encoding']).toBe('br')
  expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plain.html)
  expect(br.headers.vary).toContain('Accept-Encoding')
  const gz = await ctx.app.inject({ method: 'GET', url: address, headers: { 'accept-encoding': 'gzip' } })
  expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(plain.html)
  const again = await page(address, { 'if-none-match': String(plain.headers.etag) })
  expect(again.status).toBe(304)
  expect(again.html).toBe('')
})

test('a card’s old address leads to the current one; a card of no proverb, or a malformed address, is a 404', async () => {
  const proverb = await someProverb('igbo')
  const { result } = await preview(`/search_result?proverb=${encodeURIComponent(proverb.slug)}`)
  const current = new URL(result.ogImage![0].url).pathname
  const stale = await ctx.app.inject({ method: 'GET', url: `/previews/${proverb.slug}.000000000000.png` })
  expect(stale.statusCode).toBe(302)
  expect(stale.headers.location).toBe(current)
  for (const url of ['/previews/no-such-proverb.0123456789ab.png', '/previews/not-a-card', '/previews/..%2F..%2Fetc.0123456789ab.png']) {
    const res = await ctx.app.inject({ method: 'GET', url })
    expect(res.statusCode, url).toBe(404)
  }
})

test('sitemap.xml lists home, the public pages, every people and every proverb; robots.txt points at it', async () => {
  const res = await ctx.app.inject({ method: 'GET', url: '/sitemap.xml' })
  expect(res.statusCode).toBe(200)
  expect(res.headers['content-type']).toBe('application/xml; charset=utf-8')
  const locs = [...res.body.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1].replace(/&amp;/g, '&'))
  const groups = (await call(ctx.app, 'GET', `${API.ethnicGroupsPublic}?q=all`)).body.data as EthnicGroup[]
  const total = groups.reduce((sum, g) => sum + g.proverbCount, 0)
  expect(locs.filter((loc) => loc.includes('?proverb='))).toHaveLength(total)
  expect(locs.filter((loc) => loc.includes('?ethnic='))).toEqual(groups.map((g) => `${BASE}/search_result?ethnic=${g.slug}`))
  expect(locs).toEqual(
    expect.arrayContaining([`${BASE}/`, `${BASE}/search_result`, `${BASE}/pricing`, `${BASE}/about`, `${BASE}/privacy_policy`]),
  )
  expect(locs.some((loc) => loc.includes('/auth/'))).toBe(false)
  expect(new Set(locs).size).toBe(locs.length)

  const robots = await ctx.app.inject({ method: 'GET', url: '/robots.txt' })
  expect(robots.statusCode).toBe(200)
  expect(robots.body).toContain(`Sitemap: ${BASE}/sitemap.xml`)
  expect(robots.body).toContain('Disallow: /api/')
})
