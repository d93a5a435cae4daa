import { NextResponse, type NextRequest } from "next/server";
import { getEnv } from "@/lib/env";
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
  });
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("x-nonce", nonce);
  requestHeaders.set("Content-Security-Policy", headers["Content-Security-Policy"]!);

  const response = NextResponse.next({ request: { headers: requestHeaders } });
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
  if (isPrivatePath(request.nextUrl.pathname)) response.headers.set("Cache-Control", "no-store");
  return response;
}

export const config = {
  matcher: [{ source: "/((?!_next/static|_next/image|favicon.ico|logo.svg).*)" }],
};
