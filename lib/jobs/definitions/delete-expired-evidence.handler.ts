import { and, asc, eq, isNull, lt, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { directorAddresses, directorChecks, directorFiles, directorMedia, directors } from "@/db/schema";
import { getEnv } from "@/lib/env";
import { getStorage, type FileStorage } from "@/lib/integrations/storage";
import { log } from "@/lib/log";
import { writeAudit } from "@/lib/server/audit/write-audit";
import type { JobContext, NoPayload } from "../define-job";
import { retentionCutoff } from "./delete-expired-evidence";

/** Directors handled per query, so a first run over a large backlog never holds long locks. */
const batchSize = 100;

async function deleteBytes(storage: FileStorage, keys: readonly string[]) {
  for (const key of keys) {
    try {
      await storage.delete(key);
    } catch (err) {
      // A key of the wrong shape names nothing in storage; anything else is retried with the job.
      if (!(err instanceof RangeError)) throw err;
    }
  }
}

/**
 * Deletes one director's evidence: the bytes first (idempotent, so a run that dies half-way is
 * simply repeated), then in one transaction the rows of files, provider media, checks and earlier
 * addresses, the former names, and `evidenceDeletedAt` with an audit entry saying what went. Bytes
 * of any file kept in the meantime (an admin opening a media item) are removed after the commit.
 */
async function sweepDirector(db: Db, storage: FileStorage, directorId: number, cutoff: Date, years: number): Promise<boolean> {
  const before = await db.select({ storageKey: directorFiles.storageKey }).from(directorFiles).where(eq(directorFiles.directorId, directorId));
  await deleteBytes(
    storage,
    before.map((f) => f.storageKey),
  );
  const late = await db.transaction(async (tx) => {
    const [director] = await tx
      .select({ id: directors.id, clientId: directors.clientId, verificationCompletedAt: directors.verificationCompletedAt })
      .from(directors)
      .where(and(eq(directors.id, directorId), isNull(directors.evidenceDeletedAt), lt(directors.verificationCompletedAt, cutoff)))
      .for("update", { skipLocked: true });
    if (!director) return null;
    const files = await tx.delete(directorFiles).where(eq(directorFiles.directorId, directorId)).returning({ storageKey: directorFiles.storageKey });
    const media = await tx.delete(directorMedia).where(eq(directorMedia.directorId, directorId)).returning({ id: directorMedia.id });
    const checks = await tx.delete(directorChecks).where(eq(directorChecks.directorId, directorId)).returning({ id: directorChecks.id });
    const addresses = await tx.delete(directorAddresses).where(eq(directorAddresses.directorId, directorId)).returning({ id: directorAddresses.id });
    await tx.update(directors).set({ evidenceDeletedAt: new Date(), formerNames: [], formerNameHistory: [], updatedBy: "system" }).where(eq(directors.id, directorId));
    await writeAudit(tx, {
      action: "EvidenceDeleted",
      auditType: "DirectorModified",
      entityType: "Director",
      entityId: String(directorId),
      user: "system",
      clientId: director.clientId,
      directorId,
      oldValue: { files: files.length, media: media.length, checks: checks.length, addresses: addresses.length },
      newValue: { reason: `retention period of ${years} years after the check completed has ended`, verificationCompletedAt: director.verificationCompletedAt!.toISOString() },
    });
    const known = new Set(before.map((f) => f.storageKey));
    return files.map((f) => f.storageKey).filter((k) => !known.has(k));
  });
  if (late === null) return false;
  await deleteBytes(storage, late);
  return true;
}

export async function run(_payload: NoPayload, { db }: JobContext) {
  const years = getEnv().EVIDENCE_RETENTION_YEARS;
  const cutoff = retentionCutoff(new Date(), years);
  const storage = getStorage();
  let swept = 0;
  let afterId = 0;
  for (;;) {
    const due = await db
      .select({ id: directors.id })
      .from(directors)
      .where(and(isNull(directors.evidenceDeletedAt), lt(directors.verificationCompletedAt, cutoff), sql`${directors.id} > ${afterId}`))
      .orderBy(asc(directors.id))
      .limit(batchSize);
    for (const { id } of due) if (await sweepDirector(db, storage, id, cutoff, years)) swept += 1;
    if (due.length < batchSize) break;
    afterId = due.at(-1)!.id;
  }
  log.info({ swept }, `[jobs] deleted the evidence of ${swept} director(s) whose check completed before ${cutoff.toISOString()} (${years} years)`);
}
