import { readStorageState, type StorageState } from '@/lib/device-keeping'

export type WorkerState = {
  supported: boolean
  registered: boolean
  /** The active worker's state ('activated', 'activating'), or null when none is active. */
  active: string | null
  /** A new version installed and waiting for the "reload" prompt. */
  waiting: boolean
  controlling: boolean
  scope: string | null
}

export type Diagnostics = { worker: WorkerState; storage: StorageState | null }

async function readWorker(): Promise<WorkerState> {
  if (!('serviceWorker' in navigator))
    return { supported: false, registered: false, active: null, waiting: false, controlling: false, scope: null }
  const registration = await navigator.serviceWorker.getRegistration()
  return {
    supported: true,
    registered: registration !== undefined,
    active: registration?.active?.state ?? null,
    waiting: Boolean(registration?.waiting),
    controlling: navigator.serviceWorker.controller !== null,
    scope: registration?.scope ?? null,
  }
}

/** What the /test page reports about this browser: its worker and the storage Òwe uses. */
export async function readDiagnostics(): Promise<Diagnostics> {
  const [worker, storage] = await Promise.all([readWorker(), readStorageState().catch(() => null)])
  return { worker, storage }
}
