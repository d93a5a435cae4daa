// Individuals a company contact adds to a card-paying client: their own Checkout Session on the
// Stripe simulator (real HTTP), invitations only once the payment is confirmed, the payment applied
// to the batch (never mistaken for a second payment of the request), once.
import { and, eq, sql } from "drizzle-orm";
import { POST as webhook } from "@/app/api/webhooks/stripe/route";
import { PATCH as patchDirectorsRoute } from "@/app/api/director-verification/directors/route";
import { POST as payRoute } from "@/app/api/director-verification/company/additions/[id]/payment/route";
import { getDb, type Db } from "@/db";
import { auditEntries, clients, directorAdditions, directors, notifications } from "@/db/schema";
import { getStripe } from "@/lib/integrations/stripe";
import { getCardPaymentStatus } from "@/lib/server/payments/get-card-payment-status";
import { getOwnCompany } from "@/lib/server/clients/get-own-company";
import { insertClientWithDirectors } from "../../support/factories";
import { apiRequest, routeParams } from "../support/requests";
import { setupTestDb } from "../support/setup-test-db";
import { asContact } from "../support/test-users";
import { eventFor, jobsWithKeys, payOnHostedPage, webhookRequest, withStripeSimulator } from "./support";

setupTestDb({ seed: false });
const sim = withStripeSimulator();

/** A Managed card client whose request is paid, with one individual. */
async function paidCardClient(db: Db) {
  return insertClientWithDirectors(db, { client: { journey: "PayByCard", status: "InProgress", paid: true, paidAt: new Date(), paymentSessionId: `cs_test_request_${Date.now()}` }, directors: 1 });
}

async function addIndividual(client: { mainContactEmail: string; reference: string }, email: string) {
  const res = await patchDirectorsRoute(
    apiRequest("/api/director-verification/directors", { method: "PATCH", contentType: "application/json-patch+json", headers: asContact(client), body: [{ op: "add", path: "/-", value: { name: "Added By Card", email } }] }),
  );
  return { status: res.status, body: await res.json() };
}

async function batchOf(db: Db, clientId: number) {
  const [row] = await db.select().from(directorAdditions).where(eq(directorAdditions.clientId, clientId));
  return row!;
}

describe("adding individuals to a card-paying client", () => {
  it("opens a Checkout Session for the added individual only; the invitation waits for the payment", async () => {
    const db = await getDb();
    const { client } = await paidCardClient(db);
    const { status, body } = await addIndividual(client, "added.card@example.co.uk");
    expect(status).toBe(200);
    expect(body.checkoutUrl).toMatch(new RegExp(`^${sim.current.url}/pay/cs_`));

    const batch = await batchOf(db, client.id);
    expect(batch).toMatchObject({ journey: "PayByCard", individuals: 1, amountDue: 7800, paidAt: null });
    const session = await getStripe().retrieveCheckoutSession(batch.paymentSessionId!);
    expect(session).toMatchObject({ amountTotal: 7800, currency: "gbp", clientReference: client.reference, status: "open" });
    expect(session.metadata).toMatchObject({ kind: "addition", additionId: String(batch.id), clientId: String(client.id) });
    expect(await jobsWithKeys(db, [`invitation:${batch.directorIds[0]}`])).toBe(0);
    // Its payment page does not call it paid because the request was.
    expect(await getCardPaymentStatus({ db, sessionId: batch.paymentSessionId! })).toMatchObject({ state: "processing" });

    const company = await getOwnCompany({ db, user: { type: "DV_CompanyContact", email: client.mainContactEmail, clientId: client.id, via: "test-user" } as never });
    expect(company.pendingAdditions).toEqual([{ id: batch.id, individuals: 1, amountDue: 7800 }]);
    expect(company.directors.find((d) => d.id === batch.directorIds[0])).toMatchObject({ awaitingPayment: true });
    // The request's own payment is untouched.
    const [after] = await db.select().from(clients).where(eq(clients.id, client.id));
    expect(after).toMatchObject({ paid: true, paymentSessionId: client.paymentSessionId });
  });

  it("the paid session invites the added individual once (webhook replayed, and the payment page too), and is not taken for a second payment of the request", async () => {
    const db = await getDb();
    const { client } = await paidCardClient(db);
    const { body } = await addIndividual(client, "paid.added@example.co.uk");
    expect((await payOnHostedPage(body.checkoutUrl)).status).toBe(303);
    const batch = await batchOf(db, client.id);
    const event = eventFor(sim.current, "checkout.session.completed", batch.paymentSessionId!);
    for (let i = 0; i < 3; i++) expect((await webhook(webhookRequest(event))).status).toBe(200);
    expect(await getCardPaymentStatus({ db, sessionId: batch.paymentSessionId! })).toMatchObject({ state: "paid", reference: client.reference });

    expect((await batchOf(db, client.id)).paidAt).not.toBeNull();
    expect(await jobsWithKeys(db, [`invitation:${batch.directorIds[0]}`])).toBe(1);
    const audits = await db.select().from(auditEntries).where(and(eq(auditEntries.clientId, client.id), sql`${auditEntries.auditType} in ('ClientPaymentSuccessful', 'ClientError')`));
    expect(audits).toEqual([expect.objectContaining({ auditType: "ClientPaymentSuccessful", newValue: expect.objectContaining({ additionId: batch.id, amount: 7800, directorIds: batch.directorIds }) })]);
    const told = await db.select().from(notifications).where(eq(notifications.clientId, client.id));
    expect(told.map((n) => n.message)).toEqual([expect.stringContaining("paid £78.00 by card")]);
    const company = await getOwnCompany({ db, user: { type: "DV_CompanyContact", email: client.mainContactEmail, clientId: client.id, via: "test-user" } as never });
    expect(company.pendingAdditions).toEqual([]);
  });

  it("the payment page and the webhook arriving together apply the payment once", async () => {
    const db = await getDb();
    const { client } = await paidCardClient(db);
    const { body } = await addIndividual(client, "racing@example.co.uk");
    await payOnHostedPage(body.checkoutUrl);
    const batch = await batchOf(db, client.id);
    const event = eventFor(sim.current, "checkout.session.completed", batch.paymentSessionId!);
    const [page, hook] = await Promise.all([getCardPaymentStatus({ db, sessionId: batch.paymentSessionId! }), webhook(webhookRequest(event))]);
    expect(page).toMatchObject({ state: "paid" });
    expect(hook.status).toBe(200);
    const paid = await db.select().from(auditEntries).where(and(eq(auditEntries.clientId, client.id), sql`${auditEntries.auditType} = 'ClientPaymentSuccessful'`));
    expect(paid).toHaveLength(1);
  });

  it("'Pay now' reopens the batch's open session; another company's batch is a 404", async () => {
    const db = await getDb();
    const { client } = await paidCardClient(db);
    const { body } = await addIndividual(client, "later@example.co.uk");
    const batch = await batchOf(db, client.id);
    const pay = (id: number, who: { mainContactEmail: string; reference: string }) =>
      payRoute(apiRequest(`/api/director-verification/company/additions/${id}/payment`, { method: "POST", headers: asContact(who) }), routeParams({ id }));
    const res = await pay(batch.id, client);
    expect(res.status).toBe(200);
    expect((await res.json()).url).toBe(body.checkoutUrl);

    const { client: other } = await paidCardClient(db);
    expect((await pay(batch.id, other)).status).toBe(404);
    const [still] = await db.select({ n: sql<number>`count(*)::int` }).from(directors).where(eq(directors.clientId, other.id));
    expect(still!.n).toBe(1);
  });
});
