import { getDatabase } from "@/db";
import { safeEqual } from "@/lib/auth/tokens";
import { getEnv } from "@/lib/env";
import { metricsContentType, scrapeMetrics } from "@/lib/metrics/scrape";
import { route } from "@/lib/route";
import { AppError } from "@/lib/server/app-error";

export const dynamic = "force-dynamic";

/**
 * This instance's metrics in Prometheus's text format (docs/operations.md "Metrics"), for a scraper
 * that presents METRICS_TOKEN as a Bearer token. Without METRICS_TOKEN the endpoint does not exist
 * (404); a missing or wrong token is a 401. The token is compared in constant time.
 */
export const GET = route({ auth: "public", db: false }, async ({ request }) => {
  const token = getEnv().METRICS_TOKEN;
  if (!token) throw new AppError("not_found");
  const presented = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.get("authorization") ?? "")?.[1];
  if (!presented || !safeEqual(presented, token)) {
    return new Response("unauthorized\n", { status: 401, headers: { "Content-Type": "text/plain; charset=utf-8", "WWW-Authenticate": 'Bearer realm="metrics"', "Cache-Control": "no-store" } });
  }
  const handle = await getDatabase().catch(() => undefined);
  return new Response(await scrapeMetrics(handle), { headers: { "Content-Type": metricsContentType(), "Cache-Control": "no-store" } });
});
