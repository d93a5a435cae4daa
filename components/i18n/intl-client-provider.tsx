"use client";

import type { ComponentProps } from "react";
import { NextIntlClientProvider } from "next-intl";
import "@/lib/i18n/message-format-locale";

/**
 * next-intl's provider, with the messages' locale resolved as lib/i18n/message-format-locale.ts
 * does: this module is evaluated before the provider renders, so before any client component
 * under it formats a message.
 */
export function IntlClientProvider(props: ComponentProps<typeof NextIntlClientProvider>) {
  return <NextIntlClientProvider {...props} />;
}
