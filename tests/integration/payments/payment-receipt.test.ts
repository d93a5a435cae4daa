// The receipt a card payment sends the main contact (lib/server/payments/payment-receipt-email.ts):
// paid on the Stripe simulator's hosted page, the simulator's signed event delivered to the webhook
// route, the email read from the job queue.
import { eq } from "drizzle-orm";
import { POST as webhook } from "@/app/api/webhooks/stripe/route";
import { PATCH as patchDirectorsRoute } from "@/app/api/director-verification/directors/route";
import { getDb } from "@/db";
import { clients, directorAdditions } from "@/db/schema";
import { getStripe } from "@/lib/integrations/stripe";
import { getJobQueue } from "@/lib/jobs/queue";
import { startCardPayment } from "@/lib/server/payments/start-card-payment";
import { insertClientWithDirectors } from "../../support/factories";
import { apiRequest } from "../support/requests";
import { setupTestDb } from "../support/setup-test-db";
import { asContact } from "../support/test-users";
import { eventFor, payOnHostedPage, webhookRequest, withStripeSimulator } from "./support";

setupTestDb({ seed: false });
const sim = withStripeSimulator();

type EmailJob = { to: string; subject: string; text: string; html: string };

async function receipts(key: string) {
  return (await getJobQueue()).boss.findJobs<EmailJob>("email.send", { key });
}

async function emailsTo(to: string) {
  return (await getJobQueue()).boss.findJobs<EmailJob>("email.send", {}).then((jobs) => jobs.filter((j) => j.data.to === to));
}

describe("the receipt of a card payment", () => {
  it("a request paid by card: the main contact gets one receipt with the amount, the VAT, the individuals and Stripe's reference; a replayed webhook sends no second", async () => {
    const db = await getDb();
    const { client } = await insertClientWithDirectors(db, {
      client: { journey: "PayByCard", status: "PaymentPending" },
      directors: [{ name: "Amelia Hartley" }, { name: "Bilal O'Connor", priceOverride: 4_000, priceOverrideReason: "Agreed" }, { name: "Deleted Person", isDeleted: true }],
    });
    const { url } = await startCardPayment({ db, clientId: client.id });
    const [stored] = await db.select().from(clients).where(eq(clients.id, client.id));
    const sessionId = stored!.paymentSessionId!;
    // Checkout is given the main contact's email (customer_email): its page offers it to the payer.
    expect((await getStripe().retrieveCheckoutSession(sessionId)).customerEmail).toBe(client.mainContactEmail);
    expect(await (await fetch(url)).text()).toContain(`value="${client.mainContactEmail}"`);
    expect((await payOnHostedPage(url)).status).toBe(303);
    const session = await getStripe().retrieveCheckoutSession(sessionId);
    expect(session.paymentIntentId).toMatch(/^pi_/);
    const event = eventFor(sim.current, "checkout.session.completed", sessionId);

    expect(await (await webhook(webhookRequest(event))).json()).toMatchObject({ outcome: "handled" });
    for (let i = 0; i < 2; i++) expect((await webhook(webhookRequest(event))).status).toBe(200);
    // A second delivery of the same payment under another event id is not a second receipt either.
    expect((await webhook(webhookRequest({ ...event, id: `${event.id}_again` }))).status).toBe(200);

    const sent = await receipts(`payment-receipt:${sessionId}`);
    expect(sent).toHaveLength(1);
    expect(await emailsTo(client.mainContactEmail)).toHaveLength(1);
    const { to, subject, text, html } = sent[0]!.data;
    expect(to).toBe(client.mainContactEmail);
    expect(subject).toContain(client.reference);
    // £65.00 + £40.00 = £105.00, VAT £13.00 + £8.00 = £21.00: £126.00 paid.
    expect(text).toContain("Amount paid: £126.00");
    expect(text).toContain("Of which VAT: £21.00");
    expect(text).toContain("Individuals paid for: Amelia Hartley\nBilal O'Connor");
    expect(text).not.toContain("Deleted Person");
    expect(text).toContain(`Payment reference: ${session.paymentIntentId}`);
    expect(html).toContain("Bilal O&#39;Connor");
    expect(text).not.toMatch(/\b(PayByCard|amountDue|pence)\b/);
  });

  it("a batch of added individuals paid by card: a receipt for that batch only", async () => {
    const db = await getDb();
    const { client } = await insertClientWithDirectors(db, {
      client: { journey: "PayByCard", status: "InProgress", paid: true, paidAt: new Date(), paymentSessionId: `cs_test_request_${Date.now()}` },
      directors: [{ name: "Already Paid For" }],
    });
    const res = await patchDirectorsRoute(
      apiRequest("/api/director-verification/directors", {
        method: "PATCH",
        contentType: "application/json-patch+json",
        headers: asContact(client),
        body: [{ op: "add", path: "/-", value: { name: "Added Later", email: "added.later@example.co.uk" } }],
      }),
    );
    expect(res.status).toBe(200);
    const { checkoutUrl } = (await res.json()) as { checkoutUrl: string };
    expect((await payOnHostedPage(checkoutUrl)).status).toBe(303);
    const [batch] = await db.select().from(directorAdditions).where(eq(directorAdditions.clientId, client.id));
    const event = eventFor(sim.current, "checkout.session.completed", batch!.paymentSessionId!);
    for (let i = 0; i < 2; i++) expect((await webhook(webhookRequest(event))).status).toBe(200);

    const sent = await receipts(`payment-receipt:${batch!.paymentSessionId}`);
    expect(sent).toHaveLength(1);
    const { to, text } = sent[0]!.data;
    expect(to).toBe(client.mainContactEmail);
    expect(text).toContain("Amount paid: £78.00");
    expect(text).toContain("Of which VAT: £13.00");
    expect(text).toContain("Individuals paid for: Added Later\n");
    expect(text).not.toContain("Already Paid For");
    expect(text).toMatch(/Payment reference: pi_\w+/);
  });
});
