/** A CSV file that cannot be read as RFC 4180; `line` is where the problem starts (from 1). */
export class CsvError extends Error {
  constructor(
    message: string,
    readonly line: number,
  ) {
    super(`${message} (line ${line})`)
  }
}

/**
 * RFC 4180 CSV: fields separated by commas, records by CRLF (LF or CR alone are accepted too); a field
 * in double quotes may hold commas, line breaks and doubled quotes (""). Blank lines are skipped, and
 * a line break at the end of the file ends the last record rather than starting an empty one.
 */
export function parseCsv(text: string): string[][] {
  const records: string[][] = []
  let record: string[] = []
  let field = ''
  let quoted = false
  let wasQuoted = false
  let line = 1
  let quoteLine = 1

  const endField = () => {
    record.push(field)
    field = ''
    wasQuoted = false
  }
  const endRecord = () => {
    const blank = record.length === 0 && field === '' && !wasQuoted
    endField()
    if (!blank) records.push(record)
    record = []
  }

  for (let i = 0; i < text.length; i++) {
    const ch = text[i]
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          field += '"'
          i++
        } else {
          quoted = false
        }
      } else {
        if (ch === '\n' || (ch === '\r' && text[i + 1] !== '\n')) line++
        field += ch
      }
      continue
    }
    if (ch === ',') endField()
    else if (ch === '\r' || ch === '\n') {
      if (ch === '\r' && text[i + 1] === '\n') i++
      endRecord()
      line++
    } else if (ch === '"') {
      if (field !== '' || wasQuoted)
        throw new CsvError('A quote inside an unquoted field; put the whole field in quotes and double the quote', line)
      quoted = true
      wasQuoted = true
      quoteLine = line
    } else {
      if (wasQuoted) throw new CsvError('Text after a closing quote; a field in quotes must end at a comma or a line break', line)
      field += ch
    }
  }
  if (quoted) throw new CsvError('A quoted field is never closed', quoteLine)
  if (field !== '' || wasQuoted || record.length > 0) endRecord()
  return records
}
