#!/usr/bin/env node
// Generates Òwe's own house adverts (server/src/db/seed/adverts/): WebP images and a short MP4 video,
// drawn procedurally from code like scripts/make-images.mjs (no downloaded or copied images), then
// encoded with ffmpeg. Deterministic: the same ffmpeg gives identical files. The outputs are committed,
// so only a developer remaking them needs ffmpeg. Usage: npm run adverts
import { spawnSync } from 'node:child_process'
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import {
  blend,
  boxSd,
  canvas,
  clamp,
  copy,
  diamond,
  disc,
  draw,
  GOLD,
  INDIGO,
  mark,
  mix,
  poly,
  ring,
  rrect,
  strokes,
  TAU,
} from './raster.mjs'

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..')
const OUT = join(ROOT, 'server', 'src', 'db', 'seed', 'adverts')
const CREAM = '#faf7f1',
  DEEP = '#141c40'
const LIMITS = { 'image/webp': 100 * 1024, 'video/mp4': 300 * 1024 }

// ---------- ffmpeg ----------
function findFfmpeg() {
  const candidate = process.env.FFMPEG || 'ffmpeg'
  const probe = spawnSync(candidate, ['-hide_banner', '-encoders'], { encoding: 'utf8' })
  if (probe.error || probe.status !== 0) {
    console.error(
      `ffmpeg was not found (${candidate}). It is needed only to remake the adverts; the generated files are committed.\n` +
        '  Debian/Ubuntu: sudo apt-get install -y ffmpeg\n' +
        '  macOS:         brew install ffmpeg\n' +
        '  Or set FFMPEG to an ffmpeg binary, e.g. the one the npm package @ffmpeg-installer/ffmpeg ships.',
    )
    process.exit(1)
  }
  for (const encoder of ['libwebp', 'libx264']) {
    if (!new RegExp(`\\s${encoder}\\s`).test(probe.stdout)) {
      console.error(`This ffmpeg (${candidate}) lacks the ${encoder} encoder; use a build with libwebp and libx264 (Debian's has both).`)
      process.exit(1)
    }
  }
  return candidate
}
const FFMPEG = findFfmpeg()

// Raw RGB in, one encoded file out. -threads 1 and bitexact keep the output byte-identical run to run.
function ffmpeg(args, input, file) {
  const run = spawnSync(FFMPEG, ['-hide_banner', '-v', 'error', '-y', ...args, file], { input, maxBuffer: 1 << 30 })
  if (run.status !== 0) throw new Error(`ffmpeg failed: ${run.stderr?.toString() || run.error}`)
  return readFileSync(file)
}
const rawInput = (w, h, fps) => ['-f', 'rawvideo', '-pix_fmt', 'rgb24', '-s', `${w}x${h}`, ...(fps ? ['-r', String(fps)] : []), '-i', '-']
const BITEXACT = ['-map_metadata', '-1', '-fflags', '+bitexact', '-flags:v', '+bitexact', '-threads', '1']

// ---------- drawing: the shared toolkit (raster.mjs), plus what only the adverts need ----------
const ease = (t) => {
  const x = clamp(t)
  return x * x * (3 - 2 * x)
}
// A rounded box of radius 0: its corners anti-alias by distance, unlike raster.mjs's rect; the committed files are drawn with it.
const rect = (img, x, y, w, h, c, a) => rrect(img, x, y, w, h, 0, c, a)
// A five-pointed star: a convex pentagon and five convex points.
function star(img, cx, cy, r, c) {
  const at = (k, rr) => {
    const a = -Math.PI / 2 + (k * Math.PI) / 5
    return [cx + rr * Math.cos(a), cy + rr * Math.sin(a)]
  }
  const inner = [1, 3, 5, 7, 9].map((k) => at(k, r * 0.42))
  poly(img, inner, c)
  for (let k = 0; k < 5; k++) poly(img, [inner[(k + 4) % 5], at(2 * k, r), inner[k]], c)
}
const arc = (cx, cy, rx, ry, a0, a1, n = 28) =>
  Array.from({ length: n + 1 }, (_, i) => {
    const a = ((a0 + ((a1 - a0) * i) / n) * Math.PI) / 180
    return [cx + rx * Math.cos(a), cy + ry * Math.sin(a)]
  })
