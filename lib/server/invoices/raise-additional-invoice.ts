import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "@/db";
import { clients, directorAdditions } from "@/db/schema";
import { translator } from "@/lib/i18n/translator";
import { getSage, SageError, type SageClient } from "@/lib/integrations/sage";
import { quoteOfAddition } from "@/lib/server/additions/addition-quote";
import { writeAudit } from "@/lib/server/audit/write-audit";
import { contactOf, findOrRaiseSalesInvoice, sageTaxRateId } from "./raise-invoice";

export type RaiseAdditionalInvoiceResult =
  | { outcome: "raised"; sageInvoiceNumber: string; foundExisting: boolean }
  | { outcome: "already-raised"; sageInvoiceNumber: string }
  | { outcome: "not-applicable"; reason: "no-addition" | "deleted" | "not-invoiced" };

/** The Sage reference of a batch's invoice: the client's reference and the batch's number (well under Sage's 25 characters). */
export function additionInvoiceReference(clientReference: string, additionId: number): string {
  return `${clientReference}-A${additionId}`;
}

/**
 * Raises the additional Sage invoice of individuals a company contact added to a client that pays
 * by invoice (directorAdditions), at the amounts stored when the contact confirmed them, and stores
 * its number on the batch. As for a request's invoice, Sage is asked before anything is created
 * (the customer by the client's reference, the invoice by the batch's own reference), so a retry
 * after a lost answer finishes the first attempt instead of raising a second invoice.
 */
export async function raiseAdditionalInvoice({ db, additionId, sage = getSage(), requestedBy }: { db: Db; additionId: number; sage?: SageClient; requestedBy?: string }): Promise<RaiseAdditionalInvoiceResult> {
  const [row] = await db.select({ addition: directorAdditions, client: clients }).from(directorAdditions).innerJoin(clients, eq(clients.id, directorAdditions.clientId)).where(eq(directorAdditions.id, additionId));
  if (!row) return { outcome: "not-applicable", reason: "no-addition" };
  const { addition, client } = row;
  if (addition.sageInvoiceNumber) return { outcome: "already-raised", sageInvoiceNumber: addition.sageInvoiceNumber };
  if (client.isDeleted) return { outcome: "not-applicable", reason: "deleted" };
  if (addition.journey !== "PayByInvoice") return { outcome: "not-applicable", reason: "not-invoiced" };

  const q = quoteOfAddition(addition);
  if (q.individuals === 0) throw new SageError("The batch has no individuals to invoice", { code: "NothingToInvoice", retryable: false });
  const taxRateId = sageTaxRateId(q.vatRatePercent, q.vatRatePercent === 0 && client.vatExempt);
  const reference = additionInvoiceReference(client.reference, addition.id);
  const contact = (await sage.findContactByReference(client.reference)) ?? (await sage.createContact(contactOf(client)));
  const t = translator();
  const description = t("invoice.additionalLineDescription", { tier: t(`statuses.productTier.${client.productTier}`) });
  const { invoice, existing } = await findOrRaiseSalesInvoice(sage, client, { contactId: contact.id, reference, q, description, taxRateId });

  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(directorAdditions)
      .set({ sageInvoiceNumber: invoice.invoiceNumber })
      .where(and(eq(directorAdditions.id, additionId), isNull(directorAdditions.sageInvoiceNumber)))
      .returning({ id: directorAdditions.id });
    if (!updated) return { outcome: "already-raised" as const, sageInvoiceNumber: invoice.invoiceNumber };
    await writeAudit(tx, {
      action: `Additional invoice ${invoice.invoiceNumber} raised in Sage`,
      auditType: "SageSuccess",
      entityType: "Client",
      entityId: String(client.id),
      clientId: client.id,
      user: "system",
      newValue: {
        additionId,
        sageInvoiceNumber: invoice.invoiceNumber,
        sageInvoiceId: invoice.id,
        reference,
        netPence: q.fullPrice,
        vatPence: q.vat,
        totalPence: q.amountDue,
        foundExisting: existing !== null,
        ...(requestedBy ? { requestedBy } : {}),
      },
    });
    return { outcome: "raised" as const, sageInvoiceNumber: invoice.invoiceNumber, foundExisting: existing !== null };
  });
}
