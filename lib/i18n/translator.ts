import { createTranslator } from "next-intl";
import { messagesFor, type Messages } from "./catalogues";
import { currentLocale } from "./current-locale";
import { timeZone, type Locale } from "./locales";

export type { Messages };

const build = (locale: Locale) => createTranslator({ locale, messages: messagesFor(locale), timeZone });
type Translator = ReturnType<typeof build>;

/**
 * One translator per language for the life of the process: the messages, the time zone and the
 * language never change, and a translator keeps the message formats it has parsed, so a job
 * rendering thousands of emails parses each message once, not once an email.
 */
const translators = new Map<Locale, Translator>();

/**
 * Translations outside React (emails, route handlers, jobs), from the same bundled messages as the
 * pages. The language is `locale` when given, else the one of the request being answered (its
 * `lang` cookie) or of a `withLocale` scope, else English (lib/i18n/current-locale.ts). An email
 * is therefore in the language of the person whose action caused it; one sent by a job is in
 * English unless the job carries a language (the sign-in link's does).
 */
export function translator(locale: Locale = currentLocale()): Translator {
  let t = translators.get(locale);
  if (!t) {
    t = build(locale);
    translators.set(locale, t);
  }
  return t;
}
