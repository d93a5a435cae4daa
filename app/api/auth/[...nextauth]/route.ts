import NextAuth from "next-auth";
import type { NextRequest } from "next/server";
import { getDb } from "@/db";
import { recordSecurityEvent } from "@/lib/auth/record-security-event";
import { sessionCookie } from "@/lib/auth/session-cookie";
import { buildAuthOptions, SSO_PROVIDER_ID, type SsoRequestContext } from "@/lib/auth/sso/auth-options";
import { oidcConfig, oidcScope } from "@/lib/auth/sso/oidc-config";
import { getEnv, type Env } from "@/lib/env";
import { assertSameOrigin, clientIp, errorResponse, userAgent } from "@/lib/http";
import { route } from "@/lib/route";
import { log } from "@/lib/log";

type Context = { params: Promise<{ nextauth: string[] }> };

/** next-auth's own session cookie: the portal does not use it, so it never leaves the server. */
const NEXT_AUTH_SESSION_COOKIE = /^(__Secure-)?next-auth\.session-token(\.\d+)?=/;
/** The cookies that bind one sign-in attempt to this browser (state, PKCE verifier, nonce). */
const DANCE_COOKIES = ["next-auth.state", "next-auth.pkce.code_verifier", "next-auth.nonce"];

/**
 * The response as it leaves: next-auth's session cookie dropped; after a successful sign-in the
 * portal's session cookie added; after a failed callback the attempt's state, PKCE and nonce
 * cookies ended (next-auth leaves them), so one attempt gets one try.
 *
 * The portal cookie is appended here rather than with `cookies().set()` in the callback: that
 * works too, but makes Next.js re-serialise next-auth's cookies and lose their `Max-Age=0`.
 */
function finalise(response: Response, env: Env, ctx: SsoRequestContext, { endAttempt }: { endAttempt: boolean }): Response {
  const cookiesSet = response.headers.getSetCookie();
  const strip = cookiesSet.some((c) => NEXT_AUTH_SESSION_COOKIE.test(c));
  if (!strip && !endAttempt && !ctx.session) return response;
  const headers = new Headers(response.headers);
  headers.delete("set-cookie");
  for (const c of cookiesSet) if (!NEXT_AUTH_SESSION_COOKIE.test(c)) headers.append("set-cookie", c);
  const { name, options } = sessionCookie(env);
  const secure = options.secure ? "; Secure" : "";
  if (endAttempt) {
    for (const dance of DANCE_COOKIES) headers.append("set-cookie", `${options.secure ? "__Secure-" : ""}${dance}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure}`);
  }
  if (ctx.session) {
    const maxAge = Math.max(0, Math.floor((ctx.session.expiresAt.getTime() - Date.now()) / 1000));
    headers.append(
      "set-cookie",
      `${name}=${ctx.session.cookieValue}; Path=${options.path}; Expires=${ctx.session.expiresAt.toUTCString()}; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure}`,
    );
  }
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

/**
 * /api/auth/*: admin single sign-on through next-auth (provider `oidc`, callback
 * /api/auth/callback/oidc). 404 when OIDC is not configured. The sign-in callback in
 * lib/auth/sso/auth-options.ts starts the portal's own session; see there.
 */
async function handler(request: NextRequest, context: Context): Promise<Response> {
  const env = getEnv();
  const config = oidcConfig(env);
  if (!config) return errorResponse("not_found");
  const [action] = (await context.params).nextauth ?? [];
  // The identity provider's redirect back (a GET, or a cross-site form post) carries no Origin of
  // ours; next-auth checks its state, PKCE verifier and nonce instead.
  if (request.method === "POST" && action !== "callback") assertSameOrigin(request, env.APP_URL);

  process.env.NEXTAUTH_URL = new URL("/api/auth", env.APP_URL).toString();
  const ctx: SsoRequestContext = {
    ip: clientIp(request),
    userAgent: userAgent(request),
    previousCookie: request.cookies.get(sessionCookie(env).name)?.value,
  };
  const query = request.nextUrl.searchParams;
  const builtInSignInPage = request.method === "GET" && action === "signin" && !query.has("error") && !query.has("csrf");
  const options = buildAuthOptions(env, config, await oidcScope(config), ctx, { builtInSignInPage });
  const response = (await NextAuth(request, context, options)) as Response;

  const failedCallback = action === "callback" && !ctx.session;
  if (failedCallback && ctx.error) {
    // The dance itself failed (wrong state, nonce or issuer, a refused or aborted login, ...).
    // Denials decided by the sign-in callback are recorded there.
    try {
      await recordSecurityEvent(await getDb(), {
        event: "SignInFailed",
        actor: "anonymous",
        ip: ctx.ip,
        userAgent: ctx.userAgent,
        detail: { method: "sso", provider: SSO_PROVIDER_ID, reason: ctx.error },
      });
    } catch (err) {
      log.error(`[sso] could not record a failed sign-in: ${err instanceof Error ? err.name : "error"}`);
    }
  }
  return finalise(response, env, ctx, { endAttempt: failedCallback });
}

/**
 * next-auth answers every /api/auth/* path itself, so the wrapper adds only its error mapping: no
 * guard (this is how admins get a session), and the origin check stays in the handler because the
 * provider's callback arrives from another site.
 */
const sso = route({ auth: "public", db: false, sameOrigin: false, params: { nextauth: "segments" } }, ({ request, params }) =>
  handler(request as NextRequest, { params: Promise.resolve({ nextauth: params.nextauth }) }),
);

export const GET = sso;
export const POST = sso;
