import { expect, test } from 'vitest'
import { describeAuditDetail } from './audit-detail'

const lines = (action: string, detail: unknown) => describeAuditDetail(action, JSON.stringify(detail))

test('a status change reads as before → after, beside the other fields in words', () => {
  expect(
    lines('suggestion.approve', { status: { from: 'pending', to: 'approved' }, proverbId: 12, slug: 'yoruba-agba-ki-i-wa-1a2b3c' }),
  ).toEqual(['Status: pending → approved', 'Published as: proverb #12', 'Address: yoruba-agba-ki-i-wa-1a2b3c'])
  expect(lines('suggestion.reject', { status: { from: 'pending', to: 'rejected' }, reason: 'Already published.' })).toEqual([
    'Status: pending → rejected',
    'Reason: Already published.',
  ])
})

test('a rename reads as the name it had and the name it has', () => {
  expect(lines('category.rename', { from: 'Bronze', to: 'Bronze plan', builtIn: true })).toEqual([
    'Name: Bronze → Bronze plan',
    'Comes with Òwe: yes',
  ])
})

test('before and after records show only the fields that changed, one line each', () => {
  expect(
    lines('package.update', {
      before: { name: 'Bronze', amount: 500, noOfEthnics: 1 },
      after: { name: 'Bronze plan', amount: 500, noOfEthnics: 2 },
    }),
  ).toEqual(['Name: Bronze → Bronze plan', 'Peoples: 1 → 2'])
  expect(
    lines('proverb.update', {
      before: { slug: 'igbo-old-1', proverb: 'Old words', source: 'seed' },
      slug: 'igbo-new-2',
      proverb: 'New words',
      source: 'admin',
    }),
  ).toEqual(['Address: igbo-old-1 → igbo-new-2', 'Proverb: Old words → New words', 'Source: seed → admin'])
  // Entries that kept only part of the after: what it was is still said.
  expect(lines('proverb.update', { before: { slug: 'a-1', proverb: 'Old words' }, slug: 'a-2' })).toEqual([
    'Address: a-1 → a-2',
    'Proverb was: Old words',
  ])
})

test('an old text kept under "before" pairs with the new one', () => {
  expect(lines('faq.update', { before: 'What is Owe?', question: 'What is Òwe?', builtIn: false })).toEqual([
    'Question: What is Owe? → What is Òwe?',
    'Comes with Òwe: no',
  ])
})

test('plain fields read with labels, yes/no, sizes and lists', () => {
  expect(lines('advert.update', { active: false, takenOver: true })).toEqual(['Shown: no', 'Now the admins’ own: yes'])
  expect(lines('advert.delete', { name: 'Pricing', type: 'image/webp', bytes: 20_480 })).toEqual([
    'Name: Pricing',
    'Type: image/webp',
    'Size: 20 KB',
  ])
  expect(lines('advert.reorder', { ids: [3, 1, 2] })).toEqual(['New order: 3, 1, 2'])
  expect(lines('broadcast.send', { title: 'Hi', url: null, reached: 1200 })).toEqual(['Title: Hi', 'Link: none', 'Readers reached: 1,200'])
  expect(lines('x.y', { unitAmount: 5, some_flag: true })).toEqual(['Unit amount: 5', 'Some flag: yes'])
})

test('unknown shapes still read as words, never as JSON', () => {
  expect(describeAuditDetail('category.update', 'Wisdom → Sayings of the wise')).toEqual(['Wisdom → Sayings of the wise'])
  expect(describeAuditDetail('x.y', '"just words"')).toEqual(['just words'])
  expect(describeAuditDetail('x.y', '[1,2]')).toEqual(['1, 2'])
  expect(lines('x.y', { nested: { deep: { a: 1 } } })).toEqual(['Nested: deep a 1'])
  expect(describeAuditDetail('x.y', null)).toEqual([])
  expect(describeAuditDetail('x.y', '{}')).toEqual([])
  const long = 'w'.repeat(400)
  const [line] = lines('x.y', { note: long })
  expect(line.length).toBeLessThan(200)
  expect(line.endsWith('…')).toBe(true)
})
