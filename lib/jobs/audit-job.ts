import { writeAudit, type AuditInput } from "@/lib/server/audit/write-audit";
import type { JobContext } from "./define-job";

/**
 * Writes a job's audit entry through its context (see JobContext.audit); at once when none is given.
 * For handlers (definitions/x.handler.ts): it loads the audit writer, which job definitions and the
 * queue must not (lib/import-graph.test.ts).
 */
export function auditJob(ctx: Pick<JobContext, "db" | "audit">, entry: AuditInput): Promise<void> {
  return ctx.audit ? ctx.audit(entry) : writeAudit(ctx.db, entry);
}
