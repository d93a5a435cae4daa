import { sql } from "drizzle-orm";
import { rowsOf, type Db } from "@/db/client";
import { getEnv } from "@/lib/env";
import { log } from "@/lib/log";
import { pruneSecurityEvents } from "@/lib/server/audit/prune-security-events";
import type { JobContext, NoPayload } from "../define-job";
import { rateLimitRowMaxAgeSeconds } from "./prune-security-data";

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

export async function run(_payload: NoPayload, { db }: JobContext) {
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
}
