import "server-only";
import { and, count, eq, sql } from "drizzle-orm";
import { fromDrizzle } from "pg-boss";
import type { Db } from "@/db";
import { auditEntries, clients } from "@/db/schema";
import { can } from "@/lib/auth/permissions";
import { actorOf, type Principal } from "@/lib/auth/principal";
import { invoiceJobKey } from "@/lib/jobs/definitions/raise-invoice";
import { getJobQueue } from "@/lib/jobs/queue";
import { sendJob } from "@/lib/jobs/send-job";
import { AppError } from "@/lib/server/app-error";
import { lockRowById } from "@/lib/server/lock-row";

/** pg-boss states of a job that has not finished: one of these will still try to raise the invoice. */
const unfinished = new Set(["created", "retry", "active"]);

/**
 * An admin asks for a client's Sage invoice to be raised again, after the job gave up. Sends a new
 * `invoice.raise` job and answers at once; the outcome shows on the client page (the invoice
 * number, or a SageError entry and a notification).
 *
 * Refused (409) when there is nothing to retry: the invoice exists, the client does not pay by
 * invoice or is deleted, or an attempt is still under way or scheduled. The last matters because
 * Sage has no idempotency keys: two attempts running side by side could both find no invoice and
 * both create one. The client row is locked while checking, so two admins clicking at once are
 * taken one after the other, and the second finds the first one's job.
 */
export async function retryInvoice({ db, user, id }: { db: Db; user: Principal; id: number }): Promise<{ queued: true }> {
  if (!can(user.type, "admin.clients.invoice")) throw new AppError("forbidden");
  if (!Number.isSafeInteger(id) || id < 1) throw new AppError("not_found");

  // Opened before the transaction: on the embedded database, starting the queue needs the one
  // connection that the transaction would hold.
  const { boss } = await getJobQueue();
  return db.transaction(async (tx) => {
    const client = await lockRowById(tx, clients, id, ["isDeleted", "journey", "sageInvoiceNumber"]);
    if (client.isDeleted || client.journey !== "PayByInvoice") throw new AppError("conflict", "invoice_not_applicable");
    if (client.sageInvoiceNumber) throw new AppError("conflict", "invoice_already_raised");

    const jobs = await boss.findJobs("invoice.raise", { data: { clientId: id }, db: fromDrizzle(tx as Parameters<typeof fromDrizzle>[0], sql) });
    if (jobs.some((j) => unfinished.has(j.state))) throw new AppError("conflict", "invoice_in_progress");

    // Every failed attempt leaves a SageError entry: a new failure makes a new key possible, while
    // a repeated click before any new failure finds the job it already sent.
    const [failures] = await tx
      .select({ n: count() })
      .from(auditEntries)
      .where(and(eq(auditEntries.clientId, id), eq(auditEntries.auditType, "SageError")));
    await sendJob(tx, "invoice.raise", { clientId: id, requestedBy: actorOf(user) }, { key: invoiceJobKey(id, Number(failures?.n ?? 0)) });
    return { queued: true as const };
  });
}
