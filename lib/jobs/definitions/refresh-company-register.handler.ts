import { and, asc, eq, gt, isNotNull, isNull, lt, ne, or } from "drizzle-orm";
import { clients } from "@/db/schema";
import { getEnv } from "@/lib/env";
import { CompaniesHouseError, getCompaniesHouse } from "@/lib/integrations/companies-house";
import { pruneResponseCache } from "@/lib/integrations/companies-house/response-cache";
import { log } from "@/lib/log";
import { refreshClientRegister } from "@/lib/server/companies-house/refresh-client-register";
import type { JobContext, NoPayload } from "../define-job";

/** Clients read per query. */
const batchSize = 100;
/** A client checked more recently than this is left until the next night. */
const recheckAfterMs = 20 * 3600_000;
/** The run stops here, before pg-boss would take it for lost (expireInSeconds), and the next night carries on. */
const runLimitMs = 3.5 * 3600_000;

export async function run(_payload: NoPayload, { db }: JobContext) {
  const started = Date.now();
  const pruned = await pruneResponseCache(db, getEnv().companiesHouse.cacheSeconds);
  const companiesHouse = getCompaniesHouse({ background: true });
  const checkedBefore = new Date(started - recheckAfterMs);
  const counts = { updated: 0, changed: 0, notFound: 0, failed: 0 };
  let afterId = 0;
  let stopped: string | undefined;
  while (!stopped) {
    const due = await db
      .select({ id: clients.id })
      .from(clients)
      .where(
        and(
          eq(clients.isDeleted, false),
          isNotNull(clients.companyId),
          ne(clients.companyId, ""),
          or(isNull(clients.registerCheckedAt), lt(clients.registerCheckedAt, checkedBefore)),
          gt(clients.id, afterId),
        ),
      )
      .orderBy(asc(clients.id))
      .limit(batchSize);
    for (const { id } of due) {
      if (Date.now() - started > runLimitMs) {
        stopped = "its time limit";
        break;
      }
      try {
        const result = await refreshClientRegister({ db, user: "system", clientId: id, companiesHouse });
        if (result.outcome === "updated") counts.updated++;
        if (result.outcome === "not_found") counts.notFound++;
        if (result.changed.length) counts.changed++;
      } catch (err) {
        if (!(err instanceof CompaniesHouseError) || err.code === "unauthorized") throw err;
        counts.failed++;
        if (err.code === "rate_limited") {
          stopped = "the request budget, spent for longer than it waits";
          break;
        }
      }
    }
    if (due.length < batchSize) break;
    afterId = due.at(-1)!.id;
  }
  log.info(
    { ...counts, pruned, stopped: stopped ?? null },
    `[jobs] Companies House register: ${counts.updated} updated (${counts.changed} changed), ${counts.notFound} not found, ${counts.failed} failed; ${pruned} cached answers pruned${stopped ? `; stopped by ${stopped}, the next run carries on` : ""}`,
  );
}