function vgradient(img, y0, y1, top, bottom) {
  for (let y = Math.max(0, y0); y < Math.min(img.h, y1); y++) {
    const c = mix(top, bottom, (y - y0) / (y1 - y0))
    for (let x = 0; x < img.w; x++) blend(img, x, y, c, 1)
  }
}

// ---------- a monoline capital font: strokes on a grid 10 units tall (0 = cap line, 10 = baseline) ----------
const O = arc(3.7, 5, 3.7, 5, 0, 360, 48)
const P = [[0, 10], [0, 0], [3.3, 0], ...arc(3.3, 2.75, 2.7, 2.75, -90, 90), [0, 5.5]]
const GLYPHS = {
  A: [
    7,
    [
      [0, 10],
      [3.5, 0],
      [7, 10],
    ],
    [
      [1.35, 6.4],
      [5.65, 6.4],
    ],
  ],
  B: [
    6,
    [[0, 5], [0, 0], [3.3, 0], ...arc(3.3, 2.5, 2.4, 2.5, -90, 90), [0, 5], [3.6, 5], ...arc(3.6, 7.5, 2.4, 2.5, -90, 90), [0, 10], [0, 5]],
  ],
  C: [6.6, arc(3.6, 5, 3.6, 5, -42, -318)],
  D: [6.4, [[0, 0], [2.4, 0], ...arc(2.4, 5, 4, 5, -90, 90), [0, 10], [0, 0]]],
  E: [
    5.4,
    [
      [5.4, 0],
      [0, 0],
      [0, 10],
      [5.4, 10],
    ],
    [
      [0, 5],
      [4.6, 5],
    ],
  ],
  F: [
    5.2,
    [
      [5.2, 0],
      [0, 0],
      [0, 10],
    ],
    [
      [0, 5],
      [4.4, 5],
    ],
  ],
  G: [7, [...arc(3.5, 5, 3.5, 5, -42, -360), [4.1, 5]]],
  H: [
    6,
    [
      [0, 0],
      [0, 10],
    ],
    [
      [6, 0],
      [6, 10],
    ],
    [
      [0, 5],
      [6, 5],
    ],
  ],
  I: [
    0,
    [
      [0, 0],
      [0, 10],
    ],
  ],
  J: [4.6, [[4.6, 0], [4.6, 7.4], ...arc(2.3, 7.4, 2.3, 2.6, 0, 180)]],
  K: [
    6,
    [
      [0, 0],
      [0, 10],
    ],
    [
      [5.8, 0],
      [0, 6.2],
    ],
    [
      [2.1, 4.3],
      [6, 10],
    ],
  ],
  L: [
    5,
    [
      [0, 0],
      [0, 10],
      [5, 10],
    ],
  ],
  M: [
    7.6,
    [
      [0, 10],
      [0, 0],
      [3.8, 7.2],
      [7.6, 0],
      [7.6, 10],
    ],
  ],
  N: [
    6.2,
    [
      [0, 10],
      [0, 0],
      [6.2, 10],
      [6.2, 0],
    ],
  ],
  O: [7.4, O],
  P: [6, P],
  Q: [
    7.4,
    O,
    [
      [4.6, 7.2],
      [7.6, 10.4],
    ],
  ],
  R: [
    6.2,
    P,
    [
      [3.2, 5.5],
      [6.2, 10],
    ],
  ],
  S: [6, [...arc(3, 2.6, 2.9, 2.6, -25, -270), ...arc(3, 7.6, 3, 2.4, -90, 155)]],
  T: [
    6.2,
    [
      [0, 0],
      [6.2, 0],
    ],
    [
      [3.1, 0],
      [3.1, 10],
    ],
  ],
  U: [6.2, [[0, 0], [0, 6.9], ...arc(3.1, 6.9, 3.1, 3.1, 180, 0), [6.2, 0]]],
  V: [
    6.8,
    [
      [0, 0],
      [3.4, 10],
      [6.8, 0],
    ],
  ],
  W: [
    9.6,
    [
      [0, 0],
      [2.4, 10],
      [4.8, 1.5],
      [7.2, 10],
      [9.6, 0],
    ],
  ],
  X: [
    6.4,
    [
      [0, 0],
      [6.4, 10],
    ],
    [
      [6.4, 0],
      [0, 10],
    ],
  ],
  Y: [
    6.4,
    [
      [0, 0],
      [3.2, 5.2],
      [6.4, 0],
    ],
    [
      [3.2, 5.2],
      [3.2, 10],
    ],
  ],
  Z: [
    6.2,
    [
      [0.2, 0],
      [6.2, 0],
      [0, 10],
      [6.2, 10],
    ],
  ],
  Ò: [
    7.4,
    O,
    [
      [2.3, -3.6],
      [4.1, -1.5],
    ],
  ],
  "'": [
    0.6,
    [
      [0.6, 0],
      [0, 3],
    ],
  ],
  '·': [0, [[0, 5.2]]],
  '.': [0, [[0, 10]]],
  '!': [
    0,
    [
      [0, 0],
      [0, 6.6],
    ],
    [[0, 10]],
  ],
  '-': [
    4,
    [
      [0, 5.6],
      [4, 5.6],
    ],
  ],
}
const GAP = 2.7,
  SPACE = 4.6,
  WEIGHT = 1.55
