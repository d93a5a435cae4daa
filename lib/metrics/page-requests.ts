import fs from "node:fs";
import path from "node:path";
import type { IncomingMessage, ServerResponse } from "node:http";
import { metrics } from "./registry";

/**
 * Page requests in the metrics, by page pattern (`/administration/client-management/[clientId]`),
 * from the portal's own server (scripts/serve.ts) around Next.js's handler. API routes are measured
 * by lib/route.ts (the one wrapper), so they are left out here, as are Next.js's own files under
 * /_next/. Only this module and the registry are loaded into the server: not the database.
 */

interface ManifestRoute {
  page: string;
  regex: string;
}

/** The page a path is, from a build's routes manifest; undefined for a path no page has (404s, public files). */
export function pageMatcher(manifest: { staticRoutes?: ManifestRoute[]; dynamicRoutes?: ManifestRoute[] }): (pathname: string) => string | undefined {
  const statics = new Map((manifest.staticRoutes ?? []).map((r) => [r.page, r.page]));
  // Next.js sorts the dynamic routes most specific first; the first match is the page.
  const dynamics = (manifest.dynamicRoutes ?? []).flatMap((r) => {
    try {
      return [{ page: r.page, re: new RegExp(r.regex) }];
    } catch {
      return [];
    }
  });
  return (pathname) => {
    const bare = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
    const hit = statics.get(bare);
    if (hit) return hit;
    return dynamics.find((d) => d.re.test(pathname))?.page;
  };
}

/** The matcher of the build in `distDir`, or one that knows no page (development, before a build). */
export function loadPageMatcher(distDir: string): (pathname: string) => string | undefined {
  try {
    return pageMatcher(JSON.parse(fs.readFileSync(path.join(distDir, "routes-manifest.json"), "utf8")) as { staticRoutes?: ManifestRoute[]; dynamicRoutes?: ManifestRoute[] });
  } catch {
    return () => undefined;
  }
}

/** Paths whose requests this leaves to others: API routes (lib/route.ts) and Next.js's files. */
const NOT_PAGES = /^\/(api|_next)(\/|$)/;

type Handle = (req: IncomingMessage, res: ServerResponse) => Promise<unknown>;

/**
 * Next.js's request handler, with each page request's time (from here until the response is
 * finished) observed in `portal_http_request_duration_seconds` under its page pattern; a path no
 * page has is `other`, so the number of series stays bounded.
 */
export function observePages(handle: Handle, page: (pathname: string) => string | undefined): Handle {
  return (req, res) => {
    let pathname: string;
    try {
      pathname = new URL(req.url ?? "/", "http://portal").pathname;
    } catch {
      pathname = "/";
    }
    if (!NOT_PAGES.test(pathname)) {
      const started = performance.now();
      const route = page(pathname) ?? "other";
      res.once("finish", () => {
        metrics().httpDuration.observe({ method: req.method ?? "GET", route, status: String(res.statusCode) }, (performance.now() - started) / 1000);
      });
    }
    return handle(req, res);
  };
}
