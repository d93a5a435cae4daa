import { cookies } from "next/headers";
import { getRequestConfig } from "next-intl/server";
import { messagesFor } from "./catalogues";
import { LOCALE_COOKIE, localeOr, timeZone } from "./locales";

export { timeZone };

/** Each page's language: the `lang` cookie (set by GET /api/language), English without one. */
export default getRequestConfig(async () => {
  const locale = localeOr((await cookies()).get(LOCALE_COOKIE)?.value);
  return { locale, timeZone, messages: messagesFor(locale) };
});
