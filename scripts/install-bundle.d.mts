export type BundleFile = { url: string; revision: string | null; body: Uint8Array }
export function workerManifest(workerSource: string): { url: string; revision: string | null; first?: boolean }[]
export function packInstallBundle(files: BundleFile[]): Uint8Array<ArrayBuffer>
export function writeInstallBundle(dir: string): { files: number; bytes: number }
