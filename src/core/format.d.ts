import { type CurrencyCode } from './constants';
/** Text longer than 35 characters becomes its first 28 characters plus ' ...' (spec §5). */
export declare function shorten(text: string): string;
/** Removes HTML tags, keeping their text (spec §5). Not a sanitiser: React escapes what it renders. */
export declare function stripHtml(text: string): string;
/** English words for 0–999; anything else gives the spec's out-of-range message (spec §9). */
export declare function numberToWords(n: number): string;
/** 1234567.5 → "1,234,567.5" (spec §9: numbers with thousands separators). */
export declare function formatThousands(n: number, fractionDigits?: number): string;
/** US long date with an ordinal day: "November 21st, 2026" (spec §9). Reads the calendar date in UTC for ISO dates. */
export declare function formatLongDate(input: Date | string): string;
/** Dollars to the given currency at the spec's rate (or a configured one). */
export declare function convertFromDollars(amountUsd: number, currency: CurrencyCode, nairaPerDollar?: number): number;
/** "$1,234.50" or "₦25,000": symbol, thousands separators, cents only when there are any. */
export declare function formatCurrency(amount: number, currency: CurrencyCode): string;
