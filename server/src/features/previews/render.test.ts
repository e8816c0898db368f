import Fastify, { type FastifyInstance } from 'fastify'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { expect, test } from 'vitest'
import { createPageRenderer, withBody } from './render'

const SHELL = `<!doctype html><html><head></head><body>
    <div id="root">
      <header class="site-header"><div class="account-menu"></div></header>
      <main id="main"><section class="hero"><h1>Proverbs</h1></section></main>
    </div>
    <noscript>Òwe needs JavaScript to show its proverbs.</noscript>
    <script type="module" src="/assets/index.js"></script>
  </body></html>`

test("the page's markup takes the place of the static first paint, with its data beside it", () => {
  const page = withBody(SHELL, { html: '<main id="main"><h1>Pricing</h1></main>', data: '{"date":"2026-11-26"}' })
  expect(page).toContain('<div id="root"><main id="main"><h1>Pricing</h1></main></div>')
  expect(page).toContain('<script type="application/json" id="owe-page-data">{"date":"2026-11-26"}</script>')
  expect(page).not.toContain('class="hero"')
  // What follows the root is kept as it was.
  expect(page).toContain('<noscript>Òwe needs JavaScript to show its proverbs.</noscript>')
  expect(page).toContain('<script type="module" src="/assets/index.js"></script>')
})

test("a reader's own page gets the frame only: no data, so the app draws it afresh instead of hydrating", () => {
  const page = withBody(SHELL, {
    html: '<header class="site-header"></header><main id="main"><div class="loading"></div></main>',
    data: null,
  })
  expect(page).toContain('<div id="root"><header class="site-header"></header><main id="main"><div class="loading"></div></main></div>')
  expect(page).not.toContain('owe-page-data')
})

test("the page's own styles and code are named in the head", () => {
  const page = withBody(SHELL, { html: '<main></main>', data: '{}' }, '<link rel="stylesheet" crossorigin href="/assets/search-d.css">')
  expect(page).toContain('<head>  <link rel="stylesheet" crossorigin href="/assets/search-d.css">\n  </head>')
})

test('markup with `$` patterns is put in as it is', () => {
  const page = withBody(SHELL, { html: "<p>$& $' $1</p>", data: '{}' })
  expect(page).toContain('<div id="root"><p>$& $\' $1</p></div>')
})

/** A page renderer over a build folder holding `renderer` as its built entry (none when null), on a bare server. */
async function withRenderer(
  renderer: string | null,
  run: (render: ReturnType<typeof createPageRenderer>) => Promise<void>,
  routes: (app: FastifyInstance) => void = () => {},
) {
  const app = Fastify({ logger: false })
  routes(app)
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'owe-render-'))
  try {
    if (renderer !== null) {
      fs.mkdirSync(path.join(dir, 'dist-ssr'))
      fs.writeFileSync(path.join(dir, 'dist-ssr', 'entry-server.js'), renderer)
    }
    await run(createPageRenderer(app, path.join(dir, 'dist'), app.log))
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
    await app.close()
  }
}

test('without a built renderer the shell goes as it is', () =>
  withRenderer(null, async (render) => {
    expect(await render('/pricing', SHELL)).toBe(SHELL)
  }))

test('a renderer that fails leaves the shell, and the page still opens', () =>
  withRenderer('export async function renderPage() { throw new Error("broken") }\n', async (render) => {
    expect(await render('/pricing', SHELL)).toBe(SHELL)
  }))

test("the renderer's API calls are answered by the server's own routes", () =>
  withRenderer(
    `export async function renderPage(address, api) {
      const answer = await api('/api/faq', {})
      const body = await answer.json()
      return { html: '<p>' + address + ' ' + answer.status + ' ' + body.data[0].question + '</p>', data: '{}' }
    }\n`,
    async (render) => {
      expect(await render('/pricing', SHELL)).toContain('<div id="root"><p>/pricing 200 Is it free?</p></div>')
    },
    (app) => app.get('/api/faq', async () => ({ data: [{ id: 1, question: 'Is it free?' }] })),
  ))
