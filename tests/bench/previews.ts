import autocannon from 'autocannon'
import path from 'node:path'
import { startServer } from '../support/server-process'
import { copyBuild } from './build-copy'
import { MANY_READERS, median, p95 } from './measure'

/**
 * Link previews (docs/decisions/015-link-previews.md): each public page's HTML with its head, as a browser
 * asks for it (brotli), against the built file it starts from; the proverb page's throughput against
 * `/index.html` served as a static file by the same server; a proverb's card drawn the first time and
 * served again, and its bytes.
 */
export async function previewsBench({ staticDir, results }: { staticDir: string; results: Record<string, unknown> }) {
  const dir = path.join(staticDir, '..', 'bench-previews-static')
  copyBuild(staticDir, dir)
  const server = await startServer({ port: 4303, env: { OWE_STATIC_DIR: dir, LOG_LEVEL: 'error', ...MANY_READERS } })
  try {
    const list = (await (await fetch(`${server.url}/api/proverbs/public?ethnic=yoruba&size=1`)).json()) as { data: { slug: string }[] }
    const slug = list.data[0].slug
    const pages: Record<string, string> = {
      '/': '/',
      'proverb page': `/search_result?proverb=${encodeURIComponent(slug)}`,
      'people page': '/search_result?ethnic=yoruba',
      '/search_result': '/search_result',
      'a search': '/search_result?q=water',
      '/pricing': '/pricing',
      '/about': '/about',
      '/terms': '/terms',
      '/privacy_policy': '/privacy_policy',
      '/add_proverb': '/add_proverb',
      '/contact': '/contact',
      '/auth/login': '/auth/login',
      '/auth/signup': '/auth/signup',
      '/index.html (static file)': '/index.html',
    }
    console.log(
      '\n25. Pages rendered on the server with their head (brotli, 40 sequential GETs after 5 warm-ups, on 127.0.0.1; page cache on)',
    )
    const timings: Record<string, unknown> = {}
    for (const [name, url] of Object.entries(pages)) {
      const times: number[] = []
      let bytes = 0
      for (let i = 0; i < 45; i++) {
        const start = performance.now()
        const res = await fetch(`${server.url}${url}`, { headers: { 'accept-encoding': 'br' } })
        const body = await res.arrayBuffer()
        if (!res.ok) throw new Error(`${url} answered ${res.status}`)
        if (i >= 5) times.push(performance.now() - start)
        bytes = body.byteLength
      }
      timings[name] = { medianMs: Number(median(times).toFixed(2)), p95Ms: Number(p95(times).toFixed(2)) }
      console.log(
        `   ${name.padEnd(28)} median ${median(times).toFixed(1).padStart(5)} ms  p95 ${p95(times).toFixed(1).padStart(5)} ms  ${(bytes / 1024).toFixed(1)} KB of HTML`,
      )
    }

    // The same pages with the page cache off: every request renders the page on the server, data and all
    // (docs/decisions/017-server-rendered-pages.md).
    const uncached = await startServer({
      port: 4304,
      env: { OWE_STATIC_DIR: dir, LOG_LEVEL: 'error', OWE_CORPUS_CACHE_MS: '0', ...MANY_READERS },
    })
    const renders: Record<string, unknown> = {}
    try {
      console.log('   server render with no page cache (each GET renders; 20 after 5 warm-ups):')
      for (const [name, url] of Object.entries(pages)) {
        if (url === '/index.html') continue
        const times: number[] = []
        for (let i = 0; i < 25; i++) {
          const start = performance.now()
          const res = await fetch(`${uncached.url}${url}`, { headers: { 'accept-encoding': 'br' } })
          const html = await res.text()
          if (!res.ok || !html.includes('id="owe-page-data"')) throw new Error(`${url} was not rendered on the server`)
          if (i >= 5) times.push(performance.now() - start)
        }
        renders[name] = { medianMs: Number(median(times).toFixed(2)), p95Ms: Number(p95(times).toFixed(2)) }
        console.log(`   ${name.padEnd(28)} median ${median(times).toFixed(1).padStart(5)} ms  p95 ${p95(times).toFixed(1).padStart(5)} ms`)
      }
    } finally {
      await uncached.stop()
    }

    const rps = async (url: string) => {
      const run = await autocannon({ url, connections: 50, duration: 8, headers: { 'accept-encoding': 'br' } })
      return { rps: Math.round(run.requests.average), p99: run.latency.p99, non2xx: run.non2xx }
    }
    await rps(`${server.url}/index.html`) // warm-up
    const staticFile = await rps(`${server.url}/index.html`)
    const proverbPage = await rps(`${server.url}${pages['proverb page']}`)
    console.log(`   throughput (autocannon, 50 connections, 8 s): /index.html ${staticFile.rps} req/s (p99 ${staticFile.p99} ms);`)
    console.log(
      `   the proverb page with its head ${proverbPage.rps} req/s (p99 ${proverbPage.p99} ms) — ${Math.round((100 * proverbPage.rps) / staticFile.rps)} % of the static file${proverbPage.non2xx ? `, ${proverbPage.non2xx} non-2xx!` : ''}`,
    )

    const head = await (await fetch(`${server.url}${pages['proverb page']}`)).text()
    const card = head.match(/<meta property="og:image" content="([^"]+)"/)![1]
    const cardPath = new URL(card).pathname
    const drawStart = performance.now()
    const first = await fetch(`${server.url}${cardPath}`)
    const png = Buffer.from(await first.arrayBuffer())
    const drawMs = performance.now() - drawStart
    const served: number[] = []
    for (let i = 0; i < 30; i++) {
      const start = performance.now()
      await (await fetch(`${server.url}${cardPath}`)).arrayBuffer()
      served.push(performance.now() - start)
    }
    console.log(
      `   preview card: drawn in ${drawMs.toFixed(0)} ms the first time, then served in ${median(served).toFixed(1)} ms (median, p95 ${p95(served).toFixed(1)} ms); ${(png.length / 1024).toFixed(0)} KB PNG`,
    )
    results.previews = {
      pages: timings,
      renders,
      throughput: { staticFile, proverbPage, ratio: Number((proverbPage.rps / staticFile.rps).toFixed(2)) },
      card: { firstMs: Math.round(drawMs), servedMedianMs: Number(median(served).toFixed(2)), bytes: png.length },
    }
  } finally {
    await server.stop()
  }
}
