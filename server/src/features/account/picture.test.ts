import { expect, test } from 'vitest'
import { sniffImageType } from './picture'

const bytes = (...values: number[]) => Uint8Array.from(values)

test('PNG, JPEG and WebP are told by their first bytes', () => {
  expect(sniffImageType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0))).toBe('image/png')
  expect(sniffImageType(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('image/jpeg')
  expect(sniffImageType(Uint8Array.from([...Buffer.from('RIFF'), 1, 2, 3, 4, ...Buffer.from('WEBPVP8 ')]))).toBe('image/webp')
})

test('anything else is not an image we accept, whatever it is called', () => {
  expect(sniffImageType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull()
  expect(sniffImageType(Buffer.from('GIF89a'))).toBeNull()
  expect(sniffImageType(Uint8Array.from([...Buffer.from('RIFF'), 1, 2, 3, 4, ...Buffer.from('WAVE')]))).toBeNull()
  expect(sniffImageType(new Uint8Array())).toBeNull()
})
