"use client";

import { useEffect } from "react";
import dynamic from "next/dynamic";
import { messageOf } from "@/lib/error-message";
import { reportInBrowser } from "@/lib/log/browser";

/*
 * The boundary ships with every page under it, the view and the error catalogue only when an error
 * happens (as app/global-error.tsx does): together they weighed 1.9 kB gzip on each first load. While
 * they load, the page's main region says it is busy; if they cannot load, the root's global error
 * boundary takes over with its offline words.
 */
const CatalogueError = dynamic(() => import("./catalogue-error").then((m) => m.CatalogueError), {
  loading: () => <div aria-busy="true" className="min-h-64" />,
});

/**
 * Route error boundary: picks the catalogue screen from the error's message (docs/product.md) and shows only
 * catalogue texts, never the raw error. Server errors reach the browser with a generic message in
 * production, so they show the 500 screen.
 */
export function RouteError({ error }: { error: unknown; retry?: () => void; reset?: () => void }) {
  useEffect(() => {
    reportInBrowser("error", "[page] the page could not be shown", error);
  }, [error]);

  return <CatalogueError message={messageOf(error)} />;
}
