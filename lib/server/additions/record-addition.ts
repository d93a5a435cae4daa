import "server-only";
import { inArray } from "drizzle-orm";
import type { Tx } from "@/db";
import { directorAdditions, directors, type Client, type DirectorAddition } from "@/db/schema";
import type { RequestMeta } from "@/lib/http";
import { sendJob } from "@/lib/jobs/send-job";
import { auditedBy, writeAudit } from "@/lib/server/audit/write-audit";
import { additionQuote } from "./addition-quote";
import { releaseAdditionInvitations } from "./release-addition-invitations";

/** The job key of the additional invoice of one batch of added individuals. */
export function additionInvoiceJobKey(clientId: number, additionId: number): string {
  return `invoice:${clientId}:addition-${additionId}`;
}

/**
 * Prices and records a batch of individuals a company contact has just added (in the caller's
 * transaction, which also inserted them), and bills it under the client's journey:
 * - `PayByCard`: nothing is sent yet: the caller opens the batch's Checkout Session once the
 *   transaction commits, and the invitations leave when Stripe confirms the payment;
 * - `PayByInvoice`: the invitations leave now (unless the request's are held for staff: then they
 *   leave with those), and an additional Sage invoice is raised by the
 *   invoice job, unless the request's own invoice is not raised yet (it counts every individual
 *   when it is, so these are on it);
 * - `Existing`: billed under the customer's arrangement; the invitations leave now.
 */
export async function recordAddition(
  tx: Tx,
  { client, directorIds, actor, meta }: { client: Client; directorIds: number[]; actor: string; meta?: RequestMeta },
): Promise<DirectorAddition> {
  // The batch's own individuals, just inserted: a contact cannot give them a price override, so
  // they make one line at the client's unit price, which is what the batch row can hold.
  const batch = await tx.select({ priceOverride: directors.priceOverride }).from(directors).where(inArray(directors.id, directorIds));
  const q = additionQuote(client, batch);
  if (q.lines.length > 1) throw new Error(`batch of added individuals for client ${client.id} has ${q.lines.length} prices; a batch has one`);
  const [addition] = await tx
    .insert(directorAdditions)
    .values({
      clientId: client.id,
      directorIds,
      journey: client.journey,
      individuals: q.individuals,
      unitPrice: q.lines[0]?.unitPrice ?? q.unitPrice,
      fullPrice: q.fullPrice,
      vatRatePercent: String(q.vatRatePercent),
      vat: q.vat,
      amountDue: q.amountDue,
      createdBy: actor,
    })
    .returning();
  const onMainInvoice = client.journey === "PayByInvoice" && !client.sageInvoiceNumber;
  await writeAudit(tx, {
    action: `${directorIds.length} individual(s) added by the company contact`,
    auditType: "ClientModified",
    entityType: "Client",
    entityId: String(client.id),
    clientId: client.id,
    ...auditedBy(actor, meta),
    newValue: { additionId: addition!.id, directorIds, journey: client.journey, amountDue: q.amountDue, onRequestInvoice: onMainInvoice },
  });
  if (client.journey === "PayByCard") return addition!;
  // While the request's own invitations wait for staff, so do these: moving the client to
  // Onboarding invites every live individual of it.
  if (!client.invitationsHeld) await releaseAdditionInvitations(tx, directorIds);
  if (client.journey === "PayByInvoice" && !onMainInvoice) {
    await sendJob(tx, "invoice.raise", { clientId: client.id, additionId: addition!.id }, { key: additionInvoiceJobKey(client.id, addition!.id) });
  }
  return addition!;
}
