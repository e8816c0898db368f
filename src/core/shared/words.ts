import { NUMBER_OUT_OF_RANGE } from './texts'

const ONES = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
]
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety']

/**
 * English words for 0–999; anything else gives the specified out-of-range message
 * (docs/requirements.md#r16-display-helpers).
 */
export function numberToWords(n: number): string {
  if (!Number.isInteger(n) || n < 0 || n > 999) return NUMBER_OUT_OF_RANGE
  if (n < 20) return ONES[n]
  if (n < 100) {
    const rest = n % 10
    return rest === 0 ? TENS[n / 10] : `${TENS[Math.floor(n / 10)]}-${ONES[rest]}`
  }
  const hundreds = `${ONES[Math.floor(n / 100)]} hundred`
  const rest = n % 100
  return rest === 0 ? hundreds : `${hundreds} and ${numberToWords(rest)}`
}
