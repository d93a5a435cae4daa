import "server-only";
import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import type { Db } from "@/db";
import { directorFiles, directors } from "@/db/schema";
import type { Principal } from "@/lib/auth/principal";
import { canWithdrawEvidence } from "@/lib/domain/evidence-withdrawal";
import { ownDirectorId } from "@/lib/server/own-record";
import { toDirectorFileView, type DirectorFileView } from "./director-file-view";
import { evidenceReviewEndedAt } from "./evidence-review-ended-at";

/** An upload as its director sees it, with whether deleting it withdraws it or only hides it (kept). */
export interface OwnDirectorFileView extends DirectorFileView {
  /** Before review: a delete removes the file. After: a delete hides it and the firm keeps it (lib/domain/evidence-withdrawal.ts). */
  withdrawable: boolean;
}

/** The signed-in director's own uploads (proof of name and of address) that are neither deleted nor hidden, oldest first. */
export async function listOwnDirectorFiles({ db, user }: { db: Db; user: Principal }): Promise<OwnDirectorFileView[]> {
  const directorId = ownDirectorId(user, "director.self.read");
  const [rows, [director], reviewEndedAt] = await Promise.all([
    db
      .select()
      .from(directorFiles)
      .where(and(eq(directorFiles.directorId, directorId), eq(directorFiles.isDeleted, false), isNull(directorFiles.hiddenAt), inArray(directorFiles.fileType, ["Name", "Address"])))
      .orderBy(asc(directorFiles.createdAt), asc(directorFiles.id)),
    db.select({ status: directors.status }).from(directors).where(eq(directors.id, directorId)),
    evidenceReviewEndedAt(db, directorId),
  ]);
  return rows.map((f) => ({ ...toDirectorFileView(f), withdrawable: director ? canWithdrawEvidence(director.status, f.createdAt, reviewEndedAt) : false }));
}
