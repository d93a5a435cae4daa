import { sql } from "drizzle-orm";
import { z } from "zod";
import { rowsOf, type Db } from "@/db/client";
import { getEnv } from "@/lib/env";
import { pruneSecurityEvents } from "@/lib/server/audit/prune-security-events";
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
 * events older than SECURITY_EVENT_RETENTION_DAYS (leaving a signed marker in their chain, so
 * `npm run audit:verify` still passes). Also drops the sealed token of any sign-in link
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
    // Security events are append-only and hash-chained: each batch leaves a signed retention marker.
    let securityEvents = 0;
    for (;;) {
      const deleted = await pruneSecurityEvents({ db, secret: getEnv().AUTH_SECRET, retentionDays, batchSize });
      securityEvents += deleted;
      if (deleted < batchSize) break;
    }
    await db.execute(sql`update sign_in_tokens set sealed_token = null where sealed_token is not null and expires_at < now()`);
    log.info({ rateLimits, securityEvents }, `[jobs] pruned ${rateLimits} rate-limit rows and ${securityEvents} security events older than ${retentionDays} days`);
  },
});
