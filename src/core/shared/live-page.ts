/**
 * The names the app and index.html's head script (./head-script.ts) share about a page the server rendered. Apart
 * from the script itself: the build cannot drop a string made from imported values, so the app's first page imports
 * these two names alone.
 */

/** The attribute on `<html>` once the app has taken the page over: from then on React answers every tap. */
export const LIVE_ATTRIBUTE = 'data-live'

/** Where the head script keeps the buttons pressed before the app took the page over. */
export const EARLY_TAPS_KEY = '__oweEarlyTaps'
