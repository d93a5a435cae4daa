import { createTranslator } from "next-intl";
import { messagesFor, type Messages } from "./catalogues";
import { currentLocale } from "./current-locale";
import { timeZone, type Locale } from "./locales";

export type { Messages };

/**
 * Translations outside React (emails, route handlers, jobs), from the same bundled messages as the
 * pages. The language is `locale` when given, else the one of the request being answered (its
 * `lang` cookie) or of a `withLocale` scope, else English (lib/i18n/current-locale.ts). An email
 * is therefore in the language of the person whose action caused it; one sent by a job is in
 * English unless the job carries a language (the sign-in link's does).
 */
export function translator(locale: Locale = currentLocale()) {
  return createTranslator({ locale, messages: messagesFor(locale), timeZone });
}
