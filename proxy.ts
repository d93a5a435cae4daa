import { NextResponse, type NextRequest } from "next/server";
import { getEnv } from "@/lib/env";
import { captchaCspSources } from "@/lib/integrations/captcha/csp";
import { yotiCspSources } from "@/lib/integrations/yoti/csp";
import { translator } from "@/lib/i18n/translator";
import { hasUndecodableSegment } from "@/lib/path-segments";
import { isPrivatePath, securityHeaders } from "@/lib/security-headers";

/**
 * Runs before every page and API request: a fresh CSP nonce (Next.js puts it on its own scripts
 * when the request carries the policy), the security headers, and no-store on personal data.
 * Authorisation is NOT decided here: every page and server function checks for itself.
 */
export function proxy(request: NextRequest) {
  const env = getEnv();
  const nonce = btoa(crypto.randomUUID());
  const headers = securityHeaders({
    nonce,
    appUrl: env.APP_URL,
    dev: process.env.NODE_ENV === "development",
    formTargets: env.OIDC_ISSUER ? [new URL(env.OIDC_ISSUER).origin] : [],
    sources: withYotiFrame(captchaCspSources(env), yotiCspSources(env).frame),
    cameraOrigins: yotiCspSources(env).camera,
  });
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("x-nonce", nonce);
  requestHeaders.set("Content-Security-Policy", headers["Content-Security-Policy"]!);

  const response = hasUndecodableSegment(request.nextUrl.pathname)
    ? undecodablePath(request, requestHeaders)
    : NextResponse.next({ request: { headers: requestHeaders } });
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
  if (isPrivatePath(request.nextUrl.pathname)) response.headers.set("Cache-Control", "no-store");
  return response;
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
function undecodablePath(request: NextRequest, requestHeaders: Headers) {
  if (request.nextUrl.pathname.startsWith("/api/")) {
    return NextResponse.json({ error: "bad_request", message: translator()("apiErrors.bad_request") }, { status: 400, headers: { "Cache-Control": "no-store" } });
  }
  return NextResponse.rewrite(new URL("/_not-found-undecodable-path", request.url), { request: { headers: requestHeaders } });
}

export const config = {
  matcher: [{ source: "/((?!_next/static|_next/image|favicon.ico|logo.svg).*)" }],
};
