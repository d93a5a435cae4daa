import "server-only";
import { eq } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { directors } from "@/db/schema";
import { writeAudit } from "@/lib/server/audit/write-audit";

/**
 * One attempt of an individual's register check that Companies House could not answer, audited
 * (DirectorError) with whether the job will try again: staff see the register was down, not that
 * the check was forgotten.
 */
export async function auditRegisterCheckAttemptFailed(db: DbOrTx, { directorId, attempt, willRetry, err }: { directorId: number; attempt: number; willRetry: boolean; err: unknown }): Promise<void> {
  const [director] = await db.select({ clientId: directors.clientId }).from(directors).where(eq(directors.id, directorId));
  if (!director) return;
  const code = (err as { code?: unknown }).code;
  await writeAudit(db, {
    action: willRetry ? `Register check: Companies House unavailable (attempt ${attempt}), trying again` : `Register check: Companies House unavailable (attempt ${attempt})`,
    auditType: "DirectorError",
    entityType: "Director",
    entityId: String(directorId),
    clientId: director.clientId,
    directorId,
    user: "system",
    newValue: { attempt, willRetry, ...(typeof code === "string" ? { code } : {}), error: (err instanceof Error ? err.message : String(err)).slice(0, 500) },
  });
}
