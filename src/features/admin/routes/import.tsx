import { useState } from 'react'
import type { ImportReport } from '@/core/admin/contract'
import { ADMIN_TEXTS } from '@/core/admin/texts'
import { formatThousands } from '@/core/shared/format'
import { FileField, UploadProgress, useChosenFile } from '@/components/file-field'
import { MutationOutcome } from '@/components/query-state'
import { importProverbs } from '../api'
import { AdminSection } from '../components/list-section'
import { DataTable } from '../components/paged'
import { useAdminMutation } from '../mutations'

/** Checked here to save a wasted upload; the server reads the file row by row and says what it refused. */
const importFileProblem = (file: File) => (/\.(csv|json)$/i.test(file.name) ? null : ADMIN_TEXTS.fileType)

/** /admin/import: many proverbs at once from a CSV or JSON file, then what became of each row. */
export default function ImportSection() {
  const { file, problem, setProblem, choose } = useChosenFile(importFileProblem)
  const [progress, setProgress] = useState(0)
  const upload = useAdminMutation(['proverbs', 'categories'], (chosen: File) => importProverbs(chosen, setProgress))

  return (
    <AdminSection title="Import proverbs">
      <form
        className="form admin-form"
        aria-label="Import proverbs"
        onSubmit={(event) => {
          event.preventDefault()
          if (!file) return setProblem(ADMIN_TEXTS.fileRequired)
          setProgress(0)
          upload.mutate(file)
        }}
      >
        <FileField
          label="File to import"
          hint={`${ADMIN_TEXTS.importColumns} Proverbs already in the corpus are counted as duplicates and skipped.`}
          accept=".csv,.json,text/csv,application/json"
          problem={problem}
          onChoose={(chosen) => {
            upload.reset()
            choose(chosen)
          }}
        />
        {upload.isPending && <UploadProgress progress={progress} />}
        <div className="form__actions">
          <button type="submit" className="button button--primary" disabled={upload.isPending}>
            {upload.isPending ? 'Importing…' : 'Import'}
          </button>
        </div>
      </form>
      <MutationOutcome mutation={upload} success={upload.data && <ImportSummary report={upload.data} />} />
      {upload.data && <ImportRejections report={upload.data} />}
    </AdminSection>
  )
}

function ImportSummary({ report }: { report: ImportReport }) {
  return (
    <>
      Imported {formatThousands(report.imported)} of {formatThousands(report.received)} rows; {formatThousands(report.duplicates)}{' '}
      {report.duplicates === 1 ? 'duplicate' : 'duplicates'} skipped, {formatThousands(report.rejected.length)} refused.
    </>
  )
}

function ImportRejections({ report }: { report: ImportReport }) {
  return (
    <div className="admin-report">
      <dl className="admin-facts">
        <dt>Received</dt>
        <dd>{formatThousands(report.received)}</dd>
        <dt>Imported</dt>
        <dd>{formatThousands(report.imported)}</dd>
        <dt>Duplicates</dt>
        <dd>{formatThousands(report.duplicates)}</dd>
        <dt>Refused</dt>
        <dd>{formatThousands(report.rejected.length)}</dd>
      </dl>
      {report.rejected.length > 0 && (
        <DataTable
          caption="Rows refused, and why (row 1 is the first after the header)"
          rows={report.rejected}
          rowKey={(rejection) => rejection.row}
          columns={[
            { header: 'Row', cell: (rejection) => rejection.row },
            { header: 'Reason', cell: (rejection) => rejection.reason },
          ]}
        />
      )}
    </div>
  )
}
