import { NextResponse } from "next/server";
import { getEnv } from "@/lib/env";
import { confirmEmailChange } from "@/lib/server/directors/confirm-email-change";
import { route } from "@/lib/route";

/**
 * The individual's confirmation of a change of their email (the button on /confirm-email/{token}):
 * applies it, or not, and shows the outcome. A GET never changes anything (mail scanners open links).
 */
export const POST = route({ auth: "public", params: { token: "string" } }, async ({ db, params: { token }, meta }) => {
  const result = await confirmEmailChange({ db, token, meta });
  const res = NextResponse.redirect(new URL(`/confirm-email/result?outcome=${result}`, getEnv().APP_URL), 303);
  res.headers.set("Cache-Control", "no-store");
  return res;
});
