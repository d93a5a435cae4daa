// A director's price override on the Sage invoice: one invoice line per price (lib/pricing's
// priceDirectors), raised through the portal's Sage adapter against the Sage simulator over HTTP.
import { getDb } from "@/db";
import { getJobQueue } from "@/lib/jobs/queue";
import { raiseInvoice } from "@/lib/server/invoices/raise-invoice";
import { insertClientWithDirectors } from "../support/factories";
import { sageSimulatorForFile } from "./support/sage-simulator";
import { setupTestDb } from "./support/setup-test-db";

setupTestDb({ seed: false, env: { VAT_RATE_PERCENT: "20", DIRECTOR_PRICE_PENCE: "6500" } });
const sage = sageSimulatorForFile();
// Opens the job queue (its tables), which the simulator's helper clears after each test.
beforeAll(async () => void (await getJobQueue()));

describe("the invoice of a client with priced overrides", () => {
  it("has one line per price, and Sage's totals are the amount due", async () => {
    const db = await getDb();
    const { client } = await insertClientWithDirectors(db, {
      client: { journey: "PayByInvoice", unitPrice: 6_500, billingEntityName: "Override Billing Ltd", billingAddressLine1: "2 Ledger Lane", billingAddressCity: "Leeds", billingAddressCountry: "GB" },
      directors: [{}, { priceOverride: 3_333, priceOverrideReason: "Agreed" }, {}, { priceOverride: 3_333, priceOverrideReason: "Agreed" }, { isDeleted: true, priceOverride: 1 }],
    });
    const result = await raiseInvoice({ db, clientId: client.id });
    expect(result.outcome).toBe("raised");
    const [invoice] = sage().sim.state.invoices.filter((i) => i.reference === client.reference);
    expect(invoice!.lines.map((l) => ({ quantity: l.quantity, unitPrice: l.unit_price, net: l.net_pence, tax: l.tax_pence, ledger: l.ledger_account_id, rate: l.tax_rate_id }))).toEqual([
      { quantity: 2, unitPrice: 65, net: 13_000, tax: 2_600, ledger: expect.any(String), rate: "GB_STANDARD" },
      { quantity: 2, unitPrice: 33.33, net: 6_666, tax: 1_333, ledger: expect.any(String), rate: "GB_STANDARD" },
    ]);
    const net = invoice!.lines.reduce((s, l) => s + l.net_pence, 0);
    const tax = invoice!.lines.reduce((s, l) => s + l.tax_pence, 0);
    // 6,500 × 2 + 3,333 × 2 = 19,666 net; VAT 2,600 + 1,333.2 → 1,333 = 3,933; due 23,599.
    expect({ net, tax, total: net + tax }).toEqual({ net: 19_666, tax: 3_933, total: 23_599 });
  });
});
