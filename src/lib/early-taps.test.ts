// @vitest-environment jsdom
/** A button pressed before the app took over a server-rendered page: kept by the head script, pressed again after. */
import { expect, onTestFinished, test, vi } from 'vitest'
import { EARLY_TAPS_SCRIPT } from '@/core/shared/head-script'
import { LIVE_ATTRIBUTE } from '@/core/shared/live-page'
import { replayEarlyTaps } from './server-render'

test('a press before the app takes over is held, done once after, and later presses reach the app directly', async () => {
  new Function(EARLY_TAPS_SCRIPT)()
  document.body.innerHTML =
    '<form><button id="allow" type="submit"><span>Allow</span></button></form>' +
    '<button id="off" disabled>Off</button><button id="gone">Gone</button><a id="link" href="#next">Next</a>'
  const pressed: string[] = []
  const listener = (event: Event) => pressed.push((event.target as Element).closest('[id]')!.id)
  document.body.addEventListener('click', listener)
  onTestFinished(() => document.body.removeEventListener('click', listener))
  const submitted = vi.fn((event: Event) => event.preventDefault())
  document.querySelector('form')!.addEventListener('submit', submitted)
  const press = (id: string) =>
    (document.getElementById(id)!.firstElementChild ?? document.getElementById(id)!).dispatchEvent(
      new MouseEvent('click', { bubbles: true, cancelable: true }),
    )

  press('allow')
  press('allow')
  press('off')
  press('gone')
  press('link')
  // Only the link went on its way: the buttons' presses were held, and the form was not sent the browser's way.
  expect(pressed).toEqual(['off', 'link'])
  expect(submitted).not.toHaveBeenCalled()

  document.getElementById('gone')!.remove()
  await replayEarlyTaps()
  expect(document.documentElement.hasAttribute(LIVE_ATTRIBUTE)).toBe(true)
  // Pressed twice early, done once; the button that left the page is not pressed.
  expect(pressed).toEqual(['off', 'link', 'allow'])
  expect(submitted).toHaveBeenCalledTimes(1)

  press('allow')
  expect(pressed).toEqual(['off', 'link', 'allow', 'allow'])
  await replayEarlyTaps()
  expect(pressed).toHaveLength(4)
})

test('a button the app drew anew as it took the page over is found by its name and place, and pressed', async () => {
  document.documentElement.removeAttribute(LIVE_ATTRIBUTE)
  document.body.innerHTML = '<button aria-label="Favourite: Ọmọ">♡</button><button aria-label="Favourite: Ìwà">♡</button>'
  const pressed: string[] = []
  document.body.addEventListener('click', (event) => pressed.push((event.target as Element).getAttribute('aria-label') ?? ''))
  document.querySelectorAll('button')[1].dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }))
  expect(pressed).toEqual([])
  // The app replaces both buttons with its own, named the same.
  document.body.innerHTML = '<button aria-label="Favourite: Ọmọ">♡</button><button aria-label="Favourite: Ìwà">♡</button>'
  await replayEarlyTaps()
  expect(pressed).toEqual(['Favourite: Ìwà'])
})
