import { getDatabase } from "@/db";
import { checkReadiness } from "@/lib/health/readiness";
import { jobQueueStarted } from "@/lib/jobs/queue";
import { json } from "@/lib/http";
import { route } from "@/lib/route";

export const dynamic = "force-dynamic";

/**
 * Readiness, for load balancers and Kubernetes' readiness probe: 200 `{ status: "ok", checks }` when
 * the database answers, its migrations are those of this build and the job queue has started;
 * otherwise 503 `{ status: "unavailable", failed: [...], checks }` naming what is wrong
 * (lib/health/readiness.ts). Public, and answered within a few seconds even when the database
 * does not answer at all.
 */
export const GET = route({ auth: "public", db: false }, async () => {
  const readiness = await checkReadiness({ database: getDatabase, queueStarted: jobQueueStarted });
  const body = readiness.ready ? { status: "ok", checks: readiness.checks } : { status: "unavailable", failed: readiness.failed, checks: readiness.checks };
  return json(body, { status: readiness.ready ? 200 : 503 });
});
