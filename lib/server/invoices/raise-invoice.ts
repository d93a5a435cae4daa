import { and, eq, isNull } from "drizzle-orm";
import type { Db, DbOrTx } from "@/db";
import { clients, notifications, type Client } from "@/db/schema";
import { translator } from "@/lib/i18n/translator";
import { getSage, SageError, type NewSageContact, type NewSalesInvoiceLine, type SageClient } from "@/lib/integrations/sage";
import { invoiceLines, type Quote } from "@/lib/pricing/pricing";
import { writeAudit } from "@/lib/server/audit/write-audit";
import { clientQuote } from "@/lib/server/clients/client-quote";
import { notifyAdmins } from "@/lib/server/notifications/notify-admins";

/** Sage keeps invoice notes to 2,000 characters. */
const NOTES_MAX = 2000;

/**
 * Sage's UK tax rate for a VAT percentage. A VAT-exempt client's lines are "Exempt", not "Zero
 * rated": the two are reported differently on the VAT return.
 */
export function sageTaxRateId(vatRatePercent: number, vatExempt: boolean): string {
  if (vatExempt) return "GB_EXEMPT";
  const byPercent: Record<number, string> = { 20: "GB_STANDARD", 5: "GB_LOWER", 0: "GB_ZERO" };
  const id = byPercent[vatRatePercent];
  if (!id) throw new SageError(`No Sage tax rate for VAT at ${vatRatePercent}%`, { code: "NoTaxRate", retryable: false });
  return id;
}

/** Today in the United Kingdom as YYYY-MM-DD (Sage's invoice date). */
export function ukDate(at: Date): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London", year: "numeric", month: "2-digit", day: "2-digit" }).format(at);
}

/** The Sage customer of a client: the billing entity, its address and its accounts-payable contact. */
export function contactOf(client: Client): NewSageContact {
  const person = [client.accountPayableContactFirstName, client.accountPayableContactLastName].filter(Boolean).join(" ");
  return {
    name: client.billingEntityName || client.name,
    reference: client.reference,
    email: client.accountPayableContactEmail || client.mainContactEmail,
    telephone: client.accountPayableContactTelephone || client.mainContactTelephone || undefined,
    contactPersonName: person || undefined,
    taxNumber: client.vatNumber || undefined,
    address: client.billingAddressLine1
      ? {
          line1: client.billingAddressLine1,
          line2: client.billingAddressLine2 || undefined,
          city: client.billingAddressCity || undefined,
          region: client.billingAddressState || undefined,
          postalCode: client.billingAddressPostCode || undefined,
          countryCode: client.billingAddressCountry || undefined,
        }
      : undefined,
  };
}

/** The invoice's notes: the customer's purchase-order information, which their accounts team matches the invoice by. */
export function notesOf(client: Client): string | undefined {
  const po = client.purchaseOrderInfo?.trim();
  if (!po) return undefined;
  return translator()("invoice.purchaseOrder", { purchaseOrder: po }).slice(0, NOTES_MAX);
}

/**
 * The sales invoice `reference` of `client`: found in Sage first (Sage has no idempotency keys, so
 * an attempt that created it and then failed is finished, not repeated), else created for the
 * customer `contactId` with a line per price of `q` described as `description`, under `taxRateId`.
 * `existing` is the invoice found, or null when this call created it.
 */
export async function findOrRaiseSalesInvoice(
  sage: SageClient,
  client: Client,
  { contactId, reference, q, description, taxRateId }: { contactId: string; reference: string; q: Quote; description: string; taxRateId: string },
) {
  const existing = await sage.findInvoiceByReference(reference);
  const invoice =
    existing ??
    (await sage.createSalesInvoice({
      contactId,
      date: ukDate(new Date()),
      reference,
      notes: notesOf(client),
      lines: invoiceLines(q, description).map(
        (l): NewSalesInvoiceLine => ({ description: l.description, quantity: l.quantity, unitPrice: l.unitPricePounds, taxRateId, taxRatePercent: l.vatRatePercent }),
      ),
    }));
  return { invoice, existing };
}

export type RaiseInvoiceResult =
  | { outcome: "raised"; sageId: string; sageInvoiceNumber: string; foundExisting: boolean }
  | { outcome: "already-raised"; sageInvoiceNumber: string }
  | { outcome: "not-applicable"; reason: "no-client" | "deleted" | "not-invoiced" };

/**
 * Raises the Sage sales invoice of a client that pays by invoice, and stores its number.
 *
 * Sage has no idempotency keys, so every step looks before it creates: the customer contact and
 * the invoice are both found by the client's reference first. An attempt that created the invoice
 * and then failed (a time-out on the response, a crash before the database write) is therefore
 * finished by the next attempt instead of raising a second invoice. The invoice reference is the
 * client reference, which is unique and at most 25 characters as Sage requires.
 *
 * Throws SageError when Sage fails; `retryable` says whether trying later can help.
 */
