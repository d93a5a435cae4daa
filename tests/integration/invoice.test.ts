// The invoice.raise job and the admin retry route against the Sage simulator, over HTTP, with the
// portal's real Sage adapter (getSage) and the job queue on this worker's PostgreSQL database.
import { and, eq, sql } from "drizzle-orm";
import { POST as retryRoute } from "@/app/api/admin/director-verification/clients/[id]/invoice/route";
import { getDb } from "@/db";
import type { Db } from "@/db/client";
import { auditEntries, clients, notifications, type Client } from "@/db/schema";
import { getSage, SageError, type SageClient } from "@/lib/integrations/sage";
import { invoiceJobKey } from "@/lib/jobs/definitions/raise-invoice";
import { getJobQueue } from "@/lib/jobs/queue";
import { sendJob } from "@/lib/jobs/send-job";
import { workDueJobs } from "@/lib/jobs/work-due-jobs";
import { raiseInvoice } from "@/lib/server/invoices/raise-invoice";
import messages from "@/messages/en-GB.json";
import { insertClientWithDirectors } from "../support/factories";
import { apiRequest, routeParams } from "./support/requests";
import { sageSimulatorForFile } from "./support/sage-simulator";
import { setupTestDb } from "./support/setup-test-db";
import { asAdmin, asContact } from "./support/test-users";

setupTestDb({ env: { VAT_RATE_PERCENT: "20", DIRECTOR_PRICE_PENCE: "6500" } });

const sage = sageSimulatorForFile();

/** Makes every job waiting for its retry due now, as if its backoff had passed. */
async function retriesDueNow(db: Db) {
  await db.execute(sql`update pgboss.job set start_after = now() where state = 'retry'`);
}

async function invoicedClient(overrides: Partial<Client> = {}, individuals = 3) {
  const db = await getDb();
  const { client } = await insertClientWithDirectors(db, {
    client: {
      journey: "PayByInvoice",
      billingEntityName: "Hartley Billing Ltd",
      billingAddressLine1: "1 Ledger Lane",
      billingAddressCity: "Leeds",
      billingAddressPostCode: "LS1 1AA",
      billingAddressCountry: "GB",
      accountPayableContactFirstName: "Paula",
      accountPayableContactLastName: "Payable",
      accountPayableContactEmail: "ap@hartley.example",
      purchaseOrderInfo: "PO-4471 / cost centre 12",
      ...overrides,
    },
    directors: individuals,
  });
  return client;
}

const invoicesOf = (reference: string) => sage().sim.state.invoices.filter((i) => i.reference === reference);
const contactsOf = (reference: string) => sage().sim.state.contacts.filter((c) => c.reference === reference);

async function reload(id: number) {
  const [row] = await (await getDb()).select().from(clients).where(eq(clients.id, id));
  return row!;
}

async function sageAudit(clientId: number) {
  const rows = await (await getDb())
    .select()
    .from(auditEntries)
    .where(and(eq(auditEntries.clientId, clientId), sql`${auditEntries.auditType} in ('SageSuccess', 'SageError')`))
    .orderBy(auditEntries.id);
  return rows;
}

async function failureNotifications(clientId: number) {
  return (await getDb())
    .select()
    .from(notifications)
    .where(and(eq(notifications.clientId, clientId), sql`${notifications.dedupeKey} like 'job-%-failed'`));
}

const retry = (id: number, headers = asAdmin()) => retryRoute(apiRequest(`/api/admin/director-verification/clients/${id}/invoice`, { method: "POST", headers }), routeParams({ id }));

