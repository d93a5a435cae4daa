import { NextResponse } from "next/server";
import { getDb } from "@/db";
import { readCookie } from "@/lib/auth/get-current-user";
import { sessionCookie } from "@/lib/auth/session-cookie";
import { getEnv } from "@/lib/env";
import { assertSameOrigin, requestMeta, route } from "@/lib/http";
import { consumeSignInToken, peekSignInToken } from "@/lib/server/sign-in/consume-sign-in-token";

type Context = { params: Promise<{ token: string }> };

function redirectTo(path: string) {
  const res = NextResponse.redirect(new URL(path, getEnv().APP_URL), 303);
  res.headers.set("Cache-Control", "no-store");
  return res;
}

/**
 * Opening the emailed link. A GET never signs in (mail scanners open links): a usable link goes
 * to the "Continue to sign in" page, whose button POSTs back here.
 */
export const GET = route(async (request: Request, { params }: Context) => {
  const { token } = await params;
  const usable = await peekSignInToken({ db: await getDb(), token, ...requestMeta(request) });
  return redirectTo(usable ? `/login/continue/${encodeURIComponent(token)}` : "/login/error");
});

/** The person confirmed: use the link up, start a new session and go to the role's home. */
export const POST = route(async (request: Request, { params }: Context) => {
  const env = getEnv();
  assertSameOrigin(request, env.APP_URL);
  const { token } = await params;
  const cookie = sessionCookie(env);
  const previousCookie = readCookie(request.headers.get("cookie"), cookie.name);
  const session = await consumeSignInToken({ db: await getDb(), env, token, previousCookie, ...requestMeta(request) });
  if (!session) return redirectTo("/login/error");
  const res = redirectTo(session.homePath);
  res.cookies.set(cookie.name, session.cookieValue, { ...cookie.options, expires: session.expiresAt });
  return res;
});
