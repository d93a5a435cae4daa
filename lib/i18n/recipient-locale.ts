import { defaultLocale, isLocale, type Locale } from "./locales";

/** Who an email goes to, as far as language goes: their own choice, else their company's. */
export interface LanguageHolder {
  locale?: string | null;
}

/**
 * The language an email is written in: the recipient's (an individual's own choice), else their
 * company's (the contact's, for the contact and for individuals who chose none), else English.
 * Never the language of whoever caused the email: an administrator working in Welsh does not
 * write to an English-speaking director in Welsh.
 */
export function recipientLocale(...holders: (LanguageHolder | null | undefined)[]): Locale {
  for (const holder of holders) if (isLocale(holder?.locale)) return holder.locale;
  return defaultLocale;
}
