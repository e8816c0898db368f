/** Texts the requirements give verbatim (docs/requirements.md). Tests assert them exactly; change them only with it. */

export const COOKIE_BANNER_TEXT =
  'This website uses cookies to improve user experience. By using our website you consent to all Terms of Usage in accordance with our Privacy Policy'
export const COOKIE_ALLOW_LABEL = 'Allow cookies'
export const COOKIE_DECLINE_LABEL = 'Decline'

export const NUMBER_OUT_OF_RANGE = 'Number out of range (0-999)'

export const CLOSE_ADS_LABEL = 'Close Ads'
export const QUIZ_FETCH_ERROR = 'An error occured fetching questions'
export const DEVICE_TOKEN_SAVE_FAILED = 'Failed to save token to the server.'

/** Òwe's own: a chart (src/components/chart-figure.tsx) whose drawing could not load, offline say. */
export const CHART_FAILED = 'The chart could not be drawn; its numbers are in the table.'
