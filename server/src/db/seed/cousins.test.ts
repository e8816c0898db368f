import { expect, test } from 'vitest'
import { corpusRows } from './corpus'
import { memberSlug, readCousins } from './cousins'

const clusters = readCousins()
const bySlug = new Map(corpusRows().map((row) => [row.slug, row]))

test('at least eighty clusters, each of two or more peoples, with a key and a one-line note of our own', () => {
  expect(clusters.length).toBeGreaterThanOrEqual(80)
  expect(new Set(clusters.map((c) => c.key)).size).toBe(clusters.length)
  for (const cluster of clusters) {
    expect(cluster.key, cluster.key).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/)
    expect(cluster.note.length, cluster.key).toBeGreaterThan(10)
    expect(cluster.note.length, cluster.key).toBeLessThanOrEqual(140)
    expect(cluster.note, cluster.key).not.toMatch(/\n/)
    expect(new Set(cluster.members.map((m) => m.language)).size, cluster.key).toBeGreaterThanOrEqual(2)
  }
})

test('every member is a proverb of the corpus, named exactly, and in one cluster only', () => {
  const seen = new Map<string, string>()
  for (const cluster of clusters) {
    for (const member of cluster.members) {
      const slug = memberSlug(member)
      expect(bySlug.get(slug)?.proverb, `${cluster.key}: ${member.language} “${member.proverb}”`).toBe(member.proverb)
      expect(seen.get(slug), `${member.proverb} is in ${seen.get(slug)} and ${cluster.key}`).toBeUndefined()
      seen.set(slug, cluster.key)
    }
  }
})