function textWidth(str, size) {
  let w = 0
  for (const ch of str) w += ch === ' ' ? SPACE : glyph(ch)[0] + GAP
  return ((w - GAP) * size) / 10
}
function glyph(ch) {
  const g = GLYPHS[ch]
  if (!g) throw new Error(`The advert font has no glyph for "${ch}"`)
  return g
}
/** Draws capitals with the cap line at y; size is the cap height in px. align: 'left' | 'center'. */
function text(img, str, x, y, size, c, { align = 'left', alpha = 1, weight = WEIGHT } = {}) {
  const s = size / 10
  let pen = align === 'center' ? x - textWidth(str, size) / 2 : x
  const ox = (weight * s) / 2
  for (const ch of str) {
    if (ch === ' ') {
      pen += SPACE * s
      continue
    }
    const [w, ...lines] = glyph(ch)
    strokes(
      img,
      lines.map((l) => l.map(([gx, gy]) => [pen + ox + gx * s, y + gy * s])),
      weight * s,
      c,
      alpha,
    )
    pen += (w + GAP) * s
  }
}
const fit = (str, maxWidth, maxSize) => Math.min(maxSize, (maxSize * maxWidth) / textWidth(str, maxSize))

// ---------- the Òwe mark (raster.mjs) with its name, and a kente band ----------
function wordmark(img, x, y, s) {
  mark(img, x + s * 0.5, y + s * 0.5, s)
  text(img, 'ÒWE', x + s * 1.0, y + s * 0.3, s * 0.42, GOLD)
}
function kenteBand(img, y, h, unit) {
  const C = ['#e3a92b', '#1d7a3c', '#b3262b', '#17120e']
  for (let x = 0, k = 0; x < img.w; x += unit, k++) rect(img, x, y, unit, h, C[k % 4])
}

