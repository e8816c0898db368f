import type { PushOutcome, PushSender } from '../../server/src/services/push'
import type { PushData } from '../../src/core/notifications/contract'

/**
 * The PushSender interface recording every send and answering 'sent': for tests of who is pushed what.
 * (How FCM itself is spoken to is tested against tests/support/fcm-stand-in.ts.)
 */
export function recordingPush() {
  const calls: { token: string; data: PushData }[] = []
  const sender: PushSender & { calls: typeof calls } = {
    configured: true,
    calls,
    send: async (token, data): Promise<PushOutcome> => {
      calls.push({ token, data })
      return 'sent'
    },
  }
  return sender
}
