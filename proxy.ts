import { NextResponse, type NextRequest } from "next/server";
import { getEnv, type Env } from "@/lib/env";
import { captchaCspSources } from "@/lib/integrations/captcha/csp";
import { yotiCspSources } from "@/lib/integrations/yoti/csp";
import { LOCALE_COOKIE, localeOr } from "@/lib/i18n/locales";
import { translator } from "@/lib/i18n/translator";
import { hasUndecodableSegment } from "@/lib/path-segments";
import { isPrivatePath, mergeSecurityHeaders, ownHeadersOf, referrerPolicyOf, securityHeadersForNonce } from "@/lib/security-headers";

/**
 * Runs before every page and API request: a fresh CSP nonce (Next.js puts it on its own scripts
 * when the request carries the policy), the security headers, and no-store on personal data.
 * Authorisation is NOT decided here: every page and server function checks for itself.
 *
 * Every response gets the headers with its own nonce. Only pages are handed the policy (and the
 * nonce) as request headers: Next.js reads them to render a page's scripts, and a route handler
 * renders none, so API requests go on as they came (rewriting the request headers costs each
 * request a copy of them that Next.js then parses back; docs/speed.md "A trivial route over HTTP").
 */
export function proxy(request: NextRequest) {
  const nonce = btoa(crypto.randomUUID());
  const headers = headersFor(getEnv())(nonce);
  const { pathname } = request.nextUrl;
  const api = /^\/api(\/|$)/.test(pathname);
  let requestHeaders: Headers | undefined;
  if (!api) {
    requestHeaders = new Headers(request.headers);
    requestHeaders.set("x-nonce", nonce);
    requestHeaders.set("Content-Security-Policy", headers["Content-Security-Policy"]!);
  }

  const response = hasUndecodableSegment(pathname)
    ? undecodablePath(request, requestHeaders)
    : NextResponse.next(requestHeaders ? { request: { headers: requestHeaders } } : undefined);
  // A route that sets its own security headers (a download's sandbox policy) keeps them: Next.js
  // would otherwise send the proxy's value and drop the route's.
  const own = api ? ownHeadersOf(pathname) : undefined;
  for (const [name, value] of Object.entries(own ? mergeSecurityHeaders(headers, own) : headers)) response.headers.set(name, value);
  // A page whose address holds a person's details (/login?email=…&reference=…) tells no other site.
  const referrerPolicy = api ? undefined : referrerPolicyOf(pathname);
  if (referrerPolicy) response.headers.set("Referrer-Policy", referrerPolicy);
  if (isPrivatePath(pathname)) response.headers.set("Cache-Control", "no-store");
  return response;
}

/**
 * The headers for a nonce, worked out once per configuration: getEnv() hands out the same object
 * until the configuration is read again (tests), and NODE_ENV does not change while a process runs.
 */
let template: { env: Env; dev: boolean; forNonce: (nonce: string) => Record<string, string> } | undefined;
function headersFor(env: Env): (nonce: string) => Record<string, string> {
  const dev = process.env.NODE_ENV === "development";
  if (template?.env !== env || template.dev !== dev) {
    template = {
      env,
      dev,
      forNonce: securityHeadersForNonce({
        appUrl: env.APP_URL,
        dev,
        formTargets: env.OIDC_ISSUER ? [new URL(env.OIDC_ISSUER).origin] : [],
        sources: withYotiFrame(captchaCspSources(env), yotiCspSources(env).frame),
        cameraOrigins: yotiCspSources(env).camera,
      }),
    };
  }
  return template.forNonce;
}

/** The director's page frames the identity check's hosted page (Yoti's, or the local simulator's). */
function withYotiFrame<S extends { frame: string[] }>(sources: S, frame: string[]): S {
  return { ...sources, frame: [...sources.frame, ...frame] };
}

/**
 * A path with a segment that does not decode (`/api/enter/%ff`) names nothing that can exist, and
 * left to Next.js it ends in a bare 500 before any route runs: the API answers 400, pages show the
 * not-found page (a rewrite to a path no page has, so it renders with status 404).
 */
function undecodablePath(request: NextRequest, requestHeaders: Headers | undefined) {
  if (request.nextUrl.pathname.startsWith("/api/")) {
    return NextResponse.json({ error: "bad_request", message: translator(localeOr(request.cookies.get(LOCALE_COOKIE)?.value))("apiErrors.bad_request") }, { status: 400, headers: { "Cache-Control": "no-store" } });
  }
  return NextResponse.rewrite(new URL("/_not-found-undecodable-path", request.url), requestHeaders ? { request: { headers: requestHeaders } } : undefined);
}

export const config = {
  matcher: [{ source: "/((?!_next/static|_next/image|favicon.ico|logo.svg).*)" }],
};
