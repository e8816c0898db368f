#!/usr/bin/env node
// Generates Òwe's card backgrounds (public/img/{slug}-scroll.jpeg) and app icons
// (public/icons/*.png, public/favicon.svg) procedurally from code: no downloaded or copied images.
// Deterministic (seeded PRNG), so re-running gives identical files. Usage: node scripts/make-images.mjs
import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import jpeg from 'jpeg-js'
import { PNG } from 'pngjs'
import sharp from 'sharp'
import {
  blend,
  canvas,
  clamp,
  diamond,
  disc,
  draw,
  EARS,
  GOLD,
  hex,
  INDIGO,
  line,
  mark,
  mulberry32,
  path,
  poly,
  rect,
  ring,
  TAU,
} from './raster.mjs'

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..')
const PUB = join(ROOT, 'public')
const W = 960,
  H = 640,
  MAX_KB = 80,
  TARGET_KB = 70,
  // The AVIF beside each 1× JPEG, which browsers take first: a quarter to a third of the bytes for the same picture.
  AVIF_QUALITY = 45,
  AVIF_MAX_KB = 28
// Each pattern is drawn at 1× (/img/{slug}-scroll.jpeg, the spec's path) and, for the proverb's wide banner on large
// screens, at 1.5× cropped to its middle band (/img/wide/…, 1440×420, as wide as such a banner is): sharper there,
// still under MAX_KB.
let SCALE = 1
const sheet = (bg) => canvas(W, H, bg, 255, SCALE)

// ---------- motifs and textures of the scroll patterns (the shared toolkit is in raster.mjs) ----------
// Teardrop ("korosho"/paisley): a disc plus a tangent point at distance 2.4r in direction ang.
function drop(img, cx, cy, r, ang, c, a) {
  const d = 2.4 * r,
    tx = cx + d * Math.cos(ang),
    ty = cy + d * Math.sin(ang),
    k = Math.acos(r / d)
  const tan = (s) => [cx + r * Math.cos(ang + s * k), cy + r * Math.sin(ang + s * k)]
  disc(img, cx, cy, r, c, a)
  poly(img, [tan(1), [tx, ty], tan(-1), [cx, cy]], c, a)
}
const spiral = (cx, cy, r1, turns, phase = 0, dir = 1) =>
  Array.from({ length: Math.ceil(turns * 90) + 1 }, (_, i) => {
    const f = i / (turns * 90),
      th = phase + dir * f * turns * TAU,
      r = 4 + f * (r1 - 4)
    return [cx + r * Math.cos(th), cy + r * Math.sin(th)]
  })
const wave = (y0, amp, period, phase, x0 = -10, x1 = W + 10) =>
  Array.from({ length: Math.ceil((x1 - x0) / 6) + 1 }, (_, i) => {
    const x = x0 + i * 6
    return [x, y0 + amp * Math.sin((x / period) * TAU + phase)]
  })
// Per-pixel shader with 3x3 supersampling: fn(x, y) -> rgb or null (transparent).
function field(img, [x0, y0, x1, y1], fn, ss = 3) {
  const s = img.s
  for (let y = Math.max(0, Math.floor(y0 * s)); y < Math.min(img.h, Math.ceil(y1 * s)); y++)
    for (let x = Math.max(0, Math.floor(x0 * s)); x < Math.min(img.w, Math.ceil(x1 * s)); x++) {
      const acc = [0, 0, 0]
      let n = 0
      for (let sy = 0; sy < ss; sy++)
        for (let sx = 0; sx < ss; sx++) {
          const c = fn((x + (sx + 0.5) / ss) / s, (y + (sy + 0.5) / ss) / s)
          if (c) {
            acc[0] += c[0]
            acc[1] += c[1]
            acc[2] += c[2]
            n++
          }
        }
      if (n)
        blend(
          img,
          x,
          y,
          acc.map((v) => v / n),
          n / (ss * ss),
        )
    }
}
// Smooth value noise and a cloth/plaster texture that modulates brightness at low frequency.
function valueNoise(seed) {
  const rnd = mulberry32(seed),
    p = Float32Array.from({ length: 65536 }, rnd),
    g = (i, j) => p[((j & 255) << 8) | (i & 255)]
  return (x, y) => {
    const xi = Math.floor(x),
      yi = Math.floor(y),
      fx = x - xi,
      fy = y - yi,
      u = fx * fx * (3 - 2 * fx),
      v = fy * fy * (3 - 2 * fy)
    const a = g(xi, yi) + (g(xi + 1, yi) - g(xi, yi)) * u,
      b = g(xi, yi + 1) + (g(xi + 1, yi + 1) - g(xi, yi + 1)) * u
    return a + (b - a) * v
  }
}
function texture(img, seed, amp, scale) {
  const n = valueNoise(seed)
  for (let py = 0; py < img.h; py++)
    for (let px = 0; px < img.w; px++) {
      const x = px / img.s,
        y = py / img.s
      const k = 1 + amp * (0.7 * n(x / scale, y / scale) + 0.3 * n((x / scale) * 4 + 77, (y / scale) * 4 + 31) - 0.5),
        i = (py * img.w + px) * 4
      for (let c = 0; c < 3; c++) img.d[i + c] *= k
    }
}