// ---------- advert 1 (image): what a plan adds (peoples kept offline, no adverts) -> the plans ----------
function eightPeoples() {
  const W = 960,
    H = 540,
    img = canvas(W, H, INDIGO)
  vgradient(img, 0, H, INDIGO, DEEP)
  kenteBand(img, H - 14, 14, 24)
  wordmark(img, 48, 36, 64)
  const lines = ['KEEP YOUR PEOPLES', 'OFFLINE AND', 'AD-FREE']
  const size = Math.min(...lines.map((l) => fit(l, 440, 44)))
  lines.forEach((l, i) => text(img, l, 52, 150 + i * size * 1.65, size, CREAM))
  const names = ['YORUBA · IGBO · HAUSA · AKAN', 'SWAHILI · ZULU · AMHARA · OROMO']
  const small = Math.min(...names.map((l) => fit(l, 440, 19)))
  names.forEach((l, i) => text(img, l, 52, 362 + i * small * 1.9, small, GOLD, { weight: 1.4 }))
  text(img, 'QUIZZED WEEKLY · SHOWN FIRST · SEE THE PLANS', 52, 450, small * 0.82, '#c9cde0', { weight: 1.3 })

  // Eight tiles, one motif each, in the colours of the app's scroll art.
  const T = 118,
    G = 14,
    x0 = 545,
    y0 = 70
  const tiles = [
    [
      '#1a2960',
      (cx, cy) => {
        ;[34, 22, 10].forEach((r) => ring(img, cx, cy, r, 5, '#d3ddf0', 0.9))
      },
    ],
    [
      '#dcb482',
      (cx, cy) =>
        strokes(
          img,
          [
            Array.from({ length: 120 }, (_, i) => {
              const f = i / 119,
                th = f * 2.6 * TAU,
                r = 3 + f * 32
              return [cx + r * Math.cos(th), cy + r * Math.sin(th)]
            }),
          ],
          5,
          '#2a1911',
        ),
    ],
    [
      '#ae6636',
      (cx, cy) => {
        strokes(
          img,
          [
            [
              [cx, cy - 36],
              [cx + 36, cy],
              [cx, cy + 36],
              [cx - 36, cy],
              [cx, cy - 36],
            ],
          ],
          10,
          '#efdcb4',
        )
        ring(img, cx, cy, 12, 8, '#efdcb4')
      },
    ],
    [
      '#17120e',
      (cx, cy) => {
        const C = ['#e3a92b', '#1d7a3c', '#e3a92b', '#b3262b', '#e3a92b', '#24408f']
        C.forEach((c, k) => rect(img, cx - T / 2 + 8 + k * 17, cy - T / 2 + 8, 12, T - 16, c))
      },
    ],
    [
      '#0c6f75',
      (cx, cy) => {
        disc(img, cx, cy, 36, '#f6c21c')
        for (let k = 0; k < 8; k++) disc(img, cx + 24 * Math.cos((k * TAU) / 8), cy + 24 * Math.sin((k * TAU) / 8), 7, '#c2185b')
        disc(img, cx, cy, 9, '#161414')
      },
    ],
    [
      '#f3efe6',
      (cx, cy) => {
        const C = ['#c62828', '#1e4fa3', '#f2bd00', '#2e7d32']
        C.forEach((c, k) =>
          poly(
            img,
            [
              [cx - 44 + k * 22, cy + 30],
              [cx - 22 + k * 22, cy + 30],
              [cx - 33 + k * 22, cy - 4],
            ],
            c,
          ),
        )
        diamond(img, cx, cy - 24, 16, 14, '#1b1a19')
      },
    ],
    [
      '#f3eee3',
      (cx, cy) => {
        rect(img, cx - 7, cy - 34, 14, 68, '#1f7a45')
        rect(img, cx - 34, cy - 7, 68, 14, '#1f7a45')
        diamond(img, cx, cy, 10, 10, '#e8b21d')
      },
    ],
    [
      '#7a4526',
      (cx, cy) => {
        ;[
          [40, '#1d1511'],
          [33, '#dc9c40'],
          [24, '#a3341f'],
          [15, '#efd9aa'],
          [7, '#1d1511'],
        ].forEach(([r, c]) => disc(img, cx, cy, r, c))
      },
    ],
  ]
  tiles.forEach(([bg, motif], k) => {
    const x = x0 + (k % 3) * (T + G),
      y = y0 + Math.floor(k / 3) * (T + G)
    const [tx, ty] = k < 6 ? [x, y] : [x0 + (T + G) / 2 + (k - 6) * (T + G), y]
    rrect(img, tx + 3, ty + 5, T, T, 16, '#0b1030', 0.45)
    rrect(img, tx, ty, T, T, 16, bg)
    motif(tx + T / 2, ty + T / 2)
  })
  return img
}

