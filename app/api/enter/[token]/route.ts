import { NextResponse } from "next/server";
import { readCookie } from "@/lib/auth/get-current-user";
import { sessionCookie } from "@/lib/auth/session-cookie";
import { getEnv } from "@/lib/env";
import { consumeSignInToken, peekSignInToken } from "@/lib/server/sign-in/consume-sign-in-token";
import { route } from "@/lib/route";

function redirectTo(path: string) {
  const res = NextResponse.redirect(new URL(path, getEnv().APP_URL), 303);
  res.headers.set("Cache-Control", "no-store");
  return res;
}

/**
 * Opening the emailed link. A GET never signs in (mail scanners open links): a usable link goes
 * to the "Continue to sign in" page, whose button POSTs back here.
 */
export const GET = route({ auth: "public", params: { token: "string" } }, async ({ db, params: { token }, meta }) => {
  const usable = await peekSignInToken({ db, token, ...meta });
  return redirectTo(usable ? `/login/continue/${encodeURIComponent(token)}` : "/login/error");
});

/** The person confirmed: use the link up, start a new session and go to the role's home. */
export const POST = route({ auth: "public", params: { token: "string" } }, async ({ request, db, params: { token }, meta }) => {
  const env = getEnv();
  const cookie = sessionCookie(env);
  const previousCookie = readCookie(request.headers.get("cookie"), cookie.name);
  const session = await consumeSignInToken({ db, env, token, previousCookie, ...meta });
  if (!session) return redirectTo("/login/error");
  const res = redirectTo(session.homePath);
  res.cookies.set(cookie.name, session.cookieValue, { ...cookie.options, expires: session.expiresAt });
  return res;
});
