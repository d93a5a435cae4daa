import { sql } from "drizzle-orm";
import { z } from "zod";
import { rowsOf, type Db } from "@/db/client";
import { getEnv } from "@/lib/env";
import { defineJob } from "../define-job";
import { log } from "@/lib/log";

/**
 * A rate-limit row whose window started this long ago counts for nothing: every limit uses a
 * window far shorter (sign-in links and enquiries: 15 minutes). A new hit on a deleted key simply
 * starts a new window, as it would have on the stale row.
 */
export const rateLimitRowMaxAgeSeconds = 24 * 60 * 60;

/** Deleted in slices, so a first run over a large backlog never holds long locks. */
const batchSize = 5_000;

async function deleteInBatches(db: Db, statement: () => ReturnType<typeof sql>): Promise<number> {
  let total = 0;
  for (;;) {
    const deleted = rowsOf<{ n: number }>(await db.execute(statement())).at(0)?.n ?? 0;
    total += Number(deleted);
    if (Number(deleted) < batchSize) return total;
  }
}

/**
 * What anonymous traffic leaves behind: rate-limit counters of windows long over, and security
 * events older than SECURITY_EVENT_RETENTION_DAYS. Also drops the sealed token of any sign-in link
 * that expired before its email went (the worker was down), so no secret outlives its link.
 * Idempotent: a second run finds nothing to do.
 */
export const pruneSecurityDataJob = defineJob({
  name: "maintenance.prune-security-data",
  schema: z.object({}).strict(),
  retry: { retries: 2, delaySeconds: 60, backoff: true },
  expireInSeconds: 30 * 60,
  async run(_payload, { db }) {
    const retentionDays = getEnv().SECURITY_EVENT_RETENTION_DAYS;
    const rateLimits = await deleteInBatches(
      db,
      () => sql`with gone as (
        delete from rate_limits where key in (
          select key from rate_limits where window_start < now() - make_interval(secs => ${rateLimitRowMaxAgeSeconds}) limit ${batchSize})
        returning 1)
      select count(*)::int as n from gone`,
    );
    const securityEvents = await deleteInBatches(
      db,
      () => sql`with gone as (
        delete from security_events where id in (
          select id from security_events where "timestamp" < now() - make_interval(days => ${retentionDays}) limit ${batchSize})
        returning 1)
      select count(*)::int as n from gone`,
    );
    await db.execute(sql`update sign_in_tokens set sealed_token = null where sealed_token is not null and expires_at < now()`);
    log.info({ rateLimits, securityEvents }, `[jobs] pruned ${rateLimits} rate-limit rows and ${securityEvents} security events older than ${retentionDays} days`);
  },
});
