import type { ReactNode } from "react";
import { getLocale, getMessages, getTimeZone } from "next-intl/server";
import { IntlClientProvider } from "./intl-client-provider";
import { ROOT_CLIENT_NAMESPACES } from "@/lib/i18n/client-namespaces";
import { pickMessages } from "@/lib/i18n/pick-messages";

/**
 * Hands the client components under it the message namespaces they use (and the root layout's,
 * for the toasts and error views), in the page's language, rather than the whole catalogue: what a
 * provider is given is serialised into the page's HTML and parsed on every load (docs/speed.md,
 * "Public and director pages"). A page wraps everything it renders in one, listing the namespaces
 * of every client component it renders, directly or through server components;
 * lib/i18n/client-namespaces.test.ts fails when one is missing.
 */
export async function ClientMessages({ namespaces, children }: { namespaces: readonly string[]; children: ReactNode }) {
  const [messages, locale, timeZone] = await Promise.all([getMessages(), getLocale(), getTimeZone()]);
  return (
    <IntlClientProvider locale={locale} timeZone={timeZone} messages={pickMessages(messages, [...ROOT_CLIENT_NAMESPACES, ...namespaces])}>
      {children}
    </IntlClientProvider>
  );
}
