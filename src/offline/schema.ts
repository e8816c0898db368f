import { openDB, type DBSchema, type IDBPDatabase } from 'idb'
import type { Category, EthnicGroup, Proverb } from '../core/contract'

/**
 * The device's copy of the corpus, shared by the page and the service worker: one versioned IndexedDB
 * schema. Public records (groups, categories, proverbs, daily lists) are normalised so that every list
 * and search can be answered from them offline; what belongs to a signed-in user (their private answers
 * and offline packs) is keyed by their id and removed when they sign out.
 *
 * Bump OFFLINE_DB_VERSION with every change here and add a step to `upgrade`; never edit a step that
 * has shipped.
 */
export const OFFLINE_DB_NAME = 'owe-offline'
export const OFFLINE_DB_VERSION = 1

/** The Cache Storage cache holding scroll images (cache-first in the worker; packs fill it too). */
export const SCROLL_IMAGE_CACHE = 'owe-scroll-images'

export { OFFLINE_HEADER } from './messages'

/** A proverb as stored: the contract's shape plus where it came from. */
export type StoredProverb = {
  id: number
  slug: string
  proverb: Proverb
  savedAt: number
  /** Seen while browsing (kept when a pack that also holds it is removed). */
  browsed: boolean
  /** The offline packs holding it: `${userId}:${groupId}`. */
  packs: string[]
}

/** The few fields search and filtering need, kept apart so a search reads small records only. */
export type SearchEntry = {
  id: number
  ethnicId: number
  ethnicSlug: string
  categoryIds: number[]
  categorySlugs: string[]
  toneKey: string
  englishKey: string
}

export type StoredGroup = { id: number; group: EthnicGroup; position: number; savedAt: number }
export type StoredCategory = { id: number; category: Category; position: number; savedAt: number }
/** An ordered pick of proverbs: today's (`today:{date}`) or trending (`trending:{date}:{limit}`). */
export type StoredList = { key: string; kind: 'today' | 'trending'; ids: number[]; savedAt: number }
/** A signed-in answer kept verbatim for its owner. */
export type StoredPrivate = { userId: number; url: string; body: unknown; savedAt: number }

export type PackStatus = 'downloading' | 'ready' | 'failed'
export type PackRecord = {
  userId: number
  groupId: number
  groupSlug: string
  groupName: string
  language: string
  status: PackStatus
  /** Proverbs stored so far, and how many the group has. */
  done: number
  total: number
  /** What the pack takes on this device: its proverbs' JSON and its scroll image. */
  bytes: number
  /** When the last complete download finished; null before the first. */
  updatedAt: number | null
  error: string | null
}

/** Who the device's signed-in data belongs to: the worker stores private answers only for this token. */
export type Owner = { userId: number; tokenDigest: string }

export interface OfflineSchema extends DBSchema {
  groups: { key: number; value: StoredGroup }
  categories: { key: number; value: StoredCategory }
  proverbs: { key: number; value: StoredProverb; indexes: { slug: string; packs: string } }
  search: { key: number; value: SearchEntry }
  lists: { key: string; value: StoredList; indexes: { kind: string } }
  private: { key: [number, string]; value: StoredPrivate; indexes: { userId: number } }
  packs: { key: [number, number]; value: PackRecord; indexes: { userId: number } }
  /** 'owner': the Owner; 'searchVersion': bumped by every change to the search store. */
  meta: { key: string; value: Owner | number }
}

export type OfflineDb = IDBPDatabase<OfflineSchema>

export function openOfflineDb(): Promise<OfflineDb> {
  return openDB<OfflineSchema>(OFFLINE_DB_NAME, OFFLINE_DB_VERSION, {
    upgrade(db, oldVersion) {
      if (oldVersion < 1) {
        db.createObjectStore('groups', { keyPath: 'id' })
        db.createObjectStore('categories', { keyPath: 'id' })
        const proverbs = db.createObjectStore('proverbs', { keyPath: 'id' })
        proverbs.createIndex('slug', 'slug', { unique: true })
        proverbs.createIndex('packs', 'packs', { multiEntry: true })
        db.createObjectStore('search', { keyPath: 'id' })
        db.createObjectStore('lists', { keyPath: 'key' }).createIndex('kind', 'kind')
        db.createObjectStore('private', { keyPath: ['userId', 'url'] }).createIndex('userId', 'userId')
        db.createObjectStore('packs', { keyPath: ['userId', 'groupId'] }).createIndex('userId', 'userId')
        db.createObjectStore('meta')
      }
    },
    // A newer version opened in another tab: let it upgrade; this connection reopens on next use.
    blocking(_current, _blocked, event) {
      shared = undefined
      ;(event.target as IDBDatabase).close()
    },
  })
}

let shared: Promise<OfflineDb> | undefined

/** One connection per runtime, reopened if the browser closed it. */
export function offlineDb(): Promise<OfflineDb> {
  shared ??= openOfflineDb().then((db) => {
    db.addEventListener('close', () => (shared = undefined))
    return db
  })
  shared.catch(() => (shared = undefined))
  return shared
}

export const packKey = (userId: number, groupId: number) => `${userId}:${groupId}`
