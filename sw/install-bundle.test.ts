import { expect, test } from 'vitest'
import { packInstallBundle, workerManifest } from '../scripts/install-bundle.mjs'
import { readInstallBundle } from './install-bundle'

const bytes = (text: string) => new TextEncoder().encode(text)

const files = [
  { url: 'assets/index-A.js', revision: 'r1', body: bytes('export const a = 1') },
  { url: 'assets/noto-sans-latin-400-B.woff2', revision: 'r2', body: new Uint8Array([0, 1, 2, 255]) },
  { url: 'assets/index-C.css', revision: null, body: bytes('') },
]

test('the bundle the build writes splits back into the same files, each with its type', () => {
  const packed = packInstallBundle(files)
  const buffer = packed.buffer.slice(packed.byteOffset, packed.byteOffset + packed.byteLength)
  const read = readInstallBundle(buffer)
  expect(read.map(({ url, revision, type }) => ({ url, revision, type }))).toEqual([
    { url: 'assets/index-A.js', revision: 'r1', type: 'text/javascript' },
    { url: 'assets/noto-sans-latin-400-B.woff2', revision: 'r2', type: 'font/woff2' },
    { url: 'assets/index-C.css', revision: null, type: 'text/css' },
  ])
  expect(read.map((file) => [...file.body])).toEqual(files.map((file) => [...file.body]))
})

test('a bundle cut short is refused whole', () => {
  const packed = packInstallBundle(files)
  expect(() => readInstallBundle(packed.buffer.slice(packed.byteOffset, packed.byteOffset + packed.byteLength - 1))).toThrow(
    /holds \d+ bytes/,
  )
})

test('the manifest is read from the worker as the build injected it', () => {
  const source = 'x=1;self.__m=[{"first":true,"revision":"r","url":"index.html"},{"revision":null,"url":"assets/a-B.js"}];y=2'
  expect(workerManifest(source)).toEqual([
    { first: true, revision: 'r', url: 'index.html' },
    { revision: null, url: 'assets/a-B.js' },
  ])
})
