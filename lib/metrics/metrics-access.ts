import { safeEqual } from "@/lib/auth/tokens";

/**
 * Who may read the metrics (GET /api/metrics, and the worker's own endpoint): nobody when
 * METRICS_TOKEN is unset (the endpoint does not exist: 404), else whoever presents it as a Bearer
 * token (compared in constant time; anything else: 401).
 */
export function metricsAccess(authorization: string | null | undefined, token: string | undefined): "ok" | "not_found" | "unauthorized" {
  if (!token) return "not_found";
  const presented = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? "")?.[1];
  return presented && safeEqual(presented, token) ? "ok" : "unauthorized";
}

/** The 401 of a refused scrape: plain text, with the scheme to use. */
export const METRICS_UNAUTHORIZED_HEADERS = { "Content-Type": "text/plain; charset=utf-8", "WWW-Authenticate": 'Bearer realm="metrics"', "Cache-Control": "no-store" } as const;