export async function raiseInvoice({ db, clientId, sage = getSage(), requestedBy }: { db: Db; clientId: number; sage?: SageClient; requestedBy?: string }): Promise<RaiseInvoiceResult> {
  const [client] = await db.select().from(clients).where(eq(clients.id, clientId));
  if (!client) return { outcome: "not-applicable", reason: "no-client" };
  if (client.sageInvoiceNumber) return { outcome: "already-raised", sageInvoiceNumber: client.sageInvoiceNumber };
  if (client.isDeleted) return { outcome: "not-applicable", reason: "deleted" };
  if (client.journey !== "PayByInvoice") return { outcome: "not-applicable", reason: "not-invoiced" };

  // Each live individual at its own price: one invoice line per price.
  const q = await clientQuote(db, client);
  if (q.individuals === 0) throw new SageError("The client has no individuals to invoice", { code: "NothingToInvoice", retryable: false });
  const taxRateId = sageTaxRateId(q.vatRatePercent, client.vatExempt);

  const contact = (await sage.findContactByReference(client.reference)) ?? (await sage.createContact(contactOf(client)));
  const t = translator();
  const description = t("invoice.lineDescription", { tier: t(`statuses.productTier.${client.productTier}`) });
  const { invoice, existing } = await findOrRaiseSalesInvoice(sage, client, { contactId: contact.id, reference: client.reference, q, description, taxRateId });

  return db.transaction(async (tx) => {
    // Conditional: of two attempts that got here together, one records the invoice.
    const [updated] = await tx
      .update(clients)
      .set({ sageId: contact.id, sageInvoiceNumber: invoice.invoiceNumber, updatedAt: new Date(), updatedBy: "system" })
      .where(and(eq(clients.id, clientId), isNull(clients.sageInvoiceNumber)))
      .returning({ id: clients.id });
    if (!updated) return { outcome: "already-raised" as const, sageInvoiceNumber: invoice.invoiceNumber };
    await writeAudit(tx, {
      action: `Invoice ${invoice.invoiceNumber} raised in Sage`,
      auditType: "SageSuccess",
      entityType: "Client",
      entityId: String(clientId),
      clientId,
      user: "system",
      oldValue: { sageId: client.sageId, sageInvoiceNumber: null },
      newValue: {
        sageId: contact.id,
        sageInvoiceNumber: invoice.invoiceNumber,
        sageInvoiceId: invoice.id,
        netPence: q.fullPrice,
        vatPence: q.vat,
        totalPence: q.amountDue,
        foundExisting: existing !== null,
        ...(requestedBy ? { requestedBy } : {}),
      },
    });
    return { outcome: "raised" as const, sageId: contact.id, sageInvoiceNumber: invoice.invoiceNumber, foundExisting: existing !== null };
  });
}

/** Describes a failure for the audit trail: Sage's code and status, never a secret. */
function failureOf(err: unknown) {
  if (err instanceof SageError) return { error: err.message, code: err.code, status: err.status ?? null, retryable: err.retryable };
  return { error: err instanceof Error ? err.message : String(err), code: "Unexpected", status: null, retryable: true };
}

/** Records one failed attempt (SageError), with whether another attempt will follow. */
export async function auditInvoiceAttemptFailed(db: DbOrTx, { clientId, attempt, willRetry, err }: { clientId: number; attempt: number; willRetry: boolean; err: unknown }) {
  await writeAudit(db, {
    action: willRetry ? `Invoice attempt ${attempt} failed; it will be retried` : `Invoice attempt ${attempt} failed`,
    auditType: "SageError",
    entityType: "Client",
    entityId: String(clientId),
    clientId,
    user: "system",
    newValue: { attempt, willRetry, ...failureOf(err) },
  });
}

/**
 * The invoice could not be raised and nothing will try again by itself: admins are told (once per
 * job, however often this runs) and can retry from the client's page.
 */
export async function recordInvoiceGivenUp(db: DbOrTx, { clientId, jobId, error }: { clientId: number; jobId: string; error: string }) {
  const [client] = await db.select({ name: clients.name, reference: clients.reference }).from(clients).where(eq(clients.id, clientId));
  if (!client) return;
  const dedupeKey = `job-${jobId}-failed`;
  // Recorded already (this ran before and its completion was lost): once is enough.
  const [already] = await db.select({ id: notifications.id }).from(notifications).where(eq(notifications.dedupeKey, dedupeKey));
  if (already) return;
  await notifyAdmins({
    db,
    message: translator()("notifications.invoiceFailed", { name: client.name, reference: client.reference }),
    clientId,
    dedupeKey,
  });
  await writeAudit(db, {
    action: "Invoice could not be raised in Sage; admins notified",
    auditType: "SageError",
    entityType: "Client",
    entityId: String(clientId),
    clientId,
    user: "system",
    newValue: { jobId, error: error.slice(0, 2000), final: true },
  });
}
