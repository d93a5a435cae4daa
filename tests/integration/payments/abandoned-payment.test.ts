// A way back from an abandoned card payment: Stripe's cancel button returns to the request's
// "saved, not paid" page, whose "Pay now" opens a new Checkout Session and expires the old one at
// Stripe (the simulator, over real HTTP); the signed-in contact can pay from the company page; and
// the same request sent again while it waits for payment makes no second client.
import { and, eq, sql } from "drizzle-orm";
import { POST as webhook } from "@/app/api/webhooks/stripe/route";
import { POST as payNowRoute } from "@/app/api/requests/identity-verification/continue/route";
import { POST as submitRoute } from "@/app/api/requests/identity-verification/route";
import { POST as contactPayRoute } from "@/app/api/director-verification/company/payment/route";
import { getDb, type Db } from "@/db";
import { auditEntries, clients, type Client } from "@/db/schema";
import type { Principal } from "@/lib/auth/principal";
import { CLIENT_ADDRESS_HEADER } from "@/lib/client-address";
import { STRIPE_DEV_CREDENTIALS } from "@/lib/integrations/stripe/dev-credentials";
import { getStripe, PaymentProviderError } from "@/lib/integrations/stripe";
import { getJobQueue } from "@/lib/jobs/queue";
import type { OnboardingRequestInput } from "@/lib/schemas/onboarding-request";
import { getCardPaymentStatus } from "@/lib/server/payments/get-card-payment-status";
import { getOwnPaymentDue } from "@/lib/server/payments/get-own-payment-due";
import { getUnpaidRequest } from "@/lib/server/payments/get-unpaid-request";
import { startCardPayment } from "@/lib/server/payments/start-card-payment";
import { insertClientWithDirectors, onboardingRequestInput, trackCreatedClient } from "../../support/factories";
import { apiRequest, human, jsonRequest } from "../support/requests";
import { setupTestDb } from "../support/setup-test-db";
import { asContact, asDirector } from "../support/test-users";
import { eventFor, insertCardClient, payOnHostedPage, webhookRequest, withStripeSimulator } from "./support";

setupTestDb({ seed: false });
const sim = withStripeSimulator();

async function reload(db: Db, id: number): Promise<Client> {
  const [row] = await db.select().from(clients).where(eq(clients.id, id));
  return row!;
}

/** Presses "Cancel" on the simulator's hosted page, as the payer's browser would: where it redirects. */
async function cancelOnHostedPage(checkoutUrl: string): Promise<string> {
  const res = await fetch(checkoutUrl, { method: "POST", body: new URLSearchParams({ action: "cancel" }), redirect: "manual" });
  expect(res.status).toBe(303);
  return res.headers.get("location")!;
}

const tokenOf = (continueUrl: string) => decodeURIComponent(new URL(continueUrl).pathname.split("/").pop()!);
const payNow = (token: string) => payNowRoute(jsonRequest("/api/requests/identity-verification/continue", { token }));
const contactPays = (headers: Record<string, string>) => contactPayRoute(apiRequest("/api/director-verification/company/payment", { method: "POST", headers }));

async function paymentLinkEmails(sessionId: string) {
  return (await getJobQueue()).boss.findJobs("email.send", { key: `payment-link:${sessionId}` });
}

