"use client";

import { useEffect } from "react";
import { ErrorView } from "@/components/errors/error-view";
import { errorFromMessage } from "@/lib/errors";
import { reportInBrowser } from "@/lib/log/browser";

function messageOf(error: unknown): string | undefined {
  if (error instanceof Error) return error.message;
  if (typeof error === "string") return error;
  return undefined;
}

/**
 * Route error boundary: picks the catalogue screen from the error's message (docs/product.md) and shows only
 * catalogue texts, never the raw error. Server errors reach the browser with a generic message in
 * production, so they show the 500 screen.
 */
export function RouteError({ error }: { error: unknown; retry?: () => void; reset?: () => void }) {
  useEffect(() => {
    reportInBrowser("error", "[page] the page could not be shown", error);
  }, [error]);

  return <ErrorView error={errorFromMessage(messageOf(error))} />;
}
