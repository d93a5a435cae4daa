import { IntlMessageFormat } from "intl-messageformat";
import { defaultLocale } from "./locales";

/**
 * The locale a message is formatted in, without asking the browser which locales its number
 * format supports. intl-messageformat (which next-intl's `t()` uses for every message with
 * arguments) resolves the locale with `Intl.NumberFormat.supportedLocalesOf`, and the browser's
 * first such call builds its list of every locale it knows: 85-290 ms of the page's main thread on
 * a phone (docs/speed.md, "The first number format of a page"). The portal's locales
 * (lib/i18n/locales.ts) are all supported, so the answer is the locale asked for, as the library's
 * own fallback gives it when none is supported.
 */
export function resolveMessageLocale(locales: string | string[]): Intl.Locale {
  return new Intl.Locale(typeof locales === "string" ? locales : (locales[0] ?? defaultLocale));
}

IntlMessageFormat.resolveLocale = resolveMessageLocale;