describe("Stripe's cancel button → the 'saved, not paid' page → Pay now", () => {
  it("returns to a page that says saved and not paid, without the reference; Pay now opens a new session and expires the old one at Stripe", async () => {
    const db = await getDb();
    const { client } = await insertCardClient(db);
    const { url: first } = await startCardPayment({ db, clientId: client.id });
    const firstId = (await reload(db, client.id)).paymentSessionId!;

    const cancelUrl = await cancelOnHostedPage(first);
    const stored = await reload(db, client.id);
    expect(cancelUrl).toBe(`http://localhost:3000/requests/identity-verification/continue/${client.id}.${stored.paymentSessionSecret}`);
    const token = tokenOf(cancelUrl);
    const page = await getUnpaidRequest({ db, token });
    expect(page).toEqual({ state: "not_paid", companyName: client.name, amountDue: "£234.00" });
    expect(JSON.stringify(page)).not.toContain(client.reference);

    const res = await payNow(token);
    expect(res.status).toBe(200);
    const { url: second } = (await res.json()) as { url: string };
    expect(second).toMatch(new RegExp(`^${sim.current.url}/pay/cs_`));
    expect(second).not.toBe(first);
    const secondId = (await reload(db, client.id)).paymentSessionId!;
    expect(secondId).not.toBe(firstId);
    expect(second).toContain(secondId);

    // At Stripe: the old session is expired (its page can no longer be paid), the new one open.
    expect(await getStripe().retrieveCheckoutSession(firstId)).toMatchObject({ status: "expired", url: null });
    expect(await getStripe().retrieveCheckoutSession(secondId)).toMatchObject({ status: "open", amountTotal: 234_00 });
    expect((await payOnHostedPage(first)).status).toBe(409);
    const [created] = await db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.clientId, client.id), sql`${auditEntries.auditType} = 'PaymentSessionCreated'`, sql`${auditEntries.newValue}->>'paymentSessionId' = ${secondId}`));
    expect(created!.newValue).toMatchObject({ attempt: 2, replacedSessionId: firstId });

    // Stripe's checkout.session.expired for the replaced session sends no "new payment link" email.
    expect((await webhook(webhookRequest(eventFor(sim.current, "checkout.session.expired", firstId)))).status).toBe(200);
    expect(await paymentLinkEmails(firstId)).toHaveLength(0);

    // The new page is paid: the payment page says so, with the reference now; the token page too, without it.
    const paid = await payOnHostedPage(second);
    expect(paid.headers.get("location")).toBe(`http://localhost:3000/requests/identity-verification/${secondId}`);
    expect(await getCardPaymentStatus({ db, sessionId: secondId })).toEqual({ state: "paid", reference: client.reference, companyName: client.name });
    expect(await getUnpaidRequest({ db, token })).toEqual({ state: "paid", companyName: client.name });
    expect(await reload(db, client.id)).toMatchObject({ paid: true, paymentSessionId: secondId });

    // Paid: Pay now sends to the payment page, and opens nothing at Stripe.
    const again = await payNow(token);
    expect(await again.json()).toEqual({ url: `http://localhost:3000/requests/identity-verification/${secondId}` });
  });

  it("the payment page of an unpaid session shows no reference, and its Pay now also replaces the session", async () => {
    const db = await getDb();
    const { client } = await insertCardClient(db);
    await startCardPayment({ db, clientId: client.id });
    const firstId = (await reload(db, client.id)).paymentSessionId!;
    const status = await getCardPaymentStatus({ db, sessionId: firstId });
    if (status.state !== "not_paid") throw new Error(`expected not_paid, got ${status.state}`);
    expect(JSON.stringify(status)).not.toContain(client.reference);
    expect((await payNow(status.payToken)).status).toBe(200);
    expect((await getStripe().retrieveCheckoutSession(firstId)).status).toBe("expired");
  });

  it("a wrong token is a 404 (page and button alike), whichever part is wrong", async () => {
    const db = await getDb();
    const { client } = await insertCardClient(db);
    await startCardPayment({ db, clientId: client.id });
    const { paymentSessionSecret: secret } = await reload(db, client.id);
    const other = (await insertClientWithDirectors(db, { client: { journey: "PayByInvoice", paymentSessionSecret: secret }, directors: 1 })).client;
    for (const token of [`${client.id}.${"x".repeat(43)}`, `${client.id + 100000}.${secret}`, `${other.id}.${secret}`, "not-a-token"]) {
      await expect(getUnpaidRequest({ db, token })).rejects.toMatchObject({ code: "not_found" });
      expect((await payNow(token)).status).toBe(token === "not-a-token" ? 400 : 404);
    }
  });
});

describe("the Stripe simulator's expire", () => {
  it("expires only an open session; anything else is Stripe's 400 error shape", async () => {
    const db = await getDb();
    const { client } = await insertCardClient(db);
    await startCardPayment({ db, clientId: client.id });
    const id = (await reload(db, client.id)).paymentSessionId!;
    expect(await getStripe().expireCheckoutSession(id)).toMatchObject({ id, status: "expired" });
    const refused = await getStripe().expireCheckoutSession(id).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(PaymentProviderError);
    expect(refused).toMatchObject({ kind: "invalid_request", details: { statusCode: 400 } });

    const raw = await fetch(`${sim.current.url}/v1/checkout/sessions/${id}/expire`, { method: "POST", headers: { authorization: `Bearer ${STRIPE_DEV_CREDENTIALS.secretKey}` } });
    expect(raw.status).toBe(400);
    expect(await raw.json()).toEqual({
      error: { type: "invalid_request_error", message: 'Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "expired".' },
    });
  });
});

