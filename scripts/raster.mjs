// The tiny raster toolkit make-images.mjs and make-adverts.mjs draw with: an RGBA canvas, "over"
// blending, anti-aliased shapes from signed-distance functions, a seeded PRNG, and the Òwe mark.
// Both scripts' committed outputs are byte-for-byte what this code draws: any change here must leave
// `npm run images` and `npm run adverts` producing identical files, or remake and commit them.

export const clamp = (v, a = 0, b = 1) => Math.max(a, Math.min(b, v))
export const hex = (s) => [1, 3, 5].map((i) => parseInt(s.slice(i, i + 2), 16))
export const col = (c) => (typeof c === 'string' ? hex(c) : c)
export const mix = (a, b, t) => col(a).map((v, i) => v + (col(b)[i] - v) * t)
export const TAU = Math.PI * 2
export function mulberry32(seed) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}
// A canvas drawn in w×h units at `scale` pixels each (2 for a sharper copy of the same picture); the
// shapes below take units, so a drawing is the same at any scale.
export function canvas(w, h, bg, alpha = 255, scale = 1) {
  const d = new Uint8ClampedArray(w * scale * h * scale * 4),
    c = bg ? col(bg) : [0, 0, 0]
  for (let i = 0; i < d.length; i += 4) d.set([c[0], c[1], c[2], alpha], i)
  return { w: w * scale, h: h * scale, d, s: scale }
}
export const copy = (img) => ({ w: img.w, h: img.h, d: new Uint8ClampedArray(img.d), s: img.s })
// On an opaque pixel (da = 1) oa is exactly 1, so this is exactly c·a + d·(1 − a): opaque canvases stay opaque.
export function blend(img, x, y, c, a) {
  if (a <= 0 || x < 0 || y < 0 || x >= img.w || y >= img.h) return
  const d = img.d,
    i = (y * img.w + x) * 4,
    da = d[i + 3] / 255,
    oa = a + da * (1 - a)
  for (let k = 0; k < 3; k++) d[i + k] = (c[k] * a + d[i + k] * da * (1 - a)) / oa
  d[i + 3] = oa * 255
}
// Fill every pixel of a bounding box by coverage of a signed-distance function (canvas units, <0 inside).
export function draw(img, [x0, y0, x1, y1], sd, c, a = 1) {
  const rgb = col(c),
    s = img.s ?? 1
  for (let y = Math.max(0, Math.floor(y0 * s) - 1); y <= Math.min(img.h - 1, Math.ceil(y1 * s) + 1); y++)
    for (let x = Math.max(0, Math.floor(x0 * s) - 1); x <= Math.min(img.w - 1, Math.ceil(x1 * s) + 1); x++) {
      const cov = clamp(0.5 - sd((x + 0.5) / s, (y + 0.5) / s) * s)
      if (cov > 0) blend(img, x, y, rgb, a * cov)
    }
}
// A sharp-cornered rectangle (its corners anti-alias as squares, unlike rrect's with r = 0).
export const rect = (img, x, y, w, h, c, a) =>
  draw(img, [x, y, x + w, y + h], (px, py) => Math.max(x - px, px - x - w, y - py, py - y - h), c, a)
export const boxSd = (x, y, w, h, r) => (px, py) => {
  const qx = Math.abs(px - x - w / 2) - (w / 2 - r),
    qy = Math.abs(py - y - h / 2) - (h / 2 - r)
  return Math.hypot(Math.max(qx, 0), Math.max(qy, 0)) + Math.min(Math.max(qx, qy), 0) - r
}
export const rrect = (img, x, y, w, h, r, c, a) => draw(img, [x, y, x + w, y + h], boxSd(x, y, w, h, r), c, a)
export const disc = (img, cx, cy, r, c, a) => draw(img, [cx - r, cy - r, cx + r, cy + r], (x, y) => Math.hypot(x - cx, y - cy) - r, c, a)
export const ring = (img, cx, cy, r, t, c, a) =>
  draw(img, [cx - r - t, cy - r - t, cx + r + t, cy + r + t], (x, y) => Math.abs(Math.hypot(x - cx, y - cy) - r) - t / 2, c, a)