// ---------- advert 2 (image): a daily proverb reminder -> the profile's notifications ----------
function dailyReminder() {
  const W = 960,
    H = 540,
    img = canvas(W, H, INDIGO)
  vgradient(img, 0, 400, DEEP, '#3b3a78')
  vgradient(img, 400, H, '#c46a2c', '#8c3d1c')
  // Sunrise over the horizon, with rays.
  const sx = 720,
    sy = 400
  for (let k = 0; k < 11; k++) {
    const a = Math.PI + ((k + 0.5) * Math.PI) / 11
    strokes(
      img,
      [
        [
          [sx + 150 * Math.cos(a), sy + 150 * Math.sin(a)],
          [sx + 205 * Math.cos(a), sy + 205 * Math.sin(a)],
        ],
      ],
      9,
      GOLD,
      0.8,
    )
  }
  draw(img, [sx - 125, sy - 125, sx + 125, sy], (x, y) => Math.max(Math.hypot(x - sx, y - sy) - 125, y - sy), '#f2b53a')
  rect(img, 0, sy, W, 4, '#f7d27a', 0.9)
  // A notification card rising with the sun: the mark, two lines of text and a bell.
  const cx = 530,
    cy = 120,
    cw = 380,
    ch = 124
  rrect(img, cx + 4, cy + 8, cw, ch, 20, '#0b1030', 0.4)
  rrect(img, cx, cy, cw, ch, 20, CREAM)
  rrect(img, cx + 20, cy + 22, 80, 80, 18, INDIGO)
  mark(img, cx + 60, cy + 62, 80)
  rrect(img, cx + 122, cy + 34, 180, 16, 8, '#1f2a5a', 0.85)
  rrect(img, cx + 122, cy + 64, 150, 12, 6, '#8a8474', 0.7)
  rrect(img, cx + 122, cy + 88, 178, 12, 6, '#8a8474', 0.7)
  const bx = cx + cw - 40,
    by = cy + 40
  disc(img, bx, by - 6, 12, GOLD)
  poly(
    img,
    [
      [bx - 12, by - 6],
      [bx + 12, by - 6],
      [bx + 16, by + 10],
      [bx - 16, by + 10],
    ],
    GOLD,
  )
  rrect(img, bx - 19, by + 8, 38, 6, 3, GOLD)
  disc(img, bx, by + 18, 4.5, GOLD)

  wordmark(img, 48, 36, 64)
  const lines = ['A PROVERB', 'EVERY DAY']
  lines.forEach((l, i) => text(img, l, 52, 160 + i * 72, 46, CREAM))
  text(img, 'SET A DAILY REMINDER', 52, 322, 22, GOLD, { weight: 1.45 })
  text(img, 'AT THE TIME YOU CHOOSE', 52, 360, 17, '#d8dbea', { weight: 1.35 })
  kenteBand(img, H - 14, 14, 24)
  return img
}

// ---------- advert 3 (video, 5 s): this week's quiz -> /quiz ----------
const VW = 640,
  VH = 360,
  FPS = 25,
  SECONDS = 5
