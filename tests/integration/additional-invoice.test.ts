// Individuals a company contact adds to a client that pays by invoice: an additional Sage invoice
// through the invoice.raise job, against the Sage simulator over HTTP.
import { and, eq, sql } from "drizzle-orm";
import { PATCH as patchDirectorsRoute } from "@/app/api/director-verification/directors/route";
import { getDb, type Db } from "@/db";
import { auditEntries, directorAdditions, type Client } from "@/db/schema";
import { invoiceJobKey } from "@/lib/jobs/definitions/raise-invoice";
import { getJobQueue } from "@/lib/jobs/queue";
import { sendJob } from "@/lib/jobs/send-job";
import { workDueJobs } from "@/lib/jobs/work-due-jobs";
import { insertClientWithDirectors } from "../support/factories";
import { apiRequest } from "./support/requests";
import { sageSimulatorForFile } from "./support/sage-simulator";
import { setupTestDb } from "./support/setup-test-db";
import { asContact } from "./support/test-users";

setupTestDb({ seed: false, env: { VAT_RATE_PERCENT: "20", DIRECTOR_PRICE_PENCE: "6500" } });

const sage = sageSimulatorForFile();

const invoicesOf = (reference: string) => sage().sim.state.invoices.filter((i) => i.reference === reference);

/** An invoice client whose request's invoice has been raised in Sage. */
async function invoicedClient(db: Db): Promise<Client> {
  const { client } = await insertClientWithDirectors(db, { client: { journey: "PayByInvoice", status: "InProgress", billingAddressLine1: "1 Ledger Lane", billingAddressCountry: "GB" }, directors: 3 });
  await sendJob(db, "invoice.raise", { clientId: client.id }, { key: invoiceJobKey(client.id) });
  expect(await workDueJobs(await getJobQueue())).toBe(1);
  expect(invoicesOf(client.reference)).toHaveLength(1);
  return client;
}

async function add(client: Client, people: { name: string; email: string }[]) {
  const res = await patchDirectorsRoute(
    apiRequest("/api/director-verification/directors", {
      method: "PATCH",
      contentType: "application/json-patch+json",
      headers: asContact(client),
      body: people.map((value) => ({ op: "add", path: "/-", value })),
    }),
  );
  expect(res.status).toBe(200);
  const [batch] = await (await getDb()).select().from(directorAdditions).where(eq(directorAdditions.clientId, client.id));
  return batch!;
}

describe("the additional invoice of added individuals", () => {
  it("raises one more invoice for the batch only, under its own reference, and stores its number", async () => {
    const db = await getDb();
    const client = await invoicedClient(db);
    const batch = await add(client, [
      { name: "Extra One", email: "extra.one@example.co.uk" },
      { name: "Extra Two", email: "extra.two@example.co.uk" },
    ]);
    expect(await workDueJobs(await getJobQueue(), { names: ["invoice.raise"] })).toBe(1);

    const reference = `${client.reference}-A${batch.id}`;
    const [invoice] = invoicesOf(reference);
    expect(invoice!.lines).toEqual([
      expect.objectContaining({ description: "Identity verification of an added individual (Group managed solution)", quantity: 2, unit_price: 65, tax_rate_id: "GB_STANDARD", net_pence: 13_000, tax_pence: 2_600 }),
    ]);
    // The request's invoice is untouched, and the customer is the same Sage contact.
    expect(invoicesOf(client.reference)).toHaveLength(1);
    expect(invoice!.contact_id).toBe(invoicesOf(client.reference)[0]!.contact_id);
    const [stored] = await db.select().from(directorAdditions).where(eq(directorAdditions.id, batch.id));
    expect(stored!.sageInvoiceNumber).toBe(invoice!.invoice_number);
    const audit = await db.select().from(auditEntries).where(and(eq(auditEntries.clientId, client.id), sql`${auditEntries.auditType} = 'SageSuccess'`)).orderBy(auditEntries.id);
    expect(audit.at(-1)!.newValue).toMatchObject({ additionId: batch.id, reference, netPence: 13_000, vatPence: 2_600, totalPence: 15_600 });

    // Sent again (a replay, a second worker): still one.
    await sendJob(db, "invoice.raise", { clientId: client.id, additionId: batch.id }, { key: "additional-invoice-replay" });
    await workDueJobs(await getJobQueue());
    expect(invoicesOf(reference)).toHaveLength(1);
  });

  it("Sage failing once: the retry raises it, once", async () => {
    const db = await getDb();
    const client = await invoicedClient(db);
    sage().sim.failNext(503);
    const batch = await add(client, [{ name: "Retry Person", email: "retry.person@example.co.uk" }]);
    const queue = await getJobQueue();
    await workDueJobs(queue);
    await db.execute(sql`update pgboss.job set start_after = now() where state = 'retry'`);
    await workDueJobs(queue);
    expect(invoicesOf(`${client.reference}-A${batch.id}`)).toHaveLength(1);
    const [stored] = await db.select().from(directorAdditions).where(eq(directorAdditions.id, batch.id));
    expect(stored!.sageInvoiceNumber).not.toBeNull();
  });
});
