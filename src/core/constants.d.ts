/** Business constants from the specification (§9) and PRODUCT.md, kept in one place. */
export declare const COOKIE_CONSENT_COOKIE = "cookieConsent";
export declare const COOKIE_CONSENT_DAYS = 30;
export declare const NOTIFICATION_POLL_MS = 5000;
export declare const NOTIFICATION_PAGE_DEFAULT = 1;
export declare const NOTIFICATION_SIZE_DEFAULT = 7;
export declare const ADS_REQUEST_DELAY_MS = 10;
export declare const QUIZ_FIRST_QUESTION_INDEX = 1;
export declare const REGISTRATION_FIRST_STEP = 1;
export declare const SHORTEN_ABOVE = 35;
export declare const SHORTEN_KEEP = 28;
export declare const PAGE_SIZE_DEFAULT = 20;
export declare const PAGE_SIZE_MAX = 100;
export type CurrencyCode = 'USD' | 'NGN';
export declare const CURRENCIES: Record<CurrencyCode, {
    code: CurrencyCode;
    symbol: string;
    name: string;
}>;
/** Naira per US dollar when no exchange rate is configured (spec §9). */
export declare const NAIRA_PER_DOLLAR = 1000;
/** The eight languages of spec §1, in the spec's order, with the slug of their scroll image (§2). */
export declare const LANGUAGE_SLUGS: readonly ["yoruba", "igbo", "hausa", "akan", "kiswahili", "zulu", "amharic", "afan-oromo"];
export type LanguageSlug = (typeof LANGUAGE_SLUGS)[number];
export declare function isLanguageSlug(value: string): value is LanguageSlug;
/** Path of a language's scroll background, or null for languages without one (spec §2). */
export declare function scrollImagePath(slug: string): string | null;