function quizBackground() {
  const img = canvas(VW, VH, INDIGO)
  vgradient(img, 0, VH, INDIGO, DEEP)
  kenteBand(img, VH - 10, 10, 16)
  mark(img, 586, 46, 52)
  return img
}
function quizFrame(base, t) {
  const img = copy(base)
  const inAt = (start, dur = 0.45) => ease((t - start) / dur)
  // Headline slides in.
  const h = inAt(0.1, 0.6)
  text(img, "PLAY THIS WEEK'S QUIZ", 36 - 24 * (1 - h), 28, 26, CREAM, { alpha: h })
  // The question card, then its three options, one after another.
  const c = inAt(0.5)
  if (c > 0) {
    const x = 36,
      y = 86 + 16 * (1 - c),
      w = 360,
      hh = 214
    rrect(img, x + 3, y + 6, w, hh, 16, '#0b1030', 0.4 * c)
    rrect(img, x, y, w, hh, 16, CREAM, c)
    rrect(img, x + 22, y + 22, 270, 12, 6, '#1f2a5a', 0.85 * c)
    rrect(img, x + 22, y + 44, 200, 12, 6, '#1f2a5a', 0.85 * c)
    ;['A', 'B', 'C'].forEach((letter, k) => {
      const o = inAt(0.9 + k * 0.25, 0.35)
      if (o <= 0) return
      const oy = y + 80 + k * 42
      const chosen = k === 1 ? ease((t - 2.2) / 0.4) : 0,
        right = k === 1 ? ease((t - 2.8) / 0.3) : 0
      rrect(img, x + 16, oy, w - 32, 34, 10, mix('#e9e3d6', '#2e7d32', right), o)
      if (chosen > 0)
        draw(
          img,
          [x + 14, oy - 2, x + w - 14, oy + 36],
          (px, py) => Math.abs(boxSd(x + 16, oy, w - 32, 34, 10)(px, py)) - 2,
          GOLD,
          chosen * o,
        )
      disc(img, x + 36, oy + 17, 12, right > 0.5 ? CREAM : INDIGO, o)
      text(img, letter, x + 36, oy + 11, 12, right > 0.5 ? '#2e7d32' : CREAM, { align: 'center', alpha: o, weight: 1.7 })
      rrect(img, x + 60, oy + 12, [200, 150, 180][k], 10, 5, right > 0.5 ? CREAM : '#8a8474', 0.8 * o)
    })
    // The tick draws itself across the right answer.
    const tick = clamp((t - 3.0) / 0.45)
    if (tick > 0) {
      const pts = [
        [x + w - 62, y + 80 + 42 + 18],
        [x + w - 52, y + 80 + 42 + 27],
        [x + w - 34, y + 80 + 42 + 7],
      ]
      const l1 = Math.hypot(pts[1][0] - pts[0][0], pts[1][1] - pts[0][1]),
        l2 = Math.hypot(pts[2][0] - pts[1][0], pts[2][1] - pts[1][1])
      const d = tick * (l1 + l2),
        line = [pts[0]]
      if (d <= l1) line.push([pts[0][0] + ((pts[1][0] - pts[0][0]) * d) / l1, pts[0][1] + ((pts[1][1] - pts[0][1]) * d) / l1])
      else line.push(pts[1], [pts[1][0] + ((pts[2][0] - pts[1][0]) * (d - l1)) / l2, pts[1][1] + ((pts[2][1] - pts[1][1]) * (d - l1)) / l2])
      strokes(img, [line], 6, CREAM)
    }
  }
  // Three stars pop in beside the card.
  for (let k = 0; k < 3; k++) {
    const s = ease((t - 3.4 - k * 0.18) / 0.3)
    if (s <= 0) continue
    const cx = 470 + k * 56,
      cy = 170 - (k === 1 ? 18 : 0),
      r = 24 * (s + 0.25 * Math.sin(Math.PI * s))
    star(img, cx, cy, r, GOLD)
  }
  const end = inAt(3.9, 0.5)
  if (end > 0) {
    text(img, 'NEW QUIZZES', 530, 236, 19, CREAM, { align: 'center', alpha: end, weight: 1.45 })
    text(img, 'EVERY WEEK', 530, 266, 19, CREAM, { align: 'center', alpha: end, weight: 1.45 })
  }
  return img
}

