import "server-only";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { auditEntries } from "@/db/schema";
import { todayInUk } from "@/lib/domain/address-history";

/** The audit actions of a new provider session (lib/server/identity-check/start-identity-check.ts). */
export const SESSION_STARTED_ACTIONS = ["Identity check started", "Identity check started again after the link expired"] as const;

/**
 * How many new identity-check sessions the director started at the provider on the UK day of `now`,
 * from the audit entry each start writes (at `updatedAt`, the time the start used; else when it was
 * written). Handing back an open session writes none, so it does not count. An internal helper: its
 * callers authorise.
 */
export async function countSessionsStartedToday(db: DbOrTx, directorId: number, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(auditEntries)
    .where(
      and(
        eq(auditEntries.directorId, directorId),
        eq(auditEntries.auditType, "DirectorModified"),
        inArray(auditEntries.action, [...SESSION_STARTED_ACTIONS]),
        sql`(coalesce(${auditEntries.updatedAt}, ${auditEntries.timestamp}) at time zone 'Europe/London')::date = ${todayInUk(now)}::date`,
      ),
    );
  return row?.n ?? 0;
}