// Pre-filter for JPEG (jpeg-js encodes 4:4:4): blur chroma with radius rc and luma with radius ry,
// which removes the costly high-frequency detail the eye barely sees.
function soften(img, ry = 1, rc = 3) {
  const { w, h, d } = img,
    n = w * h,
    ch = [new Float32Array(n), new Float32Array(n), new Float32Array(n)]
  for (let p = 0; p < n; p++) {
    const [r, g, b] = [d[p * 4], d[p * 4 + 1], d[p * 4 + 2]]
    ch[0][p] = 0.299 * r + 0.587 * g + 0.114 * b
    ch[1][p] = b - ch[0][p]
    ch[2][p] = r - ch[0][p]
  }
  const box = (a, r) => {
    const t = new Float32Array(n)
    for (let y = 0; y < h; y++)
      for (let x = 0; x < w; x++) {
        let s = 0
        for (let k = -r; k <= r; k++) s += a[y * w + clamp(x + k, 0, w - 1)]
        t[y * w + x] = s / (2 * r + 1)
      }
    for (let y = 0; y < h; y++)
      for (let x = 0; x < w; x++) {
        let s = 0
        for (let k = -r; k <= r; k++) s += t[clamp(y + k, 0, h - 1) * w + x]
        a[y * w + x] = s / (2 * r + 1)
      }
  }
  if (ry) box(ch[0], ry)
  box(ch[1], rc)
  box(ch[2], rc)
  for (let p = 0; p < n; p++) {
    const Y = ch[0][p],
      b = ch[1][p] + Y,
      r = ch[2][p] + Y
    d[p * 4] = r
    d[p * 4 + 1] = (Y - 0.299 * r - 0.114 * b) / 0.587
    d[p * 4 + 2] = b
  }
}