describe("the company contact's Pay now (POST /api/director-verification/company/payment)", () => {
  it("shows the amount due and opens a new session for the contact's own client, expiring the older open one", async () => {
    const db = await getDb();
    const { client } = await insertCardClient(db);
    await startCardPayment({ db, clientId: client.id });
    const firstId = (await reload(db, client.id)).paymentSessionId!;
    const contact: Principal = { type: "DV_CompanyContact", email: client.mainContactEmail, clientId: client.id, via: "test-user" };
    expect(await getOwnPaymentDue({ db, user: contact })).toEqual({ amountDue: "£234.00" });

    const res = await contactPays(asContact(client));
    expect(res.status).toBe(200);
    const { url } = (await res.json()) as { url: string };
    const secondId = (await reload(db, client.id)).paymentSessionId!;
    expect(secondId).not.toBe(firstId);
    expect(url).toBe(`${sim.current.url}/pay/${secondId}`);
    expect((await getStripe().retrieveCheckoutSession(firstId)).status).toBe("expired");
  });

  it("refuses anyone but that client's contact, and a client with nothing due", async () => {
    const db = await getDb();
    const { client, directors } = await insertCardClient(db);
    await startCardPayment({ db, clientId: client.id });
    const sessionId = (await reload(db, client.id)).paymentSessionId!;

    // Another client's contact acts on their own client only, which owes nothing by card.
    const other = (await insertClientWithDirectors(db, { client: { journey: "PayByInvoice", status: "InProgress" }, directors: 1 })).client;
    const refused = await contactPays(asContact(other));
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ error: "conflict", message: "There is no card payment due for this request." });
    // A director of the client, and nobody signed in.
    expect((await contactPays(asDirector(directors[0]!))).status).toBe(403);
    expect((await contactPays({})).status).toBe(401);
    // The client's open session was left alone.
    expect((await reload(db, client.id)).paymentSessionId).toBe(sessionId);
    expect((await getStripe().retrieveCheckoutSession(sessionId)).status).toBe("open");

    // A card client that has paid owes nothing: 409, no session made, no amount shown.
    const paid = (await insertClientWithDirectors(db, { client: { journey: "PayByCard", status: "New", paid: true }, directors: 1 })).client;
    expect((await contactPays(asContact(paid))).status).toBe(409);
    expect((await reload(db, paid.id)).paymentSessionId).toBeNull();
    const paidContact: Principal = { type: "DV_CompanyContact", email: paid.mainContactEmail, clientId: paid.id, via: "test-user" };
    expect(await getOwnPaymentDue({ db, user: paidContact })).toBeNull();
  });
});

describe("the same card request sent again while the first waits for payment", () => {
  const cardRequest = () => onboardingRequestInput({ journey: "PayByCard", productTier: "OneOff", vatExempt: true, vatNumber: undefined }, { individuals: 1, company: "Again" });

  let callers = 0;
  async function submit(body: OnboardingRequestInput) {
    // Each from an address of its own: the per-address request limit is not what these tests are about.
    const res = await submitRoute(jsonRequest("/api/requests/identity-verification", { ...body, ...human }, { headers: { [CLIENT_ADDRESS_HEADER]: `10.78.0.${++callers}` } }));
    const json = (await res.json()) as Record<string, unknown>;
    if (res.status === 200) {
      const [c] = await (await getDb()).select({ id: clients.id }).from(clients).where(eq(clients.reference, json.reference as string));
      if (c) trackCreatedClient(c.id);
    }
    return { status: res.status, json };
  }
  const clientsNamed = async (db: Db, name: string) => db.select().from(clients).where(sql`lower(btrim(${clients.name})) = lower(${name})`);

  it("answers 409 with a link to continue to the first one's payment, and makes no second client", async () => {
    const db = await getDb();
    const body = cardRequest();
    const first = await submit(body);
    expect(first.status).toBe(200);
    const [client] = await clientsNamed(db, body.company.name);

    const again = await submit({ ...body, company: { ...body.company, name: `  ${body.company.name.toUpperCase()} ` }, mainContactEmail: body.mainContactEmail.toUpperCase() });
    expect(again.status).toBe(409);
    expect(again.json).toEqual({
      error: "conflict",
      message: "You already started this request. Continue to payment instead of sending it again.",
      continueUrl: `http://localhost:3000/requests/identity-verification/continue/${client!.id}.${(await reload(db, client!.id)).paymentSessionSecret}`,
    });
    expect(JSON.stringify(again.json)).not.toContain(client!.reference);
    expect(await clientsNamed(db, body.company.name)).toHaveLength(1);

    // The link leads to that request's payment, and nothing else of it.
    expect(await getUnpaidRequest({ db, token: tokenOf(again.json.continueUrl as string) })).toEqual({ state: "not_paid", companyName: client!.name, amountDue: "£78.00" }); // A declared VAT exemption is charged VAT until staff confirm it.
  });

  it("two identical submissions racing make one client", async () => {
    const db = await getDb();
    const body = cardRequest();
    const results = await Promise.all([submit(body), submit(body)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await clientsNamed(db, body.company.name)).toHaveLength(1);
  });

  it("a different main contact, or a request already paid, is a new request", async () => {
    const db = await getDb();
    const body = cardRequest();
    expect((await submit(body)).status).toBe(200);
    expect((await submit({ ...body, mainContactEmail: `other.${body.mainContactEmail}` })).status).toBe(200);
    await db.update(clients).set({ paid: true, status: "New" }).where(sql`lower(${clients.mainContactEmail}) = lower(${body.mainContactEmail})`);
    expect((await submit(body)).status).toBe(200);
    expect(await clientsNamed(db, body.company.name)).toHaveLength(3);
  });
});
