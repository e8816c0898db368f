// Writes .br and .gz beside every compressible file in dist/, so the server sends them precompressed.
import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'
import { writeInstallBundle } from './install-bundle.mjs'

const root = path.resolve(process.argv[2] ?? 'dist')
// The worker's first install in one file (scripts/install-bundle.mjs), compressed below with the rest.
if (fs.existsSync(path.join(root, 'firebase-messaging-sw.js'))) writeInstallBundle(root)
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|map|bin)$/

function* files(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) yield* files(full)
    else if (COMPRESSIBLE.test(entry.name)) yield full
  }
}

let count = 0
for (const file of files(root)) {
  const source = fs.readFileSync(file)
  if (source.length < 512) continue
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(source, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }))
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(source, { level: 9 }))
  count++
}
console.log(`precompressed ${count} files in ${path.relative(process.cwd(), root) || '.'}`)
