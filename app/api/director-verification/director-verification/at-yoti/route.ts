import { NextResponse } from "next/server";
import { getEnv } from "@/lib/env";
import { route } from "@/lib/route";
import { recordYotiLinkClick } from "@/lib/server/identity-check/record-yoti-link-click";

/**
 * The director goes to the provider's page: the visit is recorded (yotiLinkClicked, YotiLinkClicked),
 * then a browser is sent on to the page (303), or back to their details when no check is open.
 * A script asking for JSON gets `{ sessionUrl }` (null when none is open) instead.
 */
export const GET = route({ auth: "user", action: "director.self.update" }, async ({ db, user, request }) => {
  const sessionUrl = await recordYotiLinkClick({ db, user });
  if ((request.headers.get("accept") ?? "").includes("application/json")) return { sessionUrl };
  const target = sessionUrl ?? new URL("/identity-verification/individual-details", getEnv().APP_URL).toString();
  return NextResponse.redirect(target, { status: 303, headers: { "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" } });
});