// ---------- output ----------
const rgb = (img) => {
  const out = Buffer.alloc(img.w * img.h * 3)
  for (let p = 0, q = 0; p < img.d.length; p += 4, q += 3) {
    out[q] = img.d[p]
    out[q + 1] = img.d[p + 1]
    out[q + 2] = img.d[p + 2]
  }
  return out
}
const work = join(tmpdir(), `owe-adverts-${process.pid}`)
mkdirSync(work, { recursive: true })
mkdirSync(OUT, { recursive: true })

function webp(img, name) {
  return ffmpeg(
    [
      ...rawInput(img.w, img.h),
      '-frames:v',
      '1',
      '-c:v',
      'libwebp',
      '-preset',
      'drawing',
      '-quality',
      '82',
      '-compression_level',
      '6',
      ...BITEXACT,
      '-f',
      'webp',
    ],
    rgb(img),
    join(work, name),
  )
}
function mp4(frames, name) {
  return ffmpeg(
    [
      ...rawInput(VW, VH, FPS),
      '-an',
      '-c:v',
      'libx264',
      '-preset',
      'veryslow',
      '-tune',
      'animation',
      '-crf',
      '24',
      '-profile:v',
      'main',
      '-level:v',
      '3.0',
      '-pix_fmt',
      'yuv420p',
      '-g',
      String(FPS * SECONDS),
      '-movflags',
      '+faststart',
      ...BITEXACT,
      '-f',
      'mp4',
    ],
    Buffer.concat(frames.map(rgb)),
    join(work, name),
  )
}

/** Position orders the rotation; links are paths inside the app; alt is what the advert says. */
const ADVERTS = [
  {
    name: 'owe-eight-peoples',
    file: 'owe-eight-peoples.webp',
    type: 'image/webp',
    link: '/pricing',
    alt: 'Keep your peoples offline and ad-free — Yoruba, Igbo, Hausa, Akan, Swahili, Zulu, Amhara or Oromo: a plan keeps their proverbs on your device, quizzes you weekly and shows them first. Reading online stays open to everyone. See the plans.',
    make: () => webp(eightPeoples(), 'a.webp'),
  },
  {
    name: 'owe-weekly-quiz',
    file: 'owe-weekly-quiz.mp4',
    type: 'video/mp4',
    link: '/quiz',
    alt: "Play this week's quiz: new quizzes on proverbs and the peoples who made them, every week.",
    make: () => {
      const base = quizBackground()
      return mp4(
        Array.from({ length: FPS * SECONDS }, (_, i) => quizFrame(base, i / FPS)),
        'b.mp4',
      )
    },
  },
  {
    name: 'owe-daily-reminder',
    file: 'owe-daily-reminder.webp',
    type: 'image/webp',
    link: '/profile#notifications',
    alt: 'A proverb every day: set a daily reminder at the time you choose.',
    make: () => webp(dailyReminder(), 'c.webp'),
  },
]

let failed = false
const manifest = []
for (const [position, { make, ...entry }] of ADVERTS.entries()) {
  const buf = make()
  const file = join(OUT, entry.file)
  writeFileSync(file, buf)
  const magic =
    entry.type === 'image/webp'
      ? buf.subarray(0, 4).toString() === 'RIFF' && buf.subarray(8, 12).toString() === 'WEBP'
      : buf.subarray(4, 8).toString() === 'ftyp'
  const over = buf.length >= LIMITS[entry.type]
  if (!magic || over) failed = true
  console.log(
    `${relative(ROOT, file).padEnd(58)} ${(buf.length / 1024).toFixed(1).padStart(6)} KB${over ? `  ✗ over ${LIMITS[entry.type] / 1024} KB` : ''}${magic ? '' : '  ✗ not a ' + entry.type}`,
  )
  manifest.push({ ...entry, position })
}
writeFileSync(join(OUT, 'adverts.json'), `${JSON.stringify(manifest, null, 2)}\n`)
console.log(`${relative(ROOT, join(OUT, 'adverts.json'))}`)
rmSync(work, { recursive: true, force: true })
if (failed) process.exit(1)
