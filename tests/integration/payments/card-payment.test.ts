// Card payments end to end inside the process: the portal's Stripe adapter against the Stripe
// simulator (real HTTP), its hosted page paid as a browser would, and the simulator's own signed
// events delivered to POST /api/webhooks/stripe by the test, when and as often as each test wants.
import { and, eq, inArray, sql } from "drizzle-orm";
import { POST as webhook } from "@/app/api/webhooks/stripe/route";
import { POST as retryRoute } from "@/app/api/requests/identity-verification/payment/route";
import { POST as payNowRoute } from "@/app/api/requests/identity-verification/continue/route";
import { getDb, type Db } from "@/db";
import { auditEntries, clients, notifications, processedWebhookEvents, type Client } from "@/db/schema";
import { getStripe } from "@/lib/integrations/stripe";
import { getJobQueue } from "@/lib/jobs/queue";
import { beginCardPayment } from "@/lib/server/payments/begin-card-payment";
import { getCardPaymentStatus } from "@/lib/server/payments/get-card-payment-status";
import { startCardPayment } from "@/lib/server/payments/start-card-payment";
import { resetEnvCache } from "@/lib/env";
import { jsonRequest } from "../support/requests";
import { setupTestDb } from "../support/setup-test-db";
import { eventFor, insertCardClient, jobsWithKeys, payOnHostedPage, withStripeSimulator, webhookRequest } from "./support";

setupTestDb({ seed: false });
const sim = withStripeSimulator();

const AMOUNT_DUE = 3 * 6500 + 3900; // £195.00 + VAT 20% = £234.00

async function reload(db: Db, id: number): Promise<Client> {
  const [row] = await db.select().from(clients).where(eq(clients.id, id));
  return row!;
}

async function auditsOf(db: Db, clientId: number, type: Client["status"] | string) {
  return db.select().from(auditEntries).where(and(eq(auditEntries.clientId, clientId), sql`${auditEntries.auditType} = ${type}`));
}

const invitationKeys = (ids: number[]) => ids.map((id) => `invitation:${id}`);

/** A card client with a Checkout Session paid on the simulator's page; returns its completed event. */
async function paidClient(db: Db) {
  const { client, directors } = await insertCardClient(db);
  const { url } = await startCardPayment({ db, clientId: client.id });
  const res = await payOnHostedPage(url);
  expect(res.status).toBe(303);
  const sessionId = (await reload(db, client.id)).paymentSessionId!;
  return { client, directors, sessionId, event: eventFor(sim.current, "checkout.session.completed", sessionId) };
}

