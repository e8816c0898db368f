import { renderAsync } from '@resvg/resvg-js'
import fs from 'node:fs/promises'
import path from 'node:path'
import type { Db } from '../../db/client'
import { findProverb } from '../../services/proverbs'
import type { CardText } from '@core/proverbs/card'
import { CARD_FONTS, cardHash, cardPath, cardSvg } from './card'

/** Cards kept in memory, the most recently asked for (a card is 40–110 KB). */
const KEPT = 200

export type CardAnswer = { png: Buffer } | { moved: string } | undefined

/**
 * A proverb's preview card: drawn on first request off the main thread (resvg's thread pool, so no page
 * waits on it), then kept. An address whose hash is not the proverb's current one is sent to the current
 * card; an unknown proverb has none.
 */
export function createCards({ db, staticDir }: { db: Db; staticDir: string }) {
  const made = new Map<string, Promise<Buffer>>()

  async function draw(proverb: CardText): Promise<Buffer> {
    const scroll = await fs.readFile(path.join(staticDir, 'img', 'wide', `${proverb.ethnic.slug}-scroll.jpeg`)).catch(() => undefined)
    const image = await renderAsync(cardSvg(proverb, scroll), {
      font: { loadSystemFonts: false, fontFiles: CARD_FONTS, defaultFontFamily: 'Noto Sans' },
      logLevel: 'off',
    })
    // A full-colour PNG over the scroll art is 150–500 KB, over what messaging apps fetch for a preview (WhatsApp
    // drops images past about 300 KB). A 256-colour palette (libimagequant, through sharp, on libuv's thread pool)
    // keeps the text crisp at a fifth of the size. sharp loads with the first card, not with the server.
    const { default: sharp } = await import('sharp')
    return sharp(image.pixels, { raw: { width: image.width, height: image.height, channels: 4 } })
      .png({ palette: true, quality: 90 })
      .toBuffer()
  }

  return async function card(slug: string, hash: string): Promise<CardAnswer> {
    const proverb = await findProverb(db, slug)
    if (!proverb || proverb.slug !== slug) return undefined
    if (cardHash(proverb) !== hash) return { moved: cardPath(proverb) }
    const key = `${slug}.${hash}`
    let png = made.get(key)
    if (png) made.delete(key)
    else {
      png = draw(proverb)
      png.catch(() => made.delete(key))
    }
    made.set(key, png)
    while (made.size > KEPT) made.delete(made.keys().next().value!)
    return { png: await png }
  }
}
