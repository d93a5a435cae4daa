import "server-only";
import { eq } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { clients, directors, registerChecks } from "@/db/schema";
import { normaliseCompanyNumber } from "@/lib/domain/company-number";
import { translator } from "@/lib/i18n/translator";
import { writeAudit } from "@/lib/server/audit/write-audit";
import { notifyAdmins } from "@/lib/server/notifications/notify-admins";
import { registerCheckAudit, registerCheckValues } from "./register-check-run";
import { verifiedDetailsOf } from "./register-check-verified";
import { registerFindingNotice } from "./register-check-words";

/**
 * The register check of an individual that could not be made: Companies House stayed unavailable
 * through every attempt of the job (or refused it in a way no retry mends). Recorded as a check
 * with the outcome `register_unavailable` and the verified side filled in, once per job; audited
 * (DirectorError) and the admins told, so they can check again from the client page.
 */
export async function recordRegisterCheckGivenUp(db: DbOrTx, { directorId, jobId, attempts, error, now = new Date() }: { directorId: number; jobId: string; attempts: number; error: string; now?: Date }): Promise<void> {
  const [row] = await db
    .select({ director: directors, client: { name: clients.name, companyId: clients.companyId } })
    .from(directors)
    .innerJoin(clients, eq(clients.id, directors.clientId))
    .where(eq(directors.id, directorId));
  if (!row) return;
  const { director, client } = row;
  const verified = await verifiedDetailsOf(db, director);
  const [check] = await db
    .insert(registerChecks)
    .values(registerCheckValues({ directorId, jobId, attempts, now, verified, outcome: "register_unavailable", companyNumber: client.companyId ? (normaliseCompanyNumber(client.companyId) ?? client.companyId) : null }))
    .onConflictDoNothing({ target: registerChecks.jobId })
    .returning();
  if (!check) return;
  const audit = registerCheckAudit(director, check);
  await writeAudit(db, { ...audit, newValue: { ...audit.newValue, error: error.slice(0, 500) } });
  const notice = registerFindingNotice(translator(), check, { name: director.name, company: client.name });
  if (notice) await notifyAdmins({ db, message: notice, clientId: director.clientId, directorId, dedupeKey: `register-check:${jobId}` });
}
