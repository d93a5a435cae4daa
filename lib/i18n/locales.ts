/*
 * The portal's languages. Safe in the browser: no messages and no server code here.
 * There is no locale in the URL ("without i18n routing"): the language is a cookie, set by the
 * header's language link through GET /api/language, and English when there is none.
 */

export const locales = ["en-GB", "cy"] as const;
export type Locale = (typeof locales)[number];

export const defaultLocale: Locale = "en-GB";
export const timeZone = "Europe/London";

/** The cookie that remembers the language chosen: a year, SameSite=Lax, not HttpOnly (it holds no secret). */
export const LOCALE_COOKIE = "lang";
export const LOCALE_COOKIE_MAX_AGE = 60 * 60 * 24 * 365;

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (locales as readonly string[]).includes(value);
}

/** The locale a cookie's value names, or the default for anything else (absent, empty, unknown). */
export function localeOr(value: string | null | undefined, fallback: Locale = defaultLocale): Locale {
  return isLocale(value) ? value : fallback;
}

/** The other language: what the header's link offers. */
export function otherLocale(locale: Locale): Locale {
  return locale === "cy" ? "en-GB" : "cy";
}
