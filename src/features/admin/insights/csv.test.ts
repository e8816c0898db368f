import { expect, test } from 'vitest'
import { csvFileName, toCsv } from './csv'

test('a table becomes a header row and one quoted line per row, ended by CRLF', () => {
  expect(
    toCsv(
      ['Search', 'Times searched'],
      [
        ['ọmọ', 12],
        ['àgbà', 3],
      ],
    ),
  ).toBe('"Search","Times searched"\r\n"ọmọ","12"\r\n"àgbà","3"\r\n')
})

test('quotes are doubled, and commas and line breaks stay inside their field', () => {
  expect(toCsv(['Proverb'], [['He said "wait", then left'], ['two\nlines']])).toBe(
    '"Proverb"\r\n"He said ""wait"", then left"\r\n"two\nlines"\r\n',
  )
})

test('letters keep their tone marks, under-dots and script exactly as given', () => {
  expect(toCsv(['Text'], [['Ọ̀rọ̀ àgbà'], ['ውሃ ሲወስድ'], ['Ɔkɔtɔ ɗan']])).toBe('"Text"\r\n"Ọ̀rọ̀ àgbà"\r\n"ውሃ ሲወስድ"\r\n"Ɔkɔtɔ ɗan"\r\n')
  // Not even recomposed: the file holds the code points it was given.
  const decomposed = 'Ọ̀rọ̀'.normalize('NFD')
  expect(toCsv(['Text'], [[decomposed]])).toBe(`"Text"\r\n"${decomposed}"\r\n`)
})

test('text a spreadsheet would run as a formula is written to be shown, numbers are not touched', () => {
  expect(
    toCsv(
      ['q', 'n'],
      [
        ['=HYPERLINK("http://x")', -3],
        ['+1', 0],
        ['-ọmọ', 1.5],
        ['@sum', null],
        ['\tx', 2],
      ],
    ),
  ).toBe('"q","n"\r\n"\'=HYPERLINK(""http://x"")","-3"\r\n"\'+1","0"\r\n"\'-ọmọ","1.5"\r\n"\'@sum",""\r\n"\'\tx","2"\r\n')
})

test('a table with no rows is its header row', () => {
  expect(toCsv(['Day', 'Visitors'], [])).toBe('"Day","Visitors"\r\n')
})

test('the file is named for its table and range', () => {
  expect(csvFileName('top-searches', { from: '2026-11-01', to: '2026-11-30' })).toBe('owe-top-searches-2026-11-01-to-2026-11-30.csv')
})
