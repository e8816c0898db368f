import {
  CARD_COLOURS,
  CARD_HEIGHT,
  CARD_PANEL,
  CARD_WIDTH,
  cardLines,
  isEthiopic,
  proverbOfPeople,
  type CardLine,
  type CardText,
  type Measure,
} from '@/core/proverbs/card'
import { SITE_NAME } from '@/core/shared/pages'

export type CardShareOutcome = 'shared' | 'saved' | 'cancelled' | 'failed'

type CardProverb = CardText & { image: string | null }

/** The CSS font of a line: the proverb in its script's font, the rest in Noto Sans (both self-hosted with the app). */
export function cardFont(line: Pick<CardLine, 'bold' | 'size' | 'font'>, ethiopic: boolean): string {
  const family = line.font === 'proverb' && ethiopic ? '"Noto Sans Ethiopic"' : '"Noto Sans"'
  return `${line.bold ? '700' : '400'} ${line.size}px ${family}, sans-serif`
}

async function scrollArt(src: string | null): Promise<HTMLImageElement | undefined> {
  if (!src) return undefined
  const image = new Image()
  image.src = src
  // Offline, the worker answers from its scroll-image cache; without it the card has a plain page behind it.
  return image.decode().then(
    () => image,
    () => undefined,
  )
}

/**
 * The proverb's card, as the link preview shows it (src/core/proverbs/card.ts), drawn on a canvas on the
 * device: no server is asked, so it works offline. The fonts are loaded for the card's own text first, so a
 * proverb in Ethiopic is never drawn in a fallback.
 */
export async function drawShareCard(proverb: CardProverb): Promise<Blob> {
  const canvas = document.createElement('canvas')
  canvas.width = CARD_WIDTH
  canvas.height = CARD_HEIGHT
  const context = canvas.getContext('2d')
  if (!context) throw new Error('No 2D canvas on this device')
  const ethiopic = isEthiopic(proverb.proverb)
  const measure: Measure = (text, size, bold, font) => {
    context.font = cardFont({ bold, size, font }, ethiopic)
    return context.measureText(text).width
  }
  const text = `${proverb.proverb} ${proverb.transliteration} ${proverb.ethnic.name} ${SITE_NAME}`
  await Promise.all(
    [
      cardFont({ bold: true, size: 64, font: 'proverb' }, ethiopic),
      cardFont({ bold: false, size: 34, font: 'plain' }, false),
      cardFont({ bold: true, size: 30, font: 'plain' }, false),
    ].map((font) => document.fonts.load(font, text)),
  )
  const lines = cardLines(proverb, SITE_NAME, measure)

  const art = await scrollArt(proverb.image)
  if (art) {
    const scale = Math.max(CARD_WIDTH / art.naturalWidth, CARD_HEIGHT / art.naturalHeight)
    const width = art.naturalWidth * scale
    const height = art.naturalHeight * scale
    context.drawImage(art, (CARD_WIDTH - width) / 2, (CARD_HEIGHT - height) / 2, width, height)
  } else {
    context.fillStyle = CARD_COLOURS.page
    context.fillRect(0, 0, CARD_WIDTH, CARD_HEIGHT)
  }
  const panel = CARD_PANEL
  context.globalAlpha = CARD_COLOURS.panelOpacity
  context.fillStyle = CARD_COLOURS.panel
  context.beginPath()
  context.roundRect(panel.x, panel.y, panel.width, panel.height, panel.radius)
  context.fill()
  context.globalAlpha = 1
  for (const line of lines) {
    context.font = cardFont(line, ethiopic)
    context.fillStyle = line.colour
    context.fillText(line.text, line.x, line.y)
  }
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('The card could not be encoded'))), 'image/png'),
  )
}

/** The card handed to the system share sheet where it takes files, else saved as a download. */
export async function shareCard(proverb: CardProverb): Promise<CardShareOutcome> {
  let file: File
  try {
    file = new File([await drawShareCard(proverb)], `${proverb.slug}.png`, { type: 'image/png' })
  } catch {
    return 'failed'
  }
  if (typeof navigator.canShare === 'function' && navigator.canShare({ files: [file] })) {
    try {
      await navigator.share({
        files: [file],
        title: 'A proverb from Òwe',
        text: `${proverb.proverb} — ${proverbOfPeople(proverb.ethnic.name)}`,
      })
      return 'shared'
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return 'cancelled'
      // A share sheet that refuses the file: save it instead.
    }
  }
  const url = URL.createObjectURL(file)
  const link = document.createElement('a')
  link.href = url
  link.download = file.name
  document.body.append(link)
  link.click()
  link.remove()
  // The download has started from the URL by the time this runs.
  setTimeout(() => URL.revokeObjectURL(url), 30_000)
  return 'saved'
}
