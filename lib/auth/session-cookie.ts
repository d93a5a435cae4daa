import type { Env } from "@/lib/env";

/**
 * The session cookie: HttpOnly, SameSite=Lax, Path=/; outside plain-http local development also
 * Secure with the `__Host-` prefix (which the browser only accepts with Secure, Path=/ and no Domain).
 */
export function sessionCookie(env: Pick<Env, "APP_URL">) {
  const secure = new URL(env.APP_URL).protocol === "https:";
  return {
    name: secure ? "__Host-dvp_session" : "dvp_session",
    options: { httpOnly: true, sameSite: "lax" as const, secure, path: "/" },
  };
}
