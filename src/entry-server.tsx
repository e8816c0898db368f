import { dehydrate, QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { StrictMode } from 'react'
import { prerender } from 'react-dom/static'
import { Route, Routes, StaticRouter } from 'react-router-dom'
import { Loading } from '@/components/query-state'
import { setApiTransport, type ApiTransport } from '@/lib/api-client'
import { pageDataJson } from '@/lib/server-render'
import { localDate } from '@/core/proverbs/local-date'
import { isServerRendered } from '@/core/shared/pages'
import { loadPageData } from './app/page-data'
import { Layout } from './app/layout'
import { AppRoutes, pageModule } from './app/router'

/** A reader's own page (or an unknown one): the site's frame with the page's placeholder, drawn by the app in the browser. */
function Frame() {
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route path="*" element={<Loading label="Loading the page" />} />
      </Route>
    </Routes>
  )
}

/**
 * The server's render of a page (docs/decisions/017-server-rendered-pages.md). A public page: the same routes
 * and components as the browser, with the page's data loaded first through `api` (the server's own routes),
 * every lazy page waited for, and that data (`data`) for hydration. Any other page: the frame only, with no
 * data, which the app replaces with the same frame and then the page. `module` is the page's source file, whose
 * code and styles the server names in the head (the build's manifest says which files they are).
 */
export async function renderPage(
  address: string,
  api: ApiTransport,
): Promise<{ html: string; data: string | null; module: string | null }> {
  const url = new URL(address, 'http://page.invalid')
  const rendered = isServerRendered(url.pathname)
  // What the page is rendered from, for the browser's worker to keep (the data reaches the page in the HTML).
  const reads: string[] = []
  setApiTransport((path, init) => {
    if ((init.method ?? 'GET') === 'GET') reads.push(path)
    return api(path, init)
  })
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } })
  const date = localDate()
  if (rendered) await loadPageData(client, url, date)
  const errors: unknown[] = []
  const { prelude } = await prerender(
    <StrictMode>
      <QueryClientProvider client={client}>
        <StaticRouter location={`${url.pathname}${url.search}`}>{rendered ? <AppRoutes /> : <Frame />}</StaticRouter>
      </QueryClientProvider>
    </StrictMode>,
    {
      onError: (error) => void errors.push(error),
      // Every part in place in the HTML: React would otherwise move a large part to the end, to be put in
      // place by an inline script, which the page's Content-Security-Policy does not run.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
    },
  )
  // A page that failed to render in part is not sent half made: the server sends the shell instead.
  if (errors.length) throw errors[0]
  const html = await new Response(prelude).text()
  const data = rendered ? pageDataJson({ state: dehydrate(client), date, reads }) : null
  client.clear()
  return { html, data, module: (rendered && pageModule(url.pathname)) || null }
}
