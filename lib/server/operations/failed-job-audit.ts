import "server-only";
import type { Tx } from "@/db";
import type { AuditType } from "@/db/schema";
import { actorOf, type Principal } from "@/lib/auth/principal";
import { writeAudit } from "@/lib/server/audit/write-audit";
import { subjectIdsOf } from "./job-subject";

/**
 * The audit entry of an admin's retry or discard of a failed job. The audit types are the closed
 * list of the specification, so the entry is filed under what the job was about: the individual's
 * or the client's record (DirectorModified, ClientModified), where their history shows it; a job
 * about neither (a clean-up) is filed as a Notification of the job itself. The action is a name
 * with a sentence of its own (auditSentence.actions in messages).
 */
export async function auditFailedJobDecision(
  tx: Tx,
  { user, meta, action, job }: { user: Principal; meta?: { ip?: string; userAgent?: string }; action: "JobRetried" | "JobDiscarded"; job: { id: string; name: string; data: unknown; error: string } },
) {
  const { clientId, directorId } = subjectIdsOf(job.data);
  const [entityType, entityId, auditType]: [string, string, AuditType] = directorId
    ? ["Director", String(directorId), "DirectorModified"]
    : clientId
      ? ["Client", String(clientId), "ClientModified"]
      : ["Job", job.id, "Notification"];
  await writeAudit(tx, {
    action,
    auditType,
    entityType,
    entityId,
    clientId,
    directorId,
    user: actorOf(user),
    ip: meta?.ip,
    userAgent: meta?.userAgent,
    newValue: { job: job.name, jobId: job.id, error: job.error },
  });
}
