/** One file of the first install's bundle (scripts/install-bundle.mjs writes it): its address, revision, type and bytes. */
export type BundledFile = { url: string; revision: string | null; type: string; body: Uint8Array<ArrayBuffer> }

/** Splits the bundle into its files; a bundle that does not add up is refused whole. */
export function readInstallBundle(buffer: ArrayBuffer): BundledFile[] {
  const view = new DataView(buffer)
  const headerLength = view.getUint32(0)
  const header = JSON.parse(new TextDecoder().decode(new Uint8Array(buffer, 4, headerLength))) as {
    files: { url: string; revision: string | null; type: string; size: number }[]
  }
  let offset = 4 + headerLength
  const files = header.files.map(({ url, revision, type, size }) => {
    if (offset + size > buffer.byteLength) throw new Error(`The install bundle holds ${buffer.byteLength} bytes, its header says more`)
    const body = new Uint8Array(buffer, offset, size)
    offset += size
    return { url, revision, type, body }
  })
  if (offset !== buffer.byteLength) throw new Error(`The install bundle holds ${buffer.byteLength} bytes, its header says ${offset}`)
  return files
}
