// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import type { ImportReport } from '@/core/admin/contract'
import { ADMIN_TEXTS } from '@/core/admin/texts'
import { renderAdmin } from '../test-fixtures'
import ImportSection from './import'

vi.mock('@/lib/session', () => import('@/lib/test-session'))

const REPORT: ImportReport = {
  received: 5,
  imported: 2,
  duplicates: 1,
  rejected: [
    { row: 3, reason: 'unknown ethnic group "Yorb" (use a group\'s slug or name)' },
    { row: 5, reason: 'proverb: Required' },
  ],
}

/** The upload goes through XMLHttpRequest (for its progress): a stand-in that reports progress, then the report. */
let uploads: { url: string; headers: Record<string, string>; body: FormData }[]
class FakeXhr {
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null }
  onload: (() => void) | null = null
  onerror: (() => void) | null = null
  status = 0
  responseText = ''
  private url = ''
  private headers: Record<string, string> = {}
  open(_method: string, url: string) {
    this.url = url
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value
  }
  send(body: FormData) {
    uploads.push({ url: this.url, headers: this.headers, body })
    setTimeout(() => {
      this.upload.onprogress?.({ lengthComputable: true, loaded: 5, total: 10 })
      this.status = 200
      this.responseText = JSON.stringify({ data: REPORT })
      this.onload?.()
    }, 10)
  }
}

beforeEach(() => {
  uploads = []
  vi.stubGlobal('XMLHttpRequest', FakeXhr)
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response('{}', { status: 404 })),
  )
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

test('the expected columns are stated, and a file other than CSV or JSON is refused before upload', () => {
  renderAdmin(<ImportSection />, '/admin/import')
  expect(screen.getByText(ADMIN_TEXTS.importColumns, { exact: false })).toBeTruthy()
  fireEvent.change(screen.getByLabelText('File to import'), { target: { files: [new File(['x'], 'proverbs.xlsx')] } })
  expect(screen.getByText(ADMIN_TEXTS.fileType)).toBeTruthy()
  fireEvent.click(screen.getByRole('button', { name: 'Import' }))
  expect(screen.getByText(ADMIN_TEXTS.fileRequired)).toBeTruthy()
  expect(uploads).toHaveLength(0)
})

test('a CSV is uploaded as the file field, and the report lists counts and each refused row with its reason', async () => {
  renderAdmin(<ImportSection />, '/admin/import')
  const file = new File(['ethnic,proverb\n'], 'proverbs.csv', { type: 'text/csv' })
  fireEvent.change(screen.getByLabelText('File to import'), { target: { files: [file] } })
  fireEvent.click(screen.getByRole('button', { name: 'Import' }))
  expect(screen.getByText('Uploading…')).toBeTruthy()

  expect(await screen.findByText('Imported 2 of 5 rows; 1 duplicate skipped, 2 refused.')).toBeTruthy()
  expect(uploads).toHaveLength(1)
  expect(uploads[0].url).toContain('/api/admin/proverbs/import')
  expect(uploads[0].headers.Authorization).toBe('Bearer token-7')
  expect(uploads[0].body.get('file')).toBe(file)

  const table = screen.getByRole('table', { name: /Rows refused/ })
  const rows = within(table).getAllByRole('row').slice(1)
  expect(rows.map((row) => row.textContent)).toEqual([`3${REPORT.rejected[0].reason}`, `5${REPORT.rejected[1].reason}`])
})
