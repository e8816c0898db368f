export type Range = [number, number]
export const LATIN_EXT_RANGE: Range[]
export const AFRICAN_LETTERS: number[]
export const COMBINING_MARKS: number[]
export function toRanges(codePoints: number[]): Range[]
export function withoutCodePoints(ranges: Range[], codePoints: number[]): Range[]
export function rangeText(ranges: Range[]): string
export function parseRangeText(text: string): Range[]
export function fontFaceRules(): string
