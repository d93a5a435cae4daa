/**
 * The security headers of every response (docs/security.md, ASVS V3). Pure, so a unit test can read them.
 */
export interface HeaderOptions {
  nonce: string;
  appUrl: string;
  /** `next dev` needs eval for fast refresh. */
  dev: boolean;
  /** Origins a sign-in form may post or redirect to (the OpenID Connect provider). */
  formTargets?: string[];
  /** Further origins outside services need, per directive (the bot check's script, frames and calls). */
  sources?: { script?: string[]; frame?: string[]; connect?: string[] };
  /**
   * Framed origins that may use the camera (the identity check's capture page). The page itself
   * never does; without this the frame would be refused the camera too.
   */
  cameraOrigins?: string[];
}

export function contentSecurityPolicy({ nonce, appUrl, dev, formTargets = [], sources = {} }: HeaderOptions): string {
  const https = appUrl.startsWith("https:");
  const extra = (list: string[] = []) => [...new Set(list)].map((o) => ` ${o}`).join("");
  const directives = [
    "default-src 'self'",
    // Browsers that understand 'strict-dynamic' ignore host sources and trust what a nonced script
    // loads; the hosts are for those that do not.
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${extra(sources.script)}${dev ? " 'unsafe-eval'" : ""}`,
    // The toast library injects its stylesheet at run time, and React sets style attributes.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self'${extra(sources.connect)}${dev ? " ws:" : ""}`,
    `frame-src 'self'${extra(sources.frame)}`,
    `form-action 'self'${formTargets.map((o) => ` ${o}`).join("")}`,
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    ...(https ? ["upgrade-insecure-requests"] : []),
  ];
  return directives.join("; ");
}

/** Headers that do not depend on the request (also set on static files by next.config.ts). */
export const staticSecurityHeaders: Record<string, string> = {
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "Cross-Origin-Opener-Policy": "same-origin",
  "X-Frame-Options": "DENY",
  "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=()",
};

/** The Permissions-Policy: nothing for anyone, except the camera for the given framed origins. */
export function permissionsPolicy(cameraOrigins: string[] = []): string {
  const camera = cameraOrigins.length ? `camera=(${[...new Set(cameraOrigins)].map((o) => `"${o}"`).join(" ")})` : "camera=()";
  return staticSecurityHeaders["Permissions-Policy"]!.replace("camera=()", camera);
}

export function securityHeaders(options: HeaderOptions): Record<string, string> {
  return {
    ...staticSecurityHeaders,
    "Permissions-Policy": permissionsPolicy(options.cameraOrigins),
    "Content-Security-Policy": contentSecurityPolicy(options),
    ...(options.appUrl.startsWith("https:") ? { "Strict-Transport-Security": "max-age=31536000; includeSubDomains" } : {}),
  };
}

/**
 * `securityHeaders` with everything but the nonce worked out once (the policy's text, the camera
 * origins, HSTS): the proxy keeps the result for its configuration and calls it for every response
 * with that response's fresh nonce. Same headers as `securityHeaders({ ...options, nonce })`.
 */
export function securityHeadersForNonce(options: Omit<HeaderOptions, "nonce">): (nonce: string) => Record<string, string> {
  // A character no nonce (base64) and no configured origin can hold marks where the nonce goes.
  const marker = "\u0000";
  const headers = securityHeaders({ ...options, nonce: marker });
  const parts = headers["Content-Security-Policy"]!.split(marker);
  if (parts.length !== 2) throw new Error("the Content-Security-Policy must name the nonce exactly once");
  const [before, after] = parts as [string, string];
  return (nonce) => ({ ...headers, "Content-Security-Policy": before + nonce + after });
}

/**
 * The policy of a download (an uploaded file, an identity-check media item, a CSV export): nothing
 * may load and no script may run, even in a browser that renders the file instead of saving it.
 */
export const DOWNLOAD_CSP = "default-src 'none'; sandbox";

/** The security headers a download's own response sets (lib/download-response.ts, lib/csv/response.ts). */
export const downloadSecurityHeaders: Readonly<Record<string, string>> = { "Content-Security-Policy": DOWNLOAD_CSP };

/**
 * Routes whose responses set security headers of their own, by path. Next.js keeps the proxy's
 * value of a header over the route's (a route's header is dropped when the proxy set one), so the
 * proxy must know them: it sends these instead of the site-wide ones on these paths. A unit test
 * checks that every route building a download is listed here.
 */
export const routeOwnHeaders: ReadonlyArray<{ pattern: RegExp; headers: Readonly<Record<string, string>> }> = [
  { pattern: /^\/api\/director-verification\/director\/file\/[^/]+\/?$/, headers: downloadSecurityHeaders },
  { pattern: /^\/api\/admin\/director-verification\/directors\/[^/]+\/(file|yoti-media)\/[^/]+\/?$/, headers: downloadSecurityHeaders },
  { pattern: /^\/api\/admin\/director-verification\/clients\/[^/]+\/directors-export\/?$/, headers: downloadSecurityHeaders },
  { pattern: /^\/api\/admin\/export\/(client|director)\/?$/, headers: downloadSecurityHeaders },
  { pattern: /^\/api\/director-verification\/company\/directors-export\/?$/, headers: downloadSecurityHeaders },
];

/** The security headers the route at `pathname` sets itself, if it is one of `routeOwnHeaders`. */
export function ownHeadersOf(pathname: string): Readonly<Record<string, string>> | undefined {
  if (!pathname.startsWith("/api/")) return undefined;
  for (const { pattern, headers } of routeOwnHeaders) if (pattern.test(pathname)) return headers;
  return undefined;
}

/**
 * The site-wide headers with a route's own on top: for every header the route sets, the route's
 * value is kept and the site-wide one is not sent (header names compared case-insensitively).
 * The others stay as they are.
 */
export function mergeSecurityHeaders(site: Readonly<Record<string, string>>, own: Readonly<Record<string, string>> | undefined): Record<string, string> {
  if (!own) return { ...site };
  const overridden = new Set(Object.keys(own).map((k) => k.toLowerCase()));
  const merged: Record<string, string> = {};
  for (const [name, value] of Object.entries(site)) if (!overridden.has(name.toLowerCase())) merged[name] = value;
  return Object.assign(merged, own);
}

/**
 * The Referrer-Policy of a page whose own address may hold a person's details: /login, which the
 * invitation opens with the email address and reference in the query, and its continue page, whose
 * path is a sign-in token. `same-origin` sends no Referer to any other site (the site-wide
 * `strict-origin-when-cross-origin` would still send the origin), while the page's own requests
 * keep their Origin header, which the same-origin check of state-changing routes reads (under
 * `no-referrer` a browser sends `Origin: null` on a same-origin POST). Undefined: the site-wide one.
 */
export function referrerPolicyOf(pathname: string): string | undefined {
  return /^\/login(\/|$)/.test(pathname) ? "same-origin" : undefined;
}

/** Paths whose responses carry personal data or session state: never stored by caches. */
export function isPrivatePath(pathname: string): boolean {
  return /^\/(api|identity-verification|administration|login|logged-out|dev|confirm-email)(\/|$)/.test(pathname) && !/^\/api\/options$/.test(pathname);
}