// ---------- the eight scroll patterns ----------
// Yoruba: adire eleko/oniko — indigo resist-dye cloth, pale tied circles, ladders and dots in a grid of squares.
function yoruba() {
  const img = sheet('#1a2960'),
    pale = hex('#d3ddf0'),
    cw = 120,
    ch = 128
  for (let j = 0; j < 5; j++)
    for (let i = 0; i < 8; i++) {
      const x = i * cw,
        y = j * ch,
        cx = x + cw / 2,
        cy = y + ch / 2,
        m = (i + j * 3) % 4
      if (m === 0) {
        ;[40, 28, 16].forEach((r) => ring(img, cx, cy, r, 5, pale, 0.8))
        disc(img, cx, cy, 5, pale, 0.85)
      }
      if (m === 1) for (let k = 0; k < 6; k++) line(img, x + 18, y + 22 + k * 17, x + cw - 18, y + 22 + k * 17, 4, pale, 0.75)
      if (m === 2)
        for (const [dx, dy] of [
          [-1, -1],
          [1, -1],
          [-1, 1],
          [1, 1],
        ]) {
          disc(img, cx + dx * 25, cy + dy * 27, 19, pale, 0.75)
          disc(img, cx + dx * 25, cy + dy * 27, 7, '#1a2960', 0.9)
        }
      if (m === 3) {
        line(img, x + 20, y + 20, x + cw - 20, y + ch - 20, 4, pale, 0.7)
        line(img, x + cw - 20, y + 20, x + 20, y + ch - 20, 4, pale, 0.7)
        for (let a = 0; a < 4; a++)
          for (let b = 0; b < 4; b++) if (a !== b && a + b !== 3) disc(img, x + 24 + a * 24, y + 28 + b * 24, 4, pale, 0.8)
      }
    }
  for (let i = 0; i <= 8; i++) for (const o of [-4, 4]) line(img, i * cw + o, 0, i * cw + o, H, 2.5, pale, 0.6)
  for (let j = 0; j <= 5; j++) for (const o of [-4, 4]) line(img, 0, j * ch + o, W, j * ch + o, 2.5, pale, 0.6)
  texture(img, 11, 0.34, 110)
  return img
}
// Igbo: uli wall/body painting — sparse flowing dark lines, spirals, dotted tracks and crescents on an ochre ground.
function igbo() {
  const img = sheet('#dcb482'),
    ink = hex('#2a1911'),
    red = hex('#8d3b22')
  for (const [x, y, r] of [
    [380, 200, 34],
    [880, 150, 42],
    [420, 520, 30],
  ]) {
    disc(img, x, y, r, ink, 0.88)
    disc(img, x + r * 0.45, y - r * 0.2, r * 0.9, '#dcb482', 1)
  }
  path(img, wave(330, 70, 760, 0.6), 7, ink, 0.9)
  path(img, wave(352, 70, 760, 0.6), 3, ink, 0.8)
  for (const [x, y] of wave(372, 70, 760, 0.6).filter((_, i) => i % 4 === 0)) disc(img, x, y, 3.5, red, 0.9)
  path(img, wave(90, 30, 520, 2.2), 4, ink, 0.8)
  path(img, wave(560, 34, 640, 4.0), 5, ink, 0.85)
  ;[
    [190, 190, 120, 3, 0, 1],
    [730, 460, 130, 3.2, 2, -1],
    [560, 140, 62, 2.2, 1, 1],
    [120, 520, 70, 2.3, 3, -1],
  ].forEach(([x, y, r, t, p, d]) => path(img, spiral(x, y, r, t, p, d), 6, ink, 0.9))
  for (const [x, y] of [
    [300, 470],
    [860, 300],
    [640, 260],
  ]) {
    poly(
      img,
      [
        [x, y - 30],
        [x + 20, y + 14],
        [x - 20, y + 14],
      ],
      red,
      0.85,
    )
    path(
      img,
      [
        [x - 30, y + 24],
        [x, y - 44],
        [x + 30, y + 24],
      ],
      3,
      ink,
      0.85,
    )
  }
  texture(img, 22, 0.22, 140)
  return img
}
// Hausa: Arewa ("dagi") knot in Zaria wall relief / babban riga embroidery — raised interlaced bands in panels.
function hausa() {
  const img = sheet('#ae6636'),
    cream = hex('#efdcb4'),
    shadow = hex('#4a2412'),
    groove = hex('#b4703f')
  const relief = (fn, t) => {
    fn(3, 3, t + 4, shadow, 0.5)
    fn(0, 0, t, cream, 1)
    fn(0, 0, 2.5, groove, 1)
  }
  const cw = 240,
    ch = 320 / 1.5
  for (let j = 0; j < 3; j++)
    for (let i = 0; i < 4; i++) {
      const cx = i * cw + cw / 2,
        cy = j * ch + ch / 2,
        s = 68,
        q = s * 0.72
      relief(
        (ox, oy, t, c, a) =>
          path(
            img,
            [
              [cx + ox, cy - s + oy],
              [cx + s + ox, cy + oy],
              [cx + ox, cy + s + oy],
              [cx - s + ox, cy + oy],
              [cx + ox, cy - s + oy],
            ],
            t,
            c,
            a,
          ),
        11,
      )
      relief(
        (ox, oy, t, c, a) =>
          path(
            img,
            [
              [cx - q + ox, cy - q + oy],
              [cx + q + ox, cy - q + oy],
              [cx + q + ox, cy + q + oy],
              [cx - q + ox, cy + q + oy],
              [cx - q + ox, cy - q + oy],
            ],
            t,
            c,
            a,
          ),
        11,
      )
      for (const [dx, dy] of [
        [1, 0],
        [-1, 0],
        [0, 1],
        [0, -1],
      ])
        relief((ox, oy, t, c, a) => ring(img, cx + dx * s * 1.22 + ox, cy + dy * s * 1.22 + oy, 14, t, c, a), 9)
      relief((ox, oy, t, c, a) => ring(img, cx + ox, cy + oy, 24, t, c, a), 9)
      disc(img, cx, cy, 12, (i + j) % 2 ? '#2e5a4c' : '#1e2b4f', 1)
    }
  for (let i = 0; i <= 4; i++) relief((ox, oy, t, c, a) => line(img, i * cw + ox, -10, i * cw + ox, H + 10, t, c, a), 7)
  for (let j = 0; j <= 3; j++) relief((ox, oy, t, c, a) => line(img, -10, j * ch + oy, W + 10, j * ch + oy, t, c, a), 7)
  for (let j = 0; j < 3; j++)
    for (let i = 0; i < 4; i++)
      for (const [sx, sy] of [
        [0, 0],
        [1, 0],
        [0, 1],
        [1, 1],
      ]) {
        const x = i * cw + sx * cw,
          y = j * ch + sy * ch,
          dx = sx ? -1 : 1,
          dy = sy ? -1 : 1
        poly(
          img,
          [
            [x + dx * 10, y + dy * 10],
            [x + dx * 36, y + dy * 10],
            [x + dx * 10, y + dy * 36],
          ],
          '#5b2c14',
          0.55,
        )
      }
  texture(img, 33, 0.24, 90)
  return img
}
// Akan: kente strip weave — narrow strips sewn side by side, alternating warp stripes and weft-faced blocks.
// Edges sit on the 8-px JPEG block grid so the many hard colour changes stay cheap to encode.
function akan() {
  const C = { g: hex('#e3a92b'), n: hex('#1d7a3c'), r: hex('#b3262b'), k: hex('#17120e'), b: hex('#24408f') }
  const img = sheet('#17120e'),
    SW = 80,
    rows = [0, 88, 176, 256, 344, 424, 512, 592, 640],
    rnd = mulberry32(4)
  const warps = ['g8k8n8g8r16g8n8k8g8', 'n16g8k8r16k8g8n16', 'k8g8k8n32k8g8k8', 'r16k8g8b16g8k8r16'].map((s) =>
    [...s.matchAll(/([a-z])(\d+)/g)].map((m) => [C[m[1]], +m[2]]),
  )
  for (let k = 0; k < 12; k++)
    for (let j = 0; j < rows.length - 1; j++) {
      const x = k * SW,
        y = rows[j],
        h = rows[j + 1] - y,
        v = Math.floor(rnd() * 4)
      if ((k + j) % 2 === 0) {
        let xx = x
        for (const [c, w] of warps[((k >> 1) + j) % 4]) {
          rect(img, xx, y, w, h, c)
          xx += w
        }
        continue
      }
      if (v === 0)
        for (let yy = y; yy < y + h; yy += 16) {
          rect(img, x, yy, SW, 8, C.g)
          rect(img, x, yy + 8, SW, 8, yy % 48 ? C.k : C.r)
        }
      if (v === 1)
        for (let a = 0; a < h / 16; a++) for (let b = 0; b < 5; b++) rect(img, x + b * 16, y + a * 16, 16, 16, (a + b) % 2 ? C.n : C.g)
      if (v === 2) {
        rect(img, x, y, SW, h, C.r)
        for (let yy = y + 20; yy < y + h - 8; yy += 24) for (let b = 0; b < 3; b++) diamond(img, x + 14 + b * 26, yy, 10, 10, C.g)
      }
      if (v === 3) {
        rect(img, x, y, SW, h, C.g)
        rect(img, x, y + 8, SW, 8, C.r)
        rect(img, x, y + h - 16, SW, 8, C.r)
        path(
          img,
          Array.from({ length: 9 }, (_, i) => [x + i * 10, y + h / 2 + (i % 2 ? -16 : 16)]),
          7,
          C.k,
        )
      }
    }
  texture(img, 44, 0.16, 70)
  return img
}
// Kiswahili: kanga cloth — a bright border (pindo) framing a central field (mji) of korosho drops, a rosette and the blank jina band.
function kiswahili() {
  const teal = hex('#0c6f75'),
    yel = hex('#f6c21c'),
    mag = hex('#c2185b'),
    blk = hex('#161414'),
    wht = hex('#fbf6ea')
  const img = sheet(teal),
    B = 76
  rect(img, 10, 10, W - 20, 5, blk)
  rect(img, 10, H - 15, W - 20, 5, blk)
  rect(img, 10, 10, 5, H - 20, blk)
  rect(img, W - 15, 10, 5, H - 20, blk)
  for (let x = 48; x < W - 20; x += 58)
    for (const y of [B / 2 + 4, H - B / 2 - 4]) {
      drop(img, x, y, 11, (x / 58) % 2 ? 0 : Math.PI, yel)
      disc(img, x, y, 4, mag)
    }
  for (let y = 116; y < H - 90; y += 58)
    for (const x of [B / 2 + 4, W - B / 2 - 4]) {
      drop(img, x, y, 11, (y / 58) % 2 ? Math.PI / 2 : -Math.PI / 2, yel)
      disc(img, x, y, 4, mag)
    }
  rect(img, B, B, W - 2 * B, H - 2 * B, blk)
  rect(img, B + 8, B + 8, W - 2 * B - 16, H - 2 * B - 16, yel)
  for (let x = B + 8; x < W - B - 8; x += 20) {
    poly(
      img,
      [
        [x, B + 8],
        [x + 20, B + 8],
        [x + 10, B + 20],
      ],
      mag,
    )
    poly(
      img,
      [
        [x, H - B - 8],
        [x + 20, H - B - 8],
        [x + 10, H - B - 20],
      ],
      mag,
    )
  }
  const rnd = mulberry32(5)
  for (let j = 0; j < 6; j++)
    for (let i = 0; i < 11; i++) {
      const x = B + 44 + i * 76 + (j % 2) * 38,
        y = B + 52 + j * 64
      if (x > W - B - 30 || Math.hypot(x - W / 2, y - 258) < 150 || (y > 400 && y < 510)) continue
      drop(img, x, y, 12, rnd() * TAU, (i + j) % 3 ? teal : mag)
      disc(img, x, y, 4, wht)
    }
  const cx = W / 2,
    cy = 258
  disc(img, cx, cy, 124, blk)
  disc(img, cx, cy, 116, wht)
  disc(img, cx, cy, 104, teal)
  for (let k = 0; k < 10; k++)
    drop(img, cx + 40 * Math.cos((k * TAU) / 10), cy + 40 * Math.sin((k * TAU) / 10), 15, (k * TAU) / 10, k % 2 ? mag : yel)
  disc(img, cx, cy, 22, blk)
  disc(img, cx, cy, 12, yel)
  for (let k = 0; k < 20; k++) disc(img, cx + 92 * Math.cos((k * TAU) / 20), cy + 92 * Math.sin((k * TAU) / 20), 5, wht)
  for (let x = B + 44, k = 0; x < W - B - 30; x += 38, k++) disc(img, x, 518, k % 2 ? 4 : 7, k % 2 ? mag : teal)
  rect(img, B + 70, 430, W - 2 * B - 140, 52, blk)
  rect(img, B + 76, 436, W - 2 * B - 152, 40, wht)
  texture(img, 55, 0.1, 120)
  return img
}
// Zulu: glass-bead work — a bead grid carrying bands of triangles and nested diamonds in bold colours on white.
function zulu() {
  const S = 20,
    img = sheet('#f3efe6')
  const P = { w: '#f3efe6', k: '#1b1a19', r: '#c62828', b: '#1e4fa3', y: '#f2bd00', g: '#2e7d32', p: '#e3739f' }
  const tri = ['r', 'b', 'y', 'g'],
    dia = [
      ['y', 'r', 'k', 'b'],
      ['p', 'g', 'k', 'r'],
      ['w', 'b', 'k', 'y'],
    ]
  const bead = (i, j) => {
    if (j < 2 || j > 29 || j === 8 || j === 23) return 'k'
    if (j < 8 || j > 23) {
      const r = j < 8 ? j - 2 : 29 - j,
        m = j < 8 ? i : i + 6,
        dx = Math.abs((m % 12) - 5.5)
      return dx <= r - 0.5 ? tri[Math.floor(m / 12) % 4] : 'w'
    }
    const u = Math.abs((i % 16) - 7.5) + Math.abs(j - 15.5),
      pal = dia[Math.floor(i / 16) % 3]
    return u <= 2 ? pal[0] : u <= 4.5 ? pal[1] : u <= 5.5 ? pal[2] : u <= 7 ? pal[3] : 'w'
  }
  // Each bead is shaded as a smooth glossy sphere (no hard edges: cheap for JPEG, soft on the eye).
  field(
    img,
    [0, 0, W, H],
    (x, y) => {
      const c = hex(P[bead(Math.floor(x / S), Math.floor(y / S))]),
        dx = ((x % S) / S) * 2 - 1,
        dy = ((y % S) / S) * 2 - 1
      const k = 0.7 + 0.3 * Math.sqrt(Math.max(0, 1 - 0.85 * (dx * dx + dy * dy))),
        hl = 0.45 * Math.exp(-((dx + 0.35) ** 2 + (dy + 0.35) ** 2) / 0.06)
      return c.map((v) => v * k + (255 - v * k) * hl)
    },
    1,
  )
  return img
}
// Amharic: Ethiopian tibeb — white cotton (netela/kemis) ground with woven borders of coloured crosses, diamonds and sawtooth.
function amharic() {
  const img = sheet('#f3eee3'),
    C = ['#1f7a45', '#e8b21d', '#c0262d', '#2a4f9c', '#6b2e7e'].map(hex),
    ink = hex('#1f1b18')
  const edge = (y, dir) => [C[0], C[1], C[2]].forEach((c, k) => rect(img, 0, y + dir * k * 5, W, 3, c))
  const saw = (y, dir) => {
    for (let x = 0, k = 0; x < W; x += 16, k++)
      poly(
        img,
        [
          [x, y],
          [x + 16, y],
          [x + 8, y + dir * 12],
        ],
        C[k % 5],
      )
  }
  const cross = (cx, cy, s, c, c2) => {
    const a = s / 6
    rect(img, cx - a, cy - s / 2, 2 * a, s, c)
    rect(img, cx - s / 2, cy - a, s, 2 * a, c)
    for (const [dx, dy] of [
      [0, -1],
      [0, 1],
      [-1, 0],
      [1, 0],
    ])
      rect(img, cx + (dx * s) / 2 - (dy ? 2 * a : a / 2), cy + (dy * s) / 2 - (dx ? 2 * a : a / 2), dy ? 4 * a : a, dx ? 4 * a : a, c)
    diamond(img, cx, cy, a * 1.2, a * 1.2, c2)
  }
  edge(54, -1)
  saw(58, 1)
  edge(118, 1)
  saw(114, -1)
  for (let x = 14, k = 0; x < W; x += 28, k++) {
    diamond(img, x, 86, 12, 12, C[k % 5])
    diamond(img, x, 86, 4, 4, hex('#f3eee3'))
  }
  edge(438, -1)
  saw(442, 1)
  edge(588, 1)
  saw(584, -1)
  for (let x = 40, k = 0; x < W; x += 80, k++) {
    cross(x, 513, 54, C[(k * 2) % 5], (k * 2) % 5 === 1 ? ink : C[1])
    diamond(img, x + 40, 513, 22, 34, C[(k * 2 + 3) % 5])
    diamond(img, x + 40, 513, 12, 20, hex('#f3eee3'))
    diamond(img, x + 40, 513, 5, 8, ink)
  }
  rect(img, 0, 466, W, 2, ink, 0.5)
  rect(img, 0, 560, W, 2, ink, 0.5)
  texture(img, 77, 0.05, 150)
  return img
}
// Afan Oromo: Oromo/Harari coiled baskets hung on an earth wall, rings of zigzags and checks around an Odaa (sycamore) tree.
function afanOromo() {
  const img = sheet('#7a4526'),
    P = { o: hex('#dc9c40'), r: hex('#a3341f'), k: hex('#1d1511'), c: hex('#efd9aa'), g: hex('#3d6b35') }
  const basket = (cx, cy, R, rings) => {
    disc(img, cx + 8, cy + 12, R + 2, '#2a160c', 0.45)
    field(img, [cx - R, cy - R, cx + R, cy + R], (x, y) => {
      const r = Math.hypot(x - cx, y - cy) / R,
        th = (Math.atan2(y - cy, x - cx) + Math.PI) / TAU
      if (r > 1) return null
      const idx = rings.findIndex((g) => r <= g[0]),
        [r1, kind, c1, c2, n] = rings[idx],
        r0 = idx ? rings[idx - 1][0] : 0,
        u = (r - r0) / (r1 - r0)
      const t = (th * n) % 1,
        cell = Math.floor(th * n) + Math.floor(u * 2)
      const c =
        kind === 'tri'
          ? Math.abs(t - 0.5) * 2 < u
            ? c2
            : c1
          : kind === 'chk'
            ? cell % 2
              ? c2
              : c1
            : kind === 'ray'
              ? t < 0.35
                ? c2
                : c1
              : c1
      const k = 1 - 0.05 * (0.5 + 0.5 * Math.cos(((r * R) / 7) * TAU))
      return [c[0] * k, c[1] * k, c[2] * k]
    })
  }
  const R = [
    [0.2, 'solid', P.c],
    [0.27, 'ray', P.o, P.k, 36],
    [0.42, 'tri', P.o, P.r, 16],
    [0.48, 'solid', P.k],
    [0.62, 'chk', P.c, P.r, 32],
    [0.68, 'solid', P.o],
    [0.84, 'tri', P.k, P.o, 24],
    [0.9, 'ray', P.o, P.r, 64],
    [1, 'solid', P.k],
  ]
  basket(90, 90, 170, R)
  basket(
    900,
    560,
    190,
    R.map((g) => [g[0], g[1], g[2], g[3] === P.r ? P.g : g[3], g[4]]),
  )
  basket(880, 70, 120, R)
  basket(
    70,
    580,
    130,
    R.map((g) => [g[0], g[1], g[2], g[3] === P.r ? P.g : g[3], g[4]]),
  )
  basket(480, 320, 290, R)
  rect(img, 474, 318, 12, 40, P.k)
  for (const [dx, dy, r] of [
    [0, -12, 26],
    [-26, -2, 18],
    [26, -2, 18],
    [-14, -24, 18],
    [14, -24, 18],
  ])
    disc(img, 480 + dx, 320 + dy, r, P.g)
  rect(img, 440, 356, 80, 4, P.k)
  texture(img, 88, 0.14, 100)
  return img
}