describe("invoice.raise against the Sage simulator", () => {
  it("creates the customer and one invoice from the pricing module, stores its number and audits SageSuccess", async () => {
    const db = await getDb();
    const client = await invoicedClient();
    await sendJob(db, "invoice.raise", { clientId: client.id }, { key: invoiceJobKey(client.id) });
    expect(await workDueJobs(await getJobQueue())).toBe(1);

    const [contact] = contactsOf(client.reference);
    expect(contact).toMatchObject({ name: "Hartley Billing Ltd", email: "ap@hartley.example", contact_type_ids: ["CUSTOMER"] });
    expect(contact!.main_address).toMatchObject({ address_line_1: "1 Ledger Lane", postal_code: "LS1 1AA", country_id: "GB" });
    const invoices = invoicesOf(client.reference);
    expect(invoices).toHaveLength(1);
    const [invoice] = invoices;
    expect(invoice!.contact_id).toBe(contact!.id);
    expect(invoice!.notes).toBe("Purchase order: PO-4471 / cost centre 12");
    // 3 × £65 net, 20% VAT: £195 + £39.
    expect(invoice!.lines).toEqual([
      expect.objectContaining({ description: "Identity verification of an individual (Group managed solution)", quantity: 3, unit_price: 65, tax_rate_id: "GB_STANDARD", net_pence: 19_500, tax_pence: 3_900 }),
    ]);

    const row = await reload(client.id);
    expect(row).toMatchObject({ sageId: contact!.id, sageInvoiceNumber: invoice!.invoice_number });
    const audit = await sageAudit(client.id);
    expect(audit.map((a) => a.auditType)).toEqual(["SageSuccess"]);
    expect(audit[0]!.newValue).toMatchObject({ sageInvoiceNumber: invoice!.invoice_number, netPence: 19_500, vatPence: 3_900, totalPence: 23_400, foundExisting: false });

    // The job sent again (a replay, a second worker) changes nothing.
    await sendJob(db, "invoice.raise", { clientId: client.id }, { key: "invoice-test-replay" });
    await workDueJobs(await getJobQueue());
    expect(invoicesOf(client.reference)).toHaveLength(1);
    expect((await sageAudit(client.id)).map((a) => a.auditType)).toEqual(["SageSuccess"]);
  });

  it("invoices a VAT-exempt client at the exempt rate, without VAT", async () => {
    const client = await invoicedClient({ vatExempt: true, purchaseOrderInfo: null }, 2);
    await sendJob(await getDb(), "invoice.raise", { clientId: client.id }, { key: invoiceJobKey(client.id) });
    await workDueJobs(await getJobQueue());
    const [invoice] = invoicesOf(client.reference);
    expect(invoice!.notes).toBeNull();
    expect(invoice!.lines).toEqual([expect.objectContaining({ quantity: 2, unit_price: 65, tax_rate_id: "GB_EXEMPT", net_pence: 13_000, tax_pence: 0 })]);
  });

  it("Sage failing twice then succeeding: one invoice, two SageError entries then SageSuccess", async () => {
    const db = await getDb();
    const queue = await getJobQueue();
    const client = await invoicedClient();
    sage().sim.failNext(503, 503);
    await sendJob(db, "invoice.raise", { clientId: client.id }, { key: invoiceJobKey(client.id) });
    await workDueJobs(queue);
    const [waiting] = await queue.boss.findJobs("invoice.raise", { key: invoiceJobKey(client.id) });
    expect(waiting).toMatchObject({ state: "retry", retryBackoff: true, retryLimit: 7 });
    expect(waiting!.startAfter.getTime()).toBeGreaterThan(Date.now());
    // Backoff: not due yet.
    expect(await workDueJobs(queue)).toBe(0);
    await retriesDueNow(db);
    await workDueJobs(queue);
    await retriesDueNow(db);
    await workDueJobs(queue);

    expect(invoicesOf(client.reference)).toHaveLength(1);
    expect(contactsOf(client.reference)).toHaveLength(1);
    expect((await reload(client.id)).sageInvoiceNumber).toBe(invoicesOf(client.reference)[0]!.invoice_number);
    const audit = await sageAudit(client.id);
    expect(audit.map((a) => a.auditType)).toEqual(["SageError", "SageError", "SageSuccess"]);
    expect(audit[0]!.newValue).toMatchObject({ attempt: 1, willRetry: true, status: 503, retryable: true });
    expect(await failureNotifications(client.id)).toHaveLength(0);
  });

  it("an attempt that created the invoice but lost Sage's answer is finished by the next, without a second invoice", async () => {
    const db = await getDb();
    const client = await invoicedClient();
    const real = getSage();
    const lostAnswer: SageClient = {
      ...real,
      async createSalesInvoice(invoice) {
        await real.createSalesInvoice(invoice);
        throw new SageError("Sage invoice creation failed: The operation was aborted due to timeout", { code: "NetworkError", retryable: true });
      },
    };
    await expect(raiseInvoice({ db, clientId: client.id, sage: lostAnswer })).rejects.toThrow(/timeout/);
    expect(invoicesOf(client.reference)).toHaveLength(1);
    expect((await reload(client.id)).sageInvoiceNumber).toBeNull();

    await sendJob(db, "invoice.raise", { clientId: client.id }, { key: invoiceJobKey(client.id) });
    await workDueJobs(await getJobQueue());
    expect(invoicesOf(client.reference)).toHaveLength(1);
    expect(contactsOf(client.reference)).toHaveLength(1);
    expect((await reload(client.id)).sageInvoiceNumber).toBe(invoicesOf(client.reference)[0]!.invoice_number);
    const [success] = await sageAudit(client.id);
    expect(success).toMatchObject({ auditType: "SageSuccess", newValue: expect.objectContaining({ foundExisting: true }) });
  });

  it("gives up at once when Sage refuses the record, notifying admins once", async () => {
    const client = await invoicedClient();
    sage().sim.failNext(422);
    await sendJob(await getDb(), "invoice.raise", { clientId: client.id }, { key: invoiceJobKey(client.id) });
    await workDueJobs(await getJobQueue());

    const [job] = await (await getJobQueue()).boss.findJobs("invoice.raise", { key: invoiceJobKey(client.id) });
    expect(job).toMatchObject({ state: "completed", retryCount: 0 });
    expect(invoicesOf(client.reference)).toHaveLength(0);
    expect((await reload(client.id)).sageInvoiceNumber).toBeNull();
    const audit = await sageAudit(client.id);
    expect(audit.map((a) => [a.auditType, (a.newValue as { willRetry?: boolean; final?: boolean }).willRetry ?? (a.newValue as { final?: boolean }).final])).toEqual([
      ["SageError", false],
      ["SageError", true],
    ]);
    const notes = await failureNotifications(client.id);
    expect(notes).toHaveLength(1);
    expect(notes[0]!.message).toBe(messages.notifications.invoiceFailed.replace("{name}", client.name).replace("{reference}", client.reference));
    expect(notes[0]!.link).toBe(`/administration/client-management/${client.id}`);
  });

  it("after the last retry fails, admins are told once; an admin's retry then raises the invoice, once", async () => {
    const db = await getDb();
    const queue = await getJobQueue();
    const client = await invoicedClient();
    sage().sim.failNext(...Array.from({ length: 8 }, () => 503));
    await sendJob(db, "invoice.raise", { clientId: client.id }, { key: invoiceJobKey(client.id) });
    await workDueJobs(queue);
    for (let attempt = 2; attempt <= 8; attempt++) {
      await retriesDueNow(db);
      expect(await workDueJobs(queue)).toBeGreaterThan(0);
    }
    const [job] = await queue.boss.findJobs("invoice.raise", { key: invoiceJobKey(client.id) });
    expect(job).toMatchObject({ state: "failed", retryCount: 7 });
    expect(await failureNotifications(client.id)).toHaveLength(1);
    const errors = await sageAudit(client.id);
    expect(errors).toHaveLength(9);
    expect(errors.at(-2)!.newValue).toMatchObject({ attempt: 8, willRetry: false });
    expect(errors.at(-1)!.newValue).toMatchObject({ final: true });
    expect(invoicesOf(client.reference)).toHaveLength(0);

    // Two clicks at once: one job.
    const answers = await Promise.all([retry(client.id), retry(client.id)]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await answers.find((r) => r.status === 409)!.json()).toMatchObject({ message: messages.apiErrors.invoice_in_progress });
    expect(await workDueJobs(queue)).toBe(1);

    const row = await reload(client.id);
    expect(invoicesOf(client.reference)).toHaveLength(1);
    expect(row.sageInvoiceNumber).toBe(invoicesOf(client.reference)[0]!.invoice_number);
    expect((await sageAudit(client.id)).at(-1)).toMatchObject({ auditType: "SageSuccess", newValue: expect.objectContaining({ requestedBy: "admin@portal.example" }) });

    const again = await retry(client.id);
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ message: messages.apiErrors.invoice_already_raised });
    expect(await workDueJobs(queue)).toBe(0);
    expect(invoicesOf(client.reference)).toHaveLength(1);
  });
});

describe("POST /api/admin/director-verification/clients/{id}/invoice", () => {
  it("is for admins only", async () => {
    const client = await invoicedClient();
    expect((await retry(client.id, asContact(client))).status).toBe(403);
    expect((await retry(client.id, {})).status).toBe(401);
    const [job] = await (await getJobQueue()).boss.findJobs("invoice.raise", { data: { clientId: client.id } });
    expect(job).toBeUndefined();
  });

  it("refuses while an attempt is scheduled, for a client paying by card, and for an unknown client", async () => {
    const db = await getDb();
    const client = await invoicedClient();
    await sendJob(db, "invoice.raise", { clientId: client.id }, { key: invoiceJobKey(client.id) });
    const pending = await retry(client.id);
    expect(pending.status).toBe(409);
    expect(await pending.json()).toMatchObject({ message: messages.apiErrors.invoice_in_progress });
    expect(await (await getJobQueue()).boss.findJobs("invoice.raise", { data: { clientId: client.id } })).toHaveLength(1);

    const card = await invoicedClient({ journey: "PayByCard" });
    const refused = await retry(card.id);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ message: messages.apiErrors.invoice_not_applicable });

    expect((await retry(2_000_000_000)).status).toBe(404);
  });
});
