import { NextResponse } from "next/server";
import { getDb } from "@/db";
import { endSession } from "@/lib/auth/end-session";
import { getRequestUser, readCookie } from "@/lib/auth/get-current-user";
import { recordSecurityEvent } from "@/lib/auth/record-security-event";
import { sessionCookie } from "@/lib/auth/session-cookie";
import { getEnv } from "@/lib/env";
import { json } from "@/lib/http";
import { route } from "@/lib/route";

/** next-auth's cookies from the single sign-on dance: cleared too, so nothing of the session stays. */
const nextAuthCookies = ["next-auth.session-token", "__Secure-next-auth.session-token", "next-auth.csrf-token", "__Host-next-auth.csrf-token", "next-auth.callback-url", "__Secure-next-auth.callback-url"];

/**
 * Ends the session on the server and clears the cookie. A form post (the Sign out button) goes
 * on to the logged-out page; a JSON call gets `{ success: true }`. Without a session cookie the
 * database is not touched, so signing out works even while it is down.
 */
export const POST = route({ auth: "public", db: false }, async ({ request, meta }) => {
  const env = getEnv();
  const cookie = sessionCookie(env);
  const cookieHeader = request.headers.get("cookie");
  const value = readCookie(cookieHeader, cookie.name);
  const user = await getRequestUser(request);
  if (value) {
    const db = await getDb();
    if ((await endSession(db, value)) && user) await recordSecurityEvent(db, { event: "SignedOut", actor: user.email, userType: user.type, ...meta });
  }
  const wantsPage = (request.headers.get("accept") ?? "").includes("text/html");
  const res = wantsPage ? NextResponse.redirect(new URL("/logged-out", env.APP_URL), 303) : json({ success: true });
  res.headers.set("Cache-Control", "no-store");
  res.cookies.set(cookie.name, "", { ...cookie.options, expires: new Date(0) });
  for (const name of nextAuthCookies) if (readCookie(cookieHeader, name) !== undefined) res.cookies.set(name, "", { path: "/", expires: new Date(0), secure: name.startsWith("__") });
  return res;
});