// ---------- icons: the Òwe mark (raster.mjs) on indigo ----------
function icon(size, kind) {
  const img = canvas(size, size, INDIGO, kind === 'any' ? 0 : 255),
    half = size / 2,
    rr = size * 0.22
  if (kind === 'any')
    draw(
      img,
      [0, 0, size, size],
      (x, y) => {
        const qx = Math.abs(x - half) - (half - rr),
          qy = Math.abs(y - half) - (half - rr)
        return Math.hypot(Math.max(qx, 0), Math.max(qy, 0)) + Math.min(Math.max(qx, qy), 0) - rr
      },
      INDIGO,
    )
  mark(img, half, half, size * (kind === 'maskable' ? 0.8 : kind === 'apple' ? 0.9 : 1))
  const png = new PNG({ width: size, height: size })
  png.data = Buffer.from(img.d.buffer)
  return PNG.sync.write(png, { colorType: kind === 'any' ? 6 : 2 }) // maskable and apple icons are opaque RGB
}
// The notification badge: the bubble's silhouette alone, white on transparent (systems draw badges from
// their alpha only, so the full-colour icon would show as a plain square).
function badge(size) {
  const img = canvas(size, size, '#ffffff', 0),
    s = size * 1.15,
    at = (x, y) => [size / 2 + x * s, size / 2 + y * s]
  disc(img, ...at(0.02, -0.04), 0.31 * s, '#ffffff')
  poly(img, [at(-0.2, 0.1), at(-0.03, 0.23), at(-0.29, 0.34)], '#ffffff')
  const png = new PNG({ width: size, height: size })
  png.data = Buffer.from(img.d.buffer)
  return PNG.sync.write(png, { colorType: 6 })
}
const FAVICON = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">
  <rect width="100" height="100" rx="22" fill="${INDIGO}"/>
  <circle cx="52" cy="46" r="31" fill="${GOLD}"/>
  <path d="M30 60 L47 73 L21 84 Z" fill="${GOLD}"/>
  <g fill="none" stroke="${INDIGO}" stroke-width="4.2">${EARS.map(([x, y]) => `<circle cx="${52 + x * 9.5}" cy="${46 + y * 9.5}" r="6"/>`).join('')}</g>
  <path d="M52 41 L57 46 L52 51 L47 46 Z" fill="${INDIGO}"/>
