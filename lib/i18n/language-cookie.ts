import type { Env } from "@/lib/env";
import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE, type Locale } from "./locales";

/** The `lang` cookie for a language: a year, the whole site, SameSite=Lax; Secure over https. */
export function languageCookie(env: Pick<Env, "APP_URL">, locale: Locale) {
  return {
    name: LOCALE_COOKIE,
    value: locale,
    options: { path: "/", maxAge: LOCALE_COOKIE_MAX_AGE, sameSite: "lax" as const, secure: new URL(env.APP_URL).protocol === "https:", httpOnly: false },
  };
}
