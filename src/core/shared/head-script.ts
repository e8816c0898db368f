import { CONSENT_SCRIPT } from './consent-script'

/** The attribute on `<html>` once the app has taken the page over: from then on React answers every tap. */
export const LIVE_ATTRIBUTE = 'data-live'

/** Where the head script keeps the buttons pressed before the app took the page over. */
export const EARLY_TAPS_KEY = '__oweEarlyTaps'

/**
 * A button on a page the server rendered (docs/decisions/017-server-rendered-pages.md) is on screen before the
 * app's code has arrived; on a slow phone a reader presses it in that gap, and the server's HTML alone would do
 * nothing. Until `<html>` carries LIVE_ATTRIBUTE this keeps each enabled button pressed (once, however many
 * times) and stops the press, so a button in a form sends nothing the browser's own way; the app presses
 * them again once it has taken the page over (`replayEarlyTaps`). Links are left alone: the browser
 * follows them to a page the server renders.
 */
export const EARLY_TAPS_SCRIPT =
  `(function(d){var q=window.${EARLY_TAPS_KEY}=[];d.addEventListener('click',function(e){` +
  `if(d.documentElement.hasAttribute('${LIVE_ATTRIBUTE}'))return;` +
  `var b=e.target&&e.target.closest?e.target.closest('button'):null;if(!b||b.disabled)return;` +
  `e.preventDefault();e.stopImmediatePropagation();if(q.indexOf(b)<0)q.push(b)},true)})(document);`

/** index.html's one inline script, run before anything paints: the cookie check, then the early taps' keeper. */
export const HEAD_SCRIPT = CONSENT_SCRIPT + ';' + EARLY_TAPS_SCRIPT