</svg>
`

// ---------- output ----------
let failed = false
function save(file, buf, note = '') {
  mkdirSync(dirname(file), { recursive: true })
  writeFileSync(file, buf)
  console.log(`${relative(ROOT, file).padEnd(34)} ${(buf.length / 1024).toFixed(1).padStart(6)} KB${note}`)
  return buf.length
}
// slug -> [pattern, luma blur radius, chroma blur radius] (akan's block-aligned edges encode best unblurred).
const patterns = {
  yoruba: [yoruba, 1, 3],
  igbo: [igbo, 1, 3],
  hausa: [hausa, 1, 3],
  akan: [akan, 0, 0],
  kiswahili: [kiswahili, 1, 3],
  zulu: [zulu, 1, 3],
  amharic: [amharic, 1, 3],
  'afan-oromo': [afanOromo, 1, 3],
}
// The middle band of a picture, `rows` pixels tall.
// Its top stays on the 8-px JPEG block grid, as the patterns' edges do.
function band(img, rows) {
  const top = Math.floor((img.h - rows) / 16) * 8 * img.w * 4
  return { w: img.w, h: rows, d: img.d.subarray(top, top + rows * img.w * 4), s: img.s }
}
const WIDE_ROWS = 420
const only = process.env.IMAGES_ONLY // e.g. IMAGES_ONLY=wide to remake just the wide banners
for (SCALE of [1, 1.5])
  for (const [slug, [make, ry, rc]] of Object.entries(patterns)) {
    if (only && only !== (SCALE === 1 ? 'scroll' : 'wide')) continue
    let img = make()
    soften(img, Math.round(ry * SCALE), Math.round(rc * SCALE))
    if (SCALE !== 1) img = band(img, WIDE_ROWS)
    let q = 94,
      buf
    do buf = jpeg.encode({ data: img.d, width: img.w, height: img.h }, (q -= 4)).data
    while (buf.length > TARGET_KB * 1024 && q > 30)
    const file = SCALE === 1 ? join(PUB, 'img', `${slug}-scroll.jpeg`) : join(PUB, 'img', 'wide', `${slug}-scroll.jpeg`)
    if (save(file, buf, `  (q${q})`) >= MAX_KB * 1024) {
      failed = true
      console.error(`  ✗ ${slug} (${img.w}×${img.h}): over ${MAX_KB} KB`)
    }
    if (SCALE === 1) {
      const avif = await sharp(Buffer.from(img.d.buffer, img.d.byteOffset, img.d.byteLength), {
        raw: { width: img.w, height: img.h, channels: 4 },
      })
        .avif({ quality: AVIF_QUALITY, effort: 6 })
        .toBuffer()
      if (save(join(PUB, 'img', `${slug}-scroll.avif`), avif, `  (q${AVIF_QUALITY})`) >= AVIF_MAX_KB * 1024) {
        failed = true
        console.error(`  ✗ ${slug}: AVIF over ${AVIF_MAX_KB} KB`)
      }
    }
  }
for (const size of [192, 512]) {
  save(join(PUB, 'icons', `icon-${size}.png`), icon(size, 'any'))
  save(join(PUB, 'icons', `maskable-${size}.png`), icon(size, 'maskable'))
}
save(join(PUB, 'icons', 'apple-touch-icon.png'), icon(180, 'apple'))
save(join(PUB, 'icons', 'badge-96.png'), badge(96))
save(join(PUB, 'favicon.svg'), Buffer.from(FAVICON))
if (failed) process.exit(1)