function segDist(px, py, ax, ay, bx, by) {
  const dx = bx - ax,
    dy = by - ay,
    l = dx * dx + dy * dy
  const t = l ? clamp(((px - ax) * dx + (py - ay) * dy) / l) : 0
  return Math.hypot(px - ax - t * dx, py - ay - t * dy)
}
// Several polylines [[[x,y],...],...] stroked as one shape (no double-blending at joints or crossings);
// a polyline of one point is a dot.
export function strokes(img, lines, t, c, a) {
  const pts = lines.flat(),
    xs = pts.map((p) => p[0]),
    ys = pts.map((p) => p[1])
  const segs = lines.flatMap((l) => (l.length === 1 ? [[...l[0], ...l[0]]] : l.slice(1).map((p, i) => [...l[i], ...p])))
  draw(
    img,
    [Math.min(...xs) - t, Math.min(...ys) - t, Math.max(...xs) + t, Math.max(...ys) + t],
    (x, y) => {
      let m = Infinity
      for (const s of segs) m = Math.min(m, segDist(x, y, ...s))
      return m - t / 2
    },
    c,
    a,
  )
}
export const path = (img, pts, t, c, a) => strokes(img, [pts], t, c, a)
export const line = (img, ax, ay, bx, by, t, c, a) =>
  path(
    img,
    [
      [ax, ay],
      [bx, by],
    ],
    t,
    c,
    a,
  )
// Convex polygon.
export function poly(img, pts, c, a) {
  let area = 0
  pts.forEach((p, i) => {
    const q = pts[(i + 1) % pts.length]
    area += p[0] * q[1] - q[0] * p[1]
  })
  const s = Math.sign(area) || 1,
    xs = pts.map((p) => p[0]),
    ys = pts.map((p) => p[1])
  const edges = pts.map((p, i) => {
    const q = pts[(i + 1) % pts.length],
      l = Math.hypot(q[0] - p[0], q[1] - p[1])
    return [p[0], p[1], (q[0] - p[0]) / l, (q[1] - p[1]) / l]
  })
  draw(
    img,
    [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)],
    (x, y) => {
      let m = -Infinity
      for (const [px, py, dx, dy] of edges) m = Math.max(m, -s * (dx * (y - py) - dy * (x - px)))
      return m
    },
    c,
    a,
  )
}
export const diamond = (img, cx, cy, rx, ry, c, a) =>
  poly(
    img,
    [
      [cx, cy - ry],
      [cx + rx, cy],
      [cx, cy + ry],
      [cx - rx, cy],
    ],
    c,
    a,
  )

// ---------- the Òwe mark: a gold speech bubble holding Mate Masie ("what I hear, I keep"), the Adinkra sign of wisdom ----------
export const INDIGO = '#1f2a5a',
  GOLD = '#e0a526'
// Mate Masie's four ears, as directions from its centre (favicon.svg draws them too).
export const EARS = [
  [-1, -1],
  [1, -1],
  [-1, 1],
  [1, 1],
]
export function mark(img, cx, cy, s) {
  const at = (x, y) => [cx + x * s, cy + y * s]
  disc(img, ...at(0.02, -0.04), 0.31 * s, GOLD)
  poly(img, [at(-0.2, 0.1), at(-0.03, 0.23), at(-0.29, 0.34)], GOLD)
  for (const [dx, dy] of EARS) ring(img, ...at(0.02 + dx * 0.095, -0.04 + dy * 0.095), 0.06 * s, 0.042 * s, INDIGO)
  diamond(img, ...at(0.02, -0.04), 0.05 * s, 0.05 * s, INDIGO)
}
