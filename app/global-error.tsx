"use client";

import Link from "next/link";
import { useEffect, useState, type ComponentType } from "react";
import type { AbstractIntlMessages } from "next-intl";
import { IntlClientProvider } from "@/components/i18n/intl-client-provider";
import type { ErrorViewProps } from "@/components/errors/error-view";
import type { ErrorDefinition } from "@/lib/errors";
import "./globals.css";
import { messageOf } from "@/lib/error-message";
import { reportInBrowser } from "@/lib/log/browser";

const LOCALE = "en-GB";
const TIME_ZONE = "Europe/London";

interface Loaded {
  messages: AbstractIntlMessages;
  title: string;
  view: ErrorDefinition;
  ErrorView: ComponentType<ErrorViewProps>;
}

/*
 * Used only if the error view or the messages cannot be loaded (e.g. the network is gone): the 500
 * screen's words in English, as plain text. Everything else comes from messages/en-GB.json.
 */
const OFFLINE = {
  title: "Server error | Director Verification",
  heading: "Server error",
  message: "An error occurred on the server. Please try again later.",
  home: "Go back home",
};

/**
 * Last-resort boundary for errors in the root layout: its own document with the generic error view.
 * This file ships with every page, so the view and the messages are imported on demand (not bundled
 * into it: the view alone would weigh on every page's first load, beside the route boundary's copy).
 */
export default function GlobalError({ error }: { error: unknown; retry?: () => void; reset?: () => void }) {
  const [loaded, setLoaded] = useState<Loaded | "offline" | null>(null);

  useEffect(() => {
    reportInBrowser("error", "[page] the page could not be shown", error);
  }, [error]);

  useEffect(() => {
    let active = true;
    Promise.all([import("@/messages/en-GB.json"), import("@/components/errors/error-view"), import("@/lib/errors")])
      .then(([{ default: all }, { ErrorView }, { errorFromMessage }]) => {
        const view = errorFromMessage(messageOf(error));
        const messages = { common: all.common, errors: all.errors };
        const title = all.chrome.titleTemplate.replace("%s", all.errors[view.kind].title);
        if (active) setLoaded({ messages, title, view, ErrorView });
      })
      .catch(() => {
        if (active) setLoaded("offline");
      });
    return () => {
      active = false;
    };
  }, [error]);

  return (
    <html lang={LOCALE} dir="ltr">
      <body className="flex min-h-dvh flex-col bg-white text-ink antialiased">
        <main id="main-content" tabIndex={-1} className="flex flex-1 flex-col" aria-busy={loaded ? undefined : true}>
          {loaded === "offline" ? (
            <div className="mx-auto w-full max-w-3xl space-y-4 px-4 py-10 sm:px-6">
              <title>{OFFLINE.title}</title>
              <h1 className="text-2xl font-bold sm:text-3xl">{OFFLINE.heading}</h1>
              <p className="max-w-prose text-lg text-ink">{OFFLINE.message}</p>
              <p>
                <Link href="/">{OFFLINE.home}</Link>
              </p>
            </div>
          ) : loaded ? (
            <IntlClientProvider locale={LOCALE} timeZone={TIME_ZONE} messages={loaded.messages}>
              <title>{loaded.title}</title>
              <loaded.ErrorView error={loaded.view} />
            </IntlClientProvider>
          ) : null}
        </main>
      </body>
    </html>
  );
}
