// @vitest-environment jsdom
import 'fake-indexeddb/auto'
import { cleanup, screen } from '@testing-library/react'
import { afterEach, expect, test } from 'vitest'
import { announceQueue } from '@/offline/queue'
import { renderWithApp, testQueryClient } from './test-render'
import { useQueueRead } from './queue-read'

afterEach(cleanup)

/** What the device holds, as a screen reads it. */
let held = 'pending'

function Delivery() {
  const { data } = useQueueRead(['outbox'], 7, ['delivery', 7], async () => held)
  return <p>{data ?? 'reading'}</p>
}

test('a change made while no screen listened is read when the next one starts hearing, though its read is cached', async () => {
  const client = testQueryClient()
  const first = renderWithApp(<Delivery />, { client })
  expect(await screen.findByText('pending')).toBeTruthy()
  // A change heard while shown is read again.
  held = 'sent'
  announceQueue('outbox', 7)
  expect(await screen.findByText('sent')).toBeTruthy()

  // Between two screens (the player left, the result not drawn yet) the worker delivers and says so: nobody hears it.
  first.unmount()
  held = 'delivered'
  announceQueue('outbox', 7)
  renderWithApp(<Delivery />, { client })
  expect(await screen.findByText('delivered')).toBeTruthy()
})
