import { AsyncLocalStorage } from "node:async_hooks";
import { workUnitAsyncStorage } from "next/dist/server/app-render/work-unit-async-storage.external";
import { defaultLocale, LOCALE_COOKIE, localeOr, type Locale } from "./locales";

/*
 * The language of server code outside React (emails, API messages, jobs), found synchronously so
 * that `translator()` keeps its one-line calls:
 * 1. a scope opened with `withLocale` (a job that carries the language of the request that sent it);
 * 2. else the `lang` cookie of the request being answered (a page, a server action, a route);
 * 3. else English (a job, a script, a test).
 *
 * (2) reads the request Next.js is answering from its own request store, the store behind
 * `cookies()` of next/headers: that function answers a promise only, and translations are made in
 * synchronous code all through lib/server. The store is an internal of Next.js (pinned in
 * package.json); anything unexpected there means English, never an error.
 */

const scope = new AsyncLocalStorage<Locale>();

/** Runs `fn` with server-side translations in `locale` (undefined: as if no scope were open). */
export function withLocale<T>(locale: Locale | undefined, fn: () => T): T {
  return locale ? scope.run(locale, fn) : fn();
}

function requestCookieLocale(): Locale | undefined {
  try {
    const store = workUnitAsyncStorage.getStore();
    if (store?.type !== "request") return undefined;
    const value = store.cookies.get(LOCALE_COOKIE)?.value;
    return value === undefined ? undefined : localeOr(value);
  } catch {
    return undefined;
  }
}

/** The language for server-side text now (see above). */
export function currentLocale(): Locale {
  return scope.getStore() ?? requestCookieLocale() ?? defaultLocale;
}
