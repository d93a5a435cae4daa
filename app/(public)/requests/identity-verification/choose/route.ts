import { NextResponse } from "next/server";
import { getEnv } from "@/lib/env";
import { queryObject } from "@/lib/http";
import { route } from "@/lib/route";
import { journeyChoiceTarget } from "@/lib/schemas/request-page-view";

/**
 * The answer of the request page's "How will the company pay?" (a plain GET form, so it works
 * without JavaScript): on to the request page with the chosen journey. Nothing chosen goes back to
 * the question with its error (lib/schemas/request-page-view.ts).
 */
export const GET = route({ auth: "public", db: false }, ({ request }) => {
  const res = NextResponse.redirect(new URL(journeyChoiceTarget(queryObject(request.url)), getEnv().APP_URL), 303);
  res.headers.set("Cache-Control", "no-store");
  return res;
});
