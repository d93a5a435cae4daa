import { NextResponse } from "next/server";
import { getRequestUser } from "@/lib/auth/get-current-user";
import { getEnv } from "@/lib/env";
import { languageCookie } from "@/lib/i18n/language-cookie";
import { route } from "@/lib/route";
import { safeRedirectPath } from "@/lib/safe-redirect";
import { languageQuerySchema } from "@/lib/schemas/language";
import { rememberLanguage } from "@/lib/server/users/remember-language";

/**
 * The header's language link: remembers the language in the `lang` cookie (a year) and, for a
 * signed-in individual or company contact, on their record (their emails follow it), then goes
 * back to the page it came from, on this site only (anything else: the home page).
 */
export const GET = route({ auth: "public", query: languageQuerySchema }, async ({ request, query, db }) => {
  const env = getEnv();
  const user = await getRequestUser(request);
  if (user) await rememberLanguage({ db, user, locale: query.to });
  const res = NextResponse.redirect(new URL(safeRedirectPath(query.back), env.APP_URL), 303);
  res.headers.set("Cache-Control", "no-store");
  const cookie = languageCookie(env, query.to);
  res.cookies.set(cookie.name, cookie.value, cookie.options);
  return res;
});
