"use client";

import { useEffect, useState } from "react";
import { NextIntlClientProvider, type AbstractIntlMessages } from "next-intl";
import { ErrorView } from "@/components/errors/error-view";
import { errorFromMessage, ERROR_CATALOGUE, type ErrorDefinition } from "@/lib/errors";
import "./globals.css";
import { reportInBrowser } from "@/lib/log/browser";

const LOCALE = "en-GB";
const TIME_ZONE = "Europe/London";

interface Loaded {
  messages: AbstractIntlMessages;
  title: string;
  view: ErrorDefinition;
}

/*
 * Used only if the messages chunk itself cannot be loaded (e.g. the network is gone): the 500
 * screen in English. Everything else comes from messages/en-GB.json.
 */
const OFFLINE_FALLBACK: Loaded = {
  view: ERROR_CATALOGUE.server,
  title: "Server error | Director Verification",
  messages: {
    common: {},
    errors: {
      codeLabel: "Error code",
      server: { title: "Server error", message: "An error occurred on the server. Please try again later." },
      actions: { goBackHome: "Go back home", contactSupport: "Contact support" },
    },
  },
};

function messageOf(error: unknown): string | undefined {
  if (error instanceof Error) return error.message;
  if (typeof error === "string") return error;
  return undefined;
}

/**
 * Last-resort boundary for errors in the root layout: its own document with the generic error view.
 * This file ships with every page, so the messages are imported on demand (not bundled into it).
 */
export default function GlobalError({ error }: { error: unknown; retry?: () => void; reset?: () => void }) {
  const [loaded, setLoaded] = useState<Loaded | null>(null);

  useEffect(() => {
    reportInBrowser("error", "[page] the page could not be shown", error);
  }, [error]);

  useEffect(() => {
    let active = true;
    import("@/messages/en-GB.json")
      .then(({ default: all }) => {
        const view = errorFromMessage(messageOf(error));
        const messages = { common: all.common, errors: all.errors };
        const title = all.chrome.titleTemplate.replace("%s", all.errors[view.kind].title);
        if (active) setLoaded({ messages, title, view });
      })
      .catch(() => {
        if (active) setLoaded(OFFLINE_FALLBACK);
      });
    return () => {
      active = false;
    };
  }, [error]);

  return (
    <html lang={LOCALE}>
      <body className="flex min-h-dvh flex-col bg-white text-ink antialiased">
        <main id="main-content" tabIndex={-1} className="flex flex-1 flex-col" aria-busy={loaded ? undefined : true}>
          {loaded ? (
            <NextIntlClientProvider locale={LOCALE} timeZone={TIME_ZONE} messages={loaded.messages}>
              <title>{loaded.title}</title>
              <ErrorView error={loaded.view} />
            </NextIntlClientProvider>
          ) : null}
        </main>
      </body>
    </html>
  );
}
