import { expect, test } from 'vitest'
import { CsvError, parseCsv } from './csv'

test('plain fields and records, with CRLF, LF or CR line breaks', () => {
  expect(parseCsv('a,b,c\r\n1,2,3\r\n')).toEqual([
    ['a', 'b', 'c'],
    ['1', '2', '3'],
  ])
  expect(parseCsv('a,b\n1,2')).toEqual([
    ['a', 'b'],
    ['1', '2'],
  ])
  expect(parseCsv('a,b\r1,2\r')).toEqual([
    ['a', 'b'],
    ['1', '2'],
  ])
})

test('a quoted field keeps its commas, line breaks and doubled quotes', () => {
  const csv = 'proverb,meaning\r\n"Ìwà lẹ̀sìn, ọ̀rọ̀ lẹ̀sìn","Character is religion;\r\nsaid ""always"""\r\nnext,row\r\n'
  expect(parseCsv(csv)).toEqual([
    ['proverb', 'meaning'],
    ['Ìwà lẹ̀sìn, ọ̀rọ̀ lẹ̀sìn', 'Character is religion;\r\nsaid "always"'],
    ['next', 'row'],
  ])
})

test('empty fields, quoted empty fields and a trailing empty field are kept', () => {
  expect(parseCsv('a,,c\n"",x,\n')).toEqual([
    ['a', '', 'c'],
    ['', 'x', ''],
  ])
})

test('blank lines are skipped; a lone quoted empty field is a record', () => {
  expect(parseCsv('a\n\n\r\nb\n""\n')).toEqual([['a'], ['b'], ['']])
})

test('an empty file has no records', () => {
  expect(parseCsv('')).toEqual([])
  expect(parseCsv('\n\n')).toEqual([])
})

test('a quote left open is an error naming the line where it opened', () => {
  expect(() => parseCsv('a,b\n1,"never\nclosed')).toThrow(new CsvError('A quoted field is never closed', 2))
})

test('a stray quote inside an unquoted field, or text after a closing quote, is an error', () => {
  expect(() => parseCsv('a,b\n1,x"y\n')).toThrow(CsvError)
  expect(() => parseCsv('a,b\n1,"x"y\n')).toThrow(/line 2/)
})

test('line numbers count the line breaks inside quoted fields', () => {
  expect(() => parseCsv('a\n"multi\nline"\n"open')).toThrow(/line 4/)
})
