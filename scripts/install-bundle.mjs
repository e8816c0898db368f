// Writes <dir>/install.bin: the hashed files of the worker's first install (those its manifest marks `first`, under
// assets/) in one file, so that a first visit on a slow line installs in one request instead of a hundred, each of
// which would pay the line's latency (docs/decisions/022-device-first.md). The worker reads it with
// sw/install-bundle.ts; a file it lacks, or of another revision, the worker fetches on its own.
// Format: a 4-byte big-endian length, that many bytes of JSON ({ files: [{ url, revision, type, size }] }), then the
// files' bytes one after another in that order.
import fs from 'node:fs'
import path from 'node:path'

const TYPES = { js: 'text/javascript', css: 'text/css', woff2: 'font/woff2', svg: 'image/svg+xml', png: 'image/png' }

/** The worker's manifest, as the build injected it into the worker. */
export function workerManifest(workerSource) {
  const found = workerSource.match(/\[\{"(?:first|revision)":[\s\S]*?\}\]/)
  if (!found) throw new Error("The worker's manifest was not found in the worker")
  return JSON.parse(found[0])
}

/** The bundle of these files ({ url, revision, body: Buffer }). */
export function packInstallBundle(files) {
  const header = Buffer.from(
    JSON.stringify({
      files: files.map(({ url, revision, body }) => ({
        url,
        revision,
        type: TYPES[url.split('.').pop()] ?? 'application/octet-stream',
        size: body.length,
      })),
    }),
  )
  const length = Buffer.alloc(4)
  length.writeUInt32BE(header.length)
  const bundle = Buffer.concat([length, header, ...files.map((file) => file.body)])
  return new Uint8Array(bundle.buffer, bundle.byteOffset, bundle.byteLength)
}

export function writeInstallBundle(dir) {
  const entries = workerManifest(fs.readFileSync(path.join(dir, 'firebase-messaging-sw.js'), 'utf8'))
  const files = entries
    .filter((entry) => entry.first && entry.url.startsWith('assets/'))
    .map((entry) => ({ url: entry.url, revision: entry.revision, body: fs.readFileSync(path.join(dir, entry.url)) }))
  const bundle = packInstallBundle(files)
  fs.writeFileSync(path.join(dir, 'install.bin'), bundle)
  return { files: files.length, bytes: bundle.length }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dir = path.resolve(process.argv[2] ?? 'dist')
  const { files, bytes } = writeInstallBundle(dir)
  console.log(`install bundle: ${files} files, ${Math.round(bytes / 1024)} KB in ${path.relative(process.cwd(), dir) || '.'}/install.bin`)
}
