import "server-only";
import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { auditEntries } from "@/db/schema";
import { preReviewStatuses } from "@/lib/domain/evidence-withdrawal";

/**
 * When the director last left a status past the pre-review ones (UnderReview or later), from the
 * audit trail: every change of a director's status is audited ("Changed status", the old status in
 * `oldValue`, at `updatedAt`) by the one writer of statuses (lib/server/lifecycle/apply-director-event.ts).
 * Null when they never have. Uploads before it may have been seen by a reviewer
 * (lib/domain/evidence-withdrawal.ts). An internal helper: its callers authorise.
 */
export async function evidenceReviewEndedAt(db: DbOrTx, directorId: number): Promise<Date | null> {
  const [row] = await db
    .select({ at: sql<Date | null>`max(coalesce(${auditEntries.updatedAt}, ${auditEntries.timestamp}))`.mapWith(auditEntries.timestamp) })
    .from(auditEntries)
    .where(
      and(
        eq(auditEntries.directorId, directorId),
        eq(auditEntries.auditType, "DirectorModified"),
        eq(auditEntries.action, "Changed status"),
        sql`coalesce(${auditEntries.oldValue} ->> 'status', '') not in (${sql.join(
          preReviewStatuses.map((s) => sql`${s}`),
          sql`, `,
        )})`,
      ),
    );
  return row?.at ?? null;
}