describe("startCardPayment", () => {
  it("creates a Checkout Session for the amount due, stores it and audits PaymentSessionCreated", async () => {
    const db = await getDb();
    const { client } = await insertCardClient(db);
    const { url } = await startCardPayment({ db, clientId: client.id });
    expect(url).toMatch(new RegExp(`^${sim.current.url}/pay/cs_`));

    const stored = await reload(db, client.id);
    expect(stored.paymentSessionId).toMatch(/^cs_/);
    expect(stored.paymentSessionSecret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const session = await getStripe().retrieveCheckoutSession(stored.paymentSessionId!);
    expect(session).toMatchObject({ amountTotal: AMOUNT_DUE, currency: "gbp", clientReference: client.reference, status: "open" });
    expect(session.metadata).toMatchObject({ clientId: String(client.id), clientReference: client.reference, journey: "PayByCard" });

    const created = await auditsOf(db, client.id, "PaymentSessionCreated");
    expect(created).toEqual([expect.objectContaining({ entityType: "Client", newValue: expect.objectContaining({ paymentSessionId: session.id, amountDue: AMOUNT_DUE, attempt: 1 }) })]);
  });

  it("reuses the open session: calls racing or repeated never open a second one", async () => {
    const db = await getDb();
    const { client } = await insertCardClient(db);
    const urls = await Promise.all([1, 2, 3].map(() => startCardPayment({ db, clientId: client.id })));
    expect(new Set(urls.map((u) => u.url)).size).toBe(1);
    expect((await startCardPayment({ db, clientId: client.id })).url).toBe(urls[0]!.url);
  });

  it("a client already paid (e.g. marked paid by an admin) is not sent to Stripe again", async () => {
    const db = await getDb();
    const { client } = await insertCardClient(db);
    await db.update(clients).set({ paid: true, status: "New" }).where(eq(clients.id, client.id));
    const start = await beginCardPayment({ db, clientId: client.id });
    expect(start).toEqual({ ok: true, url: `http://localhost:3000/requests/identity-verification/submitted?reference=${client.reference}` });
    expect((await reload(db, client.id)).paymentSessionId).toBeNull();
    expect(await auditsOf(db, client.id, "PaymentSessionCreated")).toHaveLength(0);
  });

  it("when Stripe is unreachable: audits PaymentSessionCreationError and answers the submitted page with a retry that works once Stripe is back", async () => {
    const db = await getDb();
    const { client } = await insertCardClient(db);
    const saved = process.env.STRIPE_API_BASE;
    process.env.STRIPE_API_BASE = "http://127.0.0.1:9"; // discard port: connection refused
    resetEnvCache();
    let start;
    try {
      start = await beginCardPayment({ db, clientId: client.id });
    } finally {
      process.env.STRIPE_API_BASE = saved;
      resetEnvCache();
    }
    expect(start.ok).toBe(false);
    const next = new URL(start.url);
    expect(next.pathname).toBe("/requests/identity-verification/submitted");
    expect(next.searchParams.get("reference")).toBe(client.reference);
    const secret = next.searchParams.get("payment")!;
    expect(secret).toBe((await reload(db, client.id)).paymentSessionSecret);
    expect(await auditsOf(db, client.id, "PaymentSessionCreationError")).toEqual([expect.objectContaining({ newValue: expect.objectContaining({ kind: "connection", attempt: 1 }) })]);
    expect((await reload(db, client.id)).paymentSessionId).toBeNull();

    const wrong = await retryRoute(jsonRequest("/api/requests/identity-verification/payment", { reference: client.reference, secret: "x".repeat(43) }));
    expect(wrong.status).toBe(404);

    const res = await retryRoute(jsonRequest("/api/requests/identity-verification/payment", { reference: client.reference, secret }));
    expect(res.status).toBe(200);
    const { url } = (await res.json()) as { url: string };
    expect(url).toMatch(/\/pay\/cs_/);
    expect(await auditsOf(db, client.id, "PaymentSessionCreated")).toEqual([expect.objectContaining({ newValue: expect.objectContaining({ attempt: 2 }) })]);
  });
});

describe("POST /api/webhooks/stripe", () => {
  it("checkout.session.completed, paid in full: paid, New, ClientPaymentSuccessful, invitations released, admins told", async () => {
    const db = await getDb();
    const { client, directors, sessionId, event } = await paidClient(db);
    expect(await jobsWithKeys(db, invitationKeys(directors.map((d) => d.id)))).toBe(0);

    const res = await webhook(webhookRequest(event));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: true, outcome: "handled" });

    const after = await reload(db, client.id);
    expect(after).toMatchObject({ paid: true, status: "New", paymentSessionId: sessionId });
    expect(after.paidAt).toBeInstanceOf(Date);
    expect(await auditsOf(db, client.id, "ClientPaymentSuccessful")).toHaveLength(1);
    expect(await jobsWithKeys(db, invitationKeys(directors.map((d) => d.id)))).toBe(3);
    const notes = await db.select().from(notifications).where(eq(notifications.clientId, client.id));
    expect(notes.map((n) => n.message)).toEqual([expect.stringContaining("paid £234.00 by card")]);
  });

  it("one event replayed 3 times and sent 10 times at once has exactly one effect", async () => {
    const db = await getDb();
    const { client, directors, event } = await paidClient(db);
    for (let i = 0; i < 3; i++) expect((await webhook(webhookRequest(event))).status).toBe(200);
    const answers = await Promise.all(Array.from({ length: 10 }, () => webhook(webhookRequest(event))));
    expect(answers.map((r) => r.status)).toEqual(Array(10).fill(200));
    const outcomes = await Promise.all(answers.map((r) => r.json() as Promise<{ outcome: string }>));
    expect(outcomes.filter((o) => o.outcome === "duplicate")).toHaveLength(10);

    expect(await auditsOf(db, client.id, "ClientPaymentSuccessful")).toHaveLength(1);
    expect(await jobsWithKeys(db, invitationKeys(directors.map((d) => d.id)))).toBe(3);
    expect(await db.select().from(notifications).where(eq(notifications.clientId, client.id))).toHaveLength(1);
    expect(await db.select().from(processedWebhookEvents).where(eq(processedWebhookEvents.eventId, event.id))).toHaveLength(1);
  });

  it("10 concurrent first deliveries have exactly one effect", async () => {
    const db = await getDb();
    const { client, directors, event } = await paidClient(db);
    const answers = await Promise.all(Array.from({ length: 10 }, () => webhook(webhookRequest(event))));
    expect(answers.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(await auditsOf(db, client.id, "ClientPaymentSuccessful")).toHaveLength(1);
    expect(await jobsWithKeys(db, invitationKeys(directors.map((d) => d.id)))).toBe(3);
  });

  it.each([
    ["a wrong signature", { secret: "whsec_someone_else" }],
    ["a stale timestamp (301 s)", { at: Math.floor(Date.now() / 1000) - 301 }],
    ["no signature", { signature: null }],
  ] as const)("%s: 400, nothing changed, the event is not marked processed", async (_, options) => {
    const db = await getDb();
    const { client, directors, event } = await paidClient(db);
    const res = await webhook(webhookRequest(event, options));
    expect(res.status).toBe(400);
    expect((await res.json()).error).toBe("bad_request");
    expect(await reload(db, client.id)).toMatchObject({ paid: false, status: "PaymentPending" });
    expect(await auditsOf(db, client.id, "ClientPaymentSuccessful")).toHaveLength(0);
    expect(await jobsWithKeys(db, invitationKeys(directors.map((d) => d.id)))).toBe(0);
    expect(await db.select().from(processedWebhookEvents).where(eq(processedWebhookEvents.eventId, event.id))).toHaveLength(0);
    // The genuine delivery still works afterwards.
    expect((await webhook(webhookRequest(event))).status).toBe(200);
    expect(await reload(db, client.id)).toMatchObject({ paid: true });
  });

  it("a body changed after signing (re-serialised JSON) is refused", async () => {
    const db = await getDb();
    const { client, event } = await paidClient(db);
    const signed = webhookRequest(event);
    const res = await webhook(new Request(signed.url, { method: "POST", headers: signed.headers, body: JSON.stringify(event) }));
    expect(res.status).toBe(400);
    expect((await reload(db, client.id)).paid).toBe(false);
  });

  it.each([
    ["amount", { amount_total: AMOUNT_DUE - 1 }],
    ["currency", { currency: "eur" }],
  ] as const)("a wrong %s: not paid, ClientError, admins told, invitations held", async (_, change) => {
    const db = await getDb();
    const { client, directors, event } = await paidClient(db);
    const forged = { ...event, id: `${event.id}_x`, data: { object: { ...(event.data.object as object), ...change } } };
    expect((await webhook(webhookRequest(forged))).status).toBe(200);
    expect(await reload(db, client.id)).toMatchObject({ paid: false, status: "PaymentPending" });
    expect(await auditsOf(db, client.id, "ClientError")).toEqual([expect.objectContaining({ newValue: expect.objectContaining({ amountDue: AMOUNT_DUE }) })]);
    expect(await auditsOf(db, client.id, "ClientPaymentSuccessful")).toHaveLength(0);
    expect(await jobsWithKeys(db, invitationKeys(directors.map((d) => d.id)))).toBe(0);
    const notes = await db.select().from(notifications).where(eq(notifications.clientId, client.id));
    expect(notes.map((n) => n.message)).toEqual([expect.stringContaining("not taken as paid")]);
  });

  it("the amount due changed after the session was created (an admin changed the price): not paid", async () => {
    const db = await getDb();
    const { client, event } = await paidClient(db);
    await db.update(clients).set({ unitPrice: 7000 }).where(eq(clients.id, client.id));
    expect((await webhook(webhookRequest(event))).status).toBe(200);
    expect((await reload(db, client.id)).paid).toBe(false);
    expect(await auditsOf(db, client.id, "ClientError")).toHaveLength(1);
  });

  it("out of order: a completed event for a session the portal has not stored yet still pays the client", async () => {
    const db = await getDb();
    const { client, directors } = await insertCardClient(db);
    // The session exists at Stripe but its id never reached the client row.
    const session = await getStripe().createCheckoutSession({
      clientReference: client.reference,
      lineItems: [{ name: "Identity verification", unitAmountPence: 6500, quantity: 3 }, { name: "VAT", unitAmountPence: 3900, quantity: 1 }],
      amountDuePence: AMOUNT_DUE,
      currency: "gbp",
      successUrl: "http://localhost:3000/requests/identity-verification/{CHECKOUT_SESSION_ID}",
      cancelUrl: "http://localhost:3000/requests/identity-verification/?journey=PayByCard",
      metadata: { clientId: String(client.id) },
      idempotencyKey: `test-unstored-${client.id}`,
    });
    await payOnHostedPage(session.url!);
    expect((await webhook(webhookRequest(eventFor(sim.current, "checkout.session.completed", session.id)))).status).toBe(200);
    expect(await reload(db, client.id)).toMatchObject({ paid: true, status: "New", paymentSessionId: session.id });
    expect(await jobsWithKeys(db, invitationKeys(directors.map((d) => d.id)))).toBe(3);
  });

  it("out of order: an expired event arriving after the payment sends no email", async () => {
    const db = await getDb();
    const { client, event } = await paidClient(db);
    expect((await webhook(webhookRequest(event))).status).toBe(200);
    const late = { ...event, id: `${event.id}_expired`, type: "checkout.session.expired", data: { object: { ...(event.data.object as object), status: "expired", payment_status: "unpaid" } } };
    expect((await webhook(webhookRequest(late))).status).toBe(200);
    const [job] = await (await getJobQueue()).boss.findJobs("email.send", { key: `payment-link:${client.paymentSessionId ?? (await reload(db, client.id)).paymentSessionId}` });
    expect(job).toBeUndefined();
    expect((await reload(db, client.id)).paid).toBe(true);
  });

  it("checkout.session.expired: the main contact is emailed a link to pay, once however often it is delivered", async () => {
    const db = await getDb();
    const { client } = await insertCardClient(db);
    await startCardPayment({ db, clientId: client.id });
    const sessionId = (await reload(db, client.id)).paymentSessionId!;
    await getStripe().expireCheckoutSession(sessionId);
    const event = eventFor(sim.current, "checkout.session.expired", sessionId);
    for (let i = 0; i < 3; i++) expect((await webhook(webhookRequest(event))).status).toBe(200);
    const again = { ...event, id: `${event.id}_again` }; // Stripe could also send a second event
    expect((await webhook(webhookRequest(again))).status).toBe(200);

    const jobs = await (await getJobQueue()).boss.findJobs<{ to: string; text: string; subject: string }>("email.send", { key: `payment-link:${sessionId}` });
    expect(jobs).toHaveLength(1);
    expect(jobs[0]!.data.to).toBe(client.mainContactEmail);
    expect(jobs[0]!.data.subject).toContain(client.reference);
    expect(jobs[0]!.data.text).toContain(`http://localhost:3000/requests/identity-verification/${sessionId}`);
    expect(jobs[0]!.data.text).toContain("£234.00");

    // The link's page offers to pay, and paying there opens a new session.
    const status = await getCardPaymentStatus({ db, sessionId });
    expect(status).toMatchObject({ state: "not_paid", amountDue: "£234.00" });
    if (status.state !== "not_paid") throw new Error("unreachable");
    expect(status).not.toHaveProperty("reference");
    const res = await payNowRoute(jsonRequest("/api/requests/identity-verification/continue", { token: status.payToken }));
    expect(res.status).toBe(200);
    const { url } = (await res.json()) as { url: string };
    expect(url).toMatch(/\/pay\/cs_/);
    expect(url).not.toContain(sessionId);
  });

  it("an event of a type the portal does not use is acknowledged", async () => {
    const res = await webhook(webhookRequest({ id: `evt_other_${Date.now()}`, object: "event", type: "customer.created", created: 1, livemode: false, data: { object: { object: "customer", id: "cus_1" } } }));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: true, outcome: "ignored" });
  });
});

