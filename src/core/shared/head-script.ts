import { CONSENT_SCRIPT } from './consent-script'
import { EARLY_TAPS_KEY, LIVE_ATTRIBUTE } from './live-page'

/** What names a pressed button (its label, else its text): the app may draw the button anew as it takes the page over. */
export const TAP_LABEL = "(b.getAttribute('aria-label')||b.textContent)"

/**
 * A button on a page the server rendered (docs/decisions/017-server-rendered-pages.md) is on screen before the
 * app's code has arrived; on a slow phone a reader presses it in that gap, and the server's HTML alone would do
 * nothing. Until `<html>` carries LIVE_ATTRIBUTE this keeps each enabled button pressed (once, however many
 * times) and stops the press, so a button in a form sends nothing the browser's own way; the app presses
 * them again once it has taken the page over (`replayEarlyTaps`) — a button it drew anew is found by its name and
 * place (`tapTarget`). Links are left alone: the browser
 * follows them to a page the server renders.
 */
export const EARLY_TAPS_SCRIPT =
  `(function(d){var q=window.${EARLY_TAPS_KEY}=[];d.addEventListener('click',function(e){` +
  `if(d.documentElement.hasAttribute('${LIVE_ATTRIBUTE}'))return;` +
  `var b=e.target&&e.target.closest?e.target.closest('button'):null;if(!b||b.disabled)return;` +
  `e.preventDefault();e.stopImmediatePropagation();for(var i=0;i<q.length;i++)if(q[i].button===b)return;` +
  `var l=${TAP_LABEL},s=[].filter.call(d.querySelectorAll('button'),function(o){return ${TAP_LABEL.replace(/b\./g, 'o.')}===l});` +
  `q.push({button:b,label:l,index:s.indexOf(b)})},true)})(document);`

/** index.html's one inline script, run before anything paints: the cookie check, then the early taps' keeper. */
export const HEAD_SCRIPT = CONSENT_SCRIPT + ';' + EARLY_TAPS_SCRIPT
