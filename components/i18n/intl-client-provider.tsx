"use client";

import type { ComponentProps } from "react";
import { NextIntlClientProvider } from "next-intl";

/**
 * next-intl's provider, the one place the browser's messages are handed over. A client module, so
 * its messages are exactly those it is given (next-intl's server provider would add the whole
 * catalogue of the page's language).
 */
export function IntlClientProvider(props: ComponentProps<typeof NextIntlClientProvider>) {
  return <NextIntlClientProvider {...props} />;
}
