import { expect, test } from 'vitest'
import { clip, headTags, privateHead, searchHead, searchResultsHead, withHead, type PageHead } from './head'

const head: PageHead = {
  title: 'Ìwà l’ẹ̀sìn — Òwe',
  description: 'He said "go" & <went>',
  canonical: 'https://owe.example/search_result?proverb=iwa&x=1',
  type: 'article',
  image: { url: 'https://owe.example/img/wide/yoruba-scroll.jpeg', width: 1440, height: 420, alt: 'A scroll', type: 'image/jpeg' },
  jsonLd: [{ '@type': 'Quotation', text: '</script><script>alert(1)</script> <!-- & -->' }],
}

test('a description is cut at a word, with an ellipsis, and never longer than asked', () => {
  expect(clip('short enough')).toBe('short enough')
  expect(clip('one two three four five six', 15)).toBe('one two three…')
  expect(clip('a\n  line   broken', 40)).toBe('a line broken')
  const long = clip('word '.repeat(100), 200)
  expect(long.length).toBeLessThanOrEqual(200)
  expect(long.endsWith('word…')).toBe(true)
})

test('attributes are escaped and JSON-LD cannot close its script element or open a comment', () => {
  const tags = headTags(head)
  expect(tags).toContain('<meta property="og:description" content="He said &quot;go&quot; &amp; &lt;went&gt;" />')
  expect(tags).toContain('<link rel="canonical" href="https://owe.example/search_result?proverb=iwa&amp;x=1" />')
  expect(tags.match(/<script/g)).toHaveLength(1)
  expect(tags.match(/<\/script>/g)).toHaveLength(1)
  expect(tags).not.toContain('<!--')
  const json = tags.match(/<script type="application\/ld\+json">(.*)<\/script>/)![1]
  expect(JSON.parse(json)).toEqual(head.jsonLd[0])
  expect(tags).toContain('<meta name="twitter:card" content="summary_large_image" />')
})

test('the built head keeps one title and one description, this page’s, and the rest of the page as built', () => {
  const built =
    '<!doctype html>\n<html lang="en">\n  <head>\n    <meta charset="UTF-8" />\n    <title>Òwe — African proverbs</title>\n    <meta\n      name="description"\n      content="The app."\n    />\n    <style>a{}</style>\n  </head>\n  <body><div id="root"></div></body>\n</html>'
  const page = withHead(built, head)
  expect(page.match(/<title>/g)).toHaveLength(1)
  expect(page).toContain('<title>Ìwà l’ẹ̀sìn — Òwe</title>')
  expect(page.match(/name="description"/g)).toHaveLength(1)
  expect(page).not.toContain('The app.')
  expect(page).toContain('<style>a{}</style>')
  expect(page.endsWith('<body><div id="root"></div></body>\n</html>')).toBe(true)
  expect(page.indexOf('og:title')).toBeLessThan(page.indexOf('</head>'))
})

test('a search that found nothing and a reader’s own page are not for search engines, and name no canonical address', () => {
  for (const made of [searchHead('https://owe.example', false), privateHead('https://owe.example')]) {
    expect(made.robots).toBe('noindex')
    expect(made.canonical).toBeUndefined()
    expect(headTags(made)).not.toContain('og:url')
  }
  expect(searchHead('https://owe.example', true).canonical).toBe('https://owe.example/search_result')
})

test('a search that found proverbs is listed under its first page’s address and says what it found', () => {
  const made = searchResultsHead('https://owe.example', 'omi & iná', 12)
  expect(made.robots).toBeUndefined()
  expect(made.canonical).toBe('https://owe.example/search_result?q=omi%20%26%20in%C3%A1')
  expect(made.description).toBe('12 proverbs for “omi & iná”, from eight African peoples.')
  expect(headTags(made)).not.toContain('noindex')
  expect(searchResultsHead('https://owe.example', 'water', 1).description).toBe('1 proverb for “water”, from eight African peoples.')
})
