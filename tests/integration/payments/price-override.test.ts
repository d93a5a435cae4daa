// A director's price override is what Stripe is asked to charge: the Checkout Session of a card
// client is priced by lib/pricing's priceDirectors (each individual at its override, else the
// client's unit price; one line per price), created on the Stripe simulator over HTTP.
import { eq } from "drizzle-orm";
import { POST as webhook } from "@/app/api/webhooks/stripe/route";
import { getDb } from "@/db";
import { clients } from "@/db/schema";
import { getStripe } from "@/lib/integrations/stripe";
import { startCardPayment } from "@/lib/server/payments/start-card-payment";
import { insertClientWithDirectors } from "../../support/factories";
import { setupTestDb } from "../support/setup-test-db";
import { eventFor, payOnHostedPage, webhookRequest, withStripeSimulator } from "./support";

setupTestDb({ seed: false });
const sim = withStripeSimulator();

describe("a card client with a priced override", () => {
  it("Stripe is asked to charge each individual at its own price: the override's line, its VAT, and the total", async () => {
    const db = await getDb();
    // Two at the unit price (£65) and one agreed at £40: net £170.00, VAT £26.00 + £8.00, due £204.00.
    const { client } = await insertClientWithDirectors(db, {
      client: { journey: "PayByCard", status: "PaymentPending" },
      directors: [{}, { priceOverride: 4_000, priceOverrideReason: "Agreed discount" }, {}],
    });
    expect(client.fullPrice).toBe(17_000);

    const { url } = await startCardPayment({ db, clientId: client.id });
    const [stored] = await db.select().from(clients).where(eq(clients.id, client.id));
    const session = await getStripe().retrieveCheckoutSession(stored!.paymentSessionId!);
    expect(session).toMatchObject({ amountTotal: 20_400, currency: "gbp", customerEmail: client.mainContactEmail });

    // The hosted page lists what is being paid for: a line per price, and the VAT.
    const page = await (await fetch(url)).text();
    const rows = [...page.matchAll(/<tr><td>([^<]*)<\/td><td class="num">(\d+)<\/td><td class="num">([^<]*)<\/td><\/tr>/g)].map((m) => [m[1], Number(m[2]), m[3]]);
    expect(rows).toEqual([
      ["Identity verification of an individual", 2, "£130.00"],
      ["Identity verification of an individual", 1, "£40.00"],
      [expect.stringContaining("VAT"), 1, "£34.00"],
    ]);

    // Paid at that amount, the payment is taken as the amount due.
    expect((await payOnHostedPage(url)).status).toBe(303);
    expect((await webhook(webhookRequest(eventFor(sim.current, "checkout.session.completed", session.id)))).status).toBe(200);
    const [after] = await db.select().from(clients).where(eq(clients.id, client.id));
    expect(after).toMatchObject({ paid: true, status: "New" });
  });
});
