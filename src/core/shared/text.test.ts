import { expect, test } from 'vitest'
import { cleanText, removeMarkup, stripHtml } from './text'

test('complete tags go and their text stays', () => {
  expect(cleanText('<p>Ìwà <b>lẹ̀sìn</b></p><br/>')).toBe('Ìwà lẹ̀sìn')
  expect(cleanText('Ada <script>alert(1)</script>')).toBe('Ada alert(1)')
  expect(cleanText('<!-- note -->Kofi<?xml?>')).toBe('Kofi')
})

test('an unclosed tag goes to the end of the text, as a browser would swallow it', () => {
  expect(cleanText('Ada <img src=x onerror=alert(1)')).toBe('Ada')
  expect(cleanText('<img src=x onerror=alert(1)//')).toBe('')
  expect(cleanText('Ada <svg/onload=alert(1)\nand more', { lines: true })).toBe('Ada')
})

test('tags hidden inside tags are removed until none is left', () => {
  expect(removeMarkup('<<b>img src=x onerror=alert(1)>Ada')).toBe('Ada')
  // Read as a browser reads it: "<scr<b>" is one tag; what is left holds no markup.
  expect(removeMarkup('<scr<b>ipt>alert(1)</scr</b>ipt>')).toBe('ipt>alert(1)ipt>')
})

test('a < that cannot open a tag is text', () => {
  expect(cleanText('a < b and 3 > 2')).toBe('a < b and 3 > 2')
  expect(cleanText('I <3 Òwe')).toBe('I <3 Òwe')
  expect(cleanText('&lt;img src=x&gt;')).toBe('&lt;img src=x&gt;')
})

test('text is NFC: decomposed tone marks become the composed letters', () => {
  const decomposed = 'Ọ̀rọ̀'.normalize('NFD')
  expect(cleanText(decomposed)).toBe('Ọ̀rọ̀'.normalize('NFC'))
  expect(cleanText('ሰላም')).toBe('ሰላም')
})

test('bidirectional overrides and isolates are removed; joiners that scripts need are kept', () => {
  expect(cleanText('Ada\u202Egnp.exe')).toBe('Adagnp.exe')
  expect(cleanText('\u2067Kofi\u2069')).toBe('Kofi')
  expect(cleanText('👩\u200D👧')).toBe('👩\u200D👧')
})

test('one line: every run of white space is one space; with lines: CRLF is LF, trailing spaces and long gaps go', () => {
  expect(cleanText('  Ada \r\n  Obi\t ')).toBe('Ada Obi')
  expect(cleanText('First line  \r\nSecond\r\r\n\n\n\nThird ', { lines: true })).toBe('First line\nSecond\n\nThird')
})

test('a text built to need a pass per character is cleaned in a few passes and keeps no markup', () => {
  const crafted = `${'<'.repeat(20_000)}${'b>'.repeat(20_000)}`
  const cleaned = removeMarkup(crafted)
  expect(cleaned).not.toMatch(/<[a-zA-Z/!?]/)
  // Five passes took one tag each from the middle; then the run of openers went.
  expect(cleaned).toBe('b>'.repeat(19_995))
})

test('stripHtml removes tags and keeps their text', () => {
  expect(stripHtml('<p>Ìwà <b>lẹ̀sìn</b></p><br/>')).toBe('Ìwà lẹ̀sìn')
  expect(stripHtml('no tags')).toBe('no tags')
})