describe("the payment page and the webhook", () => {
  it("racing, end in a single effect", async () => {
    const db = await getDb();
    const { client, directors, sessionId, event } = await paidClient(db);
    const [page, ...hooks] = await Promise.all([getCardPaymentStatus({ db, sessionId }), ...Array.from({ length: 3 }, () => webhook(webhookRequest(event)))]);
    expect(page.state).toBe("paid");
    expect(hooks.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(await auditsOf(db, client.id, "ClientPaymentSuccessful")).toHaveLength(1);
    expect(await jobsWithKeys(db, invitationKeys(directors.map((d) => d.id)))).toBe(3);
    expect(await db.select().from(notifications).where(eq(notifications.clientId, client.id))).toHaveLength(1);
  });

  it("the page alone (no webhook yet) confirms the payment, and says so", async () => {
    const db = await getDb();
    const { client, sessionId } = await paidClient(db);
    expect(await getCardPaymentStatus({ db, sessionId })).toEqual({ state: "paid", reference: client.reference, companyName: client.name });
    expect(await reload(db, client.id)).toMatchObject({ paid: true, status: "New" });
    const [audit] = await auditsOf(db, client.id, "ClientPaymentSuccessful");
    expect(audit!.newValue).toMatchObject({ confirmedBy: "page" });
  });

  it("shows an open session as not paid with a way to pay, and unknown sessions as not found", async () => {
    const db = await getDb();
    const { client } = await insertCardClient(db);
    await startCardPayment({ db, clientId: client.id });
    const stored = await reload(db, client.id);
    const status = await getCardPaymentStatus({ db, sessionId: stored.paymentSessionId! });
    expect(status).toEqual({ state: "not_paid", companyName: client.name, amountDue: "£234.00", payToken: `${client.id}.${stored.paymentSessionSecret}` });
    await expect(getCardPaymentStatus({ db, sessionId: "cs_test_doesnotexist0000" })).rejects.toMatchObject({ code: "not_found" });
    await expect(getCardPaymentStatus({ db, sessionId: "../../etc" })).rejects.toMatchObject({ code: "not_found" });
  });

  it("while Stripe cannot be asked, the page says 'processing' for a session the portal knows (so it asks again), and 404 otherwise", async () => {
    const db = await getDb();
    const { client } = await insertCardClient(db);
    await startCardPayment({ db, clientId: client.id });
    const sessionId = (await reload(db, client.id)).paymentSessionId!;
    const saved = process.env.STRIPE_API_BASE;
    process.env.STRIPE_API_BASE = "http://127.0.0.1:9";
    resetEnvCache();
    try {
      expect(await getCardPaymentStatus({ db, sessionId })).toEqual({ state: "processing", companyName: client.name });
      await expect(getCardPaymentStatus({ db, sessionId: "cs_test_notours000000000" })).rejects.toMatchObject({ code: "not_found" });
    } finally {
      process.env.STRIPE_API_BASE = saved;
      resetEnvCache();
    }
  });

  it("a wrong amount is a problem on the page, recorded only by the webhook", async () => {
    const db = await getDb();
    const { client, sessionId } = await paidClient(db);
    await db.update(clients).set({ unitPrice: 7000 }).where(eq(clients.id, client.id));
    expect((await getCardPaymentStatus({ db, sessionId })).state).toBe("problem");
    expect((await reload(db, client.id)).paid).toBe(false);
    expect(await db.select().from(auditEntries).where(and(eq(auditEntries.clientId, client.id), inArray(auditEntries.auditType, ["ClientError", "ClientPaymentSuccessful"])))).toHaveLength(0);
  });
});
