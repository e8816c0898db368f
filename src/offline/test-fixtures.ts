import 'fake-indexeddb/auto'
import { IDBFactory } from 'fake-indexeddb'
import type { Category, EthnicGroup, Proverb, ProverbRef } from '../core/proverbs/contract'
import { toneKey } from '../core/proverbs/search'
import { QUEUE_CHANNEL, type QueueChanged } from './messages'
import { openOfflineDb, type OfflineDb, type PackRecord } from './schema'

// Test-only: a fresh in-memory IndexedDB per test and a few real proverbs from the seed corpus (their
// tone marks matter: offline search folds them as the server does).

export async function freshDb(): Promise<OfflineDb> {
  globalThis.indexedDB = new IDBFactory()
  return openOfflineDb()
}

export const group = (id: number, slug: string, name: string, proverbCount = 0): EthnicGroup => ({
  id,
  name,
  slug,
  language: name,
  image: `/img/${slug}-scroll.jpeg`,
  proverbCount,
})

export const yoruba = group(1, 'yoruba', 'Yoruba', 5)
export const igbo = group(2, 'igbo', 'Igbo', 1)
export const hausa = group(3, 'hausa', 'Hausa', 1)
export const oromo = group(8, 'afan-oromo', 'Oromo', 1)

export const category = (id: number, name: string, proverbCount = 0): Category => ({ id, name, slug: name.toLowerCase(), proverbCount })
const ref = ({ id, name, slug }: Category): ProverbRef => ({ id, name, slug })
export const wisdom = category(1, 'Wisdom')
export const patience = category(2, 'Patience')
export const family = category(3, 'Family')
export const character = category(7, 'Character')

export function makeProverb(
  id: number,
  ethnic: EthnicGroup,
  text: string,
  english: [string, string],
  categories: Category[] = [],
): Proverb {
  return {
    id,
    slug: `${ethnic.slug}-${toneKey(text).split(' ').slice(0, 6).join('-')}`,
    proverb: text,
    transliteration: english[0],
    interpretation: english[1],
    toneKey: toneKey(text),
    ethnic: { id: ethnic.id, name: ethnic.name, slug: ethnic.slug },
    language: ethnic.language,
    image: ethnic.image,
    categories: categories.map(ref),
    likes: 0,
    sources: [],
    cousins: null,
    checkedBy: null,
  }
}

// Ids are chosen so that rank and tone key, not id, decide the search order.
export const omoEni = makeProverb(
  11,
  yoruba,
  'Ọmọ ẹni kì í burú títí, ká fi fẹ́kùn pa jẹ.',
  [
    "One's child is never so bad that one gives it to the leopard to eat.",
    'However badly a family member behaves, one does not abandon them to destruction.',
  ],
  [family],
)
export const iwaLesin = makeProverb(
  12,
  yoruba,
  'Ìwà lẹ̀sìn.',
  ['Character is religion.', 'Good conduct is the truest form of worship; how a person behaves matters more than the rites they perform.'],
  [character],
)
export const suuru = makeProverb(
  13,
  yoruba,
  'Sùúrù ni baba ìwà.',
  ['Patience is the father of character.', 'Patience is the greatest of virtues and the root of good conduct.'],
  [patience, character],
)
export const omodeSubu = makeProverb(
  14,
  yoruba,
  'Bí ọmọdé bá ṣubú, a wo iwájú; bí àgbà bá ṣubú, a wo ẹ̀yìn.',
  [
    'When a child falls, he looks ahead; when an elder falls, he looks behind.',
    'The mature person reflects on what caused a failure, while the inexperienced only looks at where they landed.',
  ],
  [wisdom],
)
export const agbaLoja = makeProverb(
  15,
  yoruba,
  'Àgbà kì í wà lọ́jà, kórí ọmọ tuntun wọ́.',
  [
    'An elder is not present in the market and the head of a newborn is carried askew.',
    'Where an elder is present, things must not go wrong; elders and leaders are expected to step in and set matters right.',
  ],
  [family],
)
export const onye = makeProverb(
  21,
  igbo,
  'Onye wetara ọjị, wetara ndụ.',
  [
    'He who brings kola nut brings life.',
    'Offering kola is a sign of goodwill and peace; whoever comes with hospitality comes with blessing.',
  ],
  [character],
)
export const zomo = makeProverb(31, hausa, 'Zomo ba ya kamuwa daga zaune.', [
  'A hare is not caught from sitting down.',
  'You cannot get what you want by sitting idle; you must go out and work for it.',
])
export const boru = makeProverb(81, oromo, 'Boru hin beekneen qodaan bukoo ishee lama.', [
  'Since tomorrow is not known, the vessel holds two (batches of) dough.',
  'Because no one knows what tomorrow brings, always keep something in reserve.',
])

export const yorubaProverbs = [omoEni, iwaLesin, suuru, omodeSubu, agbaLoja]
export const allProverbs = [...yorubaProverbs, onye, zomo, boru]

/** A ready pack record of a whole group, as a finished download leaves it. */
export const readyPack = (userId: number, group: EthnicGroup, changes: Partial<PackRecord> = {}): PackRecord => ({
  userId,
  groupId: group.id,
  groupSlug: group.slug,
  groupName: group.name,
  language: group.language,
  status: 'ready',
  done: group.proverbCount,
  total: group.proverbCount,
  bytes: 4000,
  updatedAt: Date.UTC(2026, 10, 20, 9),
  error: null,
  ...changes,
})

/** What the queues announce on their channel from now on (`heard`), until `close`. */
export function hearQueues(): { heard: QueueChanged[]; close: () => void } {
  const heard: QueueChanged[] = []
  const channel = new BroadcastChannel(QUEUE_CHANNEL)
  channel.onmessage = (event: MessageEvent<QueueChanged>) => heard.push(event.data)
  return { heard, close: () => channel.close() }
}
