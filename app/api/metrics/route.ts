import { getDatabase } from "@/db";
import { getEnv } from "@/lib/env";
import { METRICS_UNAUTHORIZED_HEADERS, metricsAccess } from "@/lib/metrics/metrics-access";
import { metricsContentType, scrapeMetrics } from "@/lib/metrics/scrape";
import { route } from "@/lib/route";
import { AppError } from "@/lib/server/app-error";

export const dynamic = "force-dynamic";

/**
 * This instance's metrics in Prometheus's text format (docs/operations.md "Metrics"), for a scraper
 * that presents METRICS_TOKEN as a Bearer token. Without METRICS_TOKEN the endpoint does not exist
 * (404); a missing or wrong token is a 401 (lib/metrics/metrics-access.ts).
 */
export const GET = route({ auth: "public", db: false }, async ({ request }) => {
  const access = metricsAccess(request.headers.get("authorization"), getEnv().METRICS_TOKEN);
  if (access === "not_found") throw new AppError("not_found");
  if (access === "unauthorized") return new Response("unauthorized\n", { status: 401, headers: METRICS_UNAUTHORIZED_HEADERS });
  const handle = await getDatabase().catch(() => undefined);
  return new Response(await scrapeMetrics(handle), { headers: { "Content-Type": metricsContentType(), "Cache-Control": "no-store" } });
});
