/** Shapes of the adverts calls (docs/requirements.md#r8-adverts). */

/** An advertisement file of the list (docs/requirements.md#r8-adverts). */
export type AdvertFile = { id: number; type: 'image/webp' | 'video/mp4'; name: string }

/** An advert's content (docs/requirements.md#r8-adverts), `file` holding it base64-encoded. */
export type AdvertContent = AdvertFile & { file: string; alt: string; link: string | null }

/** The ad toggle: a subscriber who turns it on sees adverts (docs/requirements.md#r8-adverts). */
export type AdToggle = { toggle: boolean }
