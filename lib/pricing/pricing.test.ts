import fc from "fast-check";
import { cardLineItems, formatPence, invoiceLines, priceDirectors, withoutOverrides, type InvoiceLine } from "./pricing";

const at = (count: number, overrides: (number | null)[] = []) => [...withoutOverrides(count), ...overrides.map((priceOverride) => ({ priceOverride }))];

/**
 * An invoice's net and VAT as Sage works them out from its lines (lib/integrations/sage/sage-adapter.ts
 * createSalesInvoice): per line, quantity × the unit price in pence, and the tax on that, rounded.
 */
function sageTotals(lines: InvoiceLine[]) {
  let net = 0;
  let tax = 0;
  for (const l of lines) {
    const lineNet = Math.round(l.quantity * Math.round(l.unitPricePounds * 100));
    net += lineNet;
    tax += Math.round((lineNet * l.vatRatePercent) / 100);
  }
  return { net, tax, total: net + tax };
}

describe("priceDirectors", () => {
  it("prices individuals at the unit price and adds VAT", () => {
    expect(priceDirectors({ unitPrice: 4_500, directors: at(3), vatRatePercent: 20, vatExempt: false })).toEqual({
      unitPrice: 4_500,
      standardUnitPrice: 4_500,
      individuals: 3,
      lines: [{ unitPrice: 4_500, quantity: 3, net: 13_500, vat: 2_700 }],
      fullPrice: 13_500,
      standardFullPrice: 13_500,
      vatRatePercent: 20,
      vat: 2_700,
      amountDue: 16_200,
    });
  });

  it("prices an individual with an override at the override, one line per price, the unit price first", () => {
    const q = priceDirectors({ unitPrice: 6_500, directors: [{ priceOverride: 4_000 }, { priceOverride: null }, { priceOverride: 9_000 }, { priceOverride: null }, { priceOverride: 4_000 }], vatRatePercent: 20, vatExempt: false });
    expect(q.lines).toEqual([
      { unitPrice: 6_500, quantity: 2, net: 13_000, vat: 2_600 },
      { unitPrice: 9_000, quantity: 1, net: 9_000, vat: 1_800 },
      { unitPrice: 4_000, quantity: 2, net: 8_000, vat: 1_600 },
    ]);
    expect(q).toMatchObject({ individuals: 5, fullPrice: 30_000, standardFullPrice: 32_500, vat: 6_000, amountDue: 36_000 });
  });

  it("an override equal to the unit price joins its line; an override of 0 is a free line", () => {
    const q = priceDirectors({ unitPrice: 6_500, directors: [{ priceOverride: 6_500 }, { priceOverride: null }, { priceOverride: 0 }], vatRatePercent: 20, vatExempt: false });
    expect(q.lines).toEqual([
      { unitPrice: 6_500, quantity: 2, net: 13_000, vat: 2_600 },
      { unitPrice: 0, quantity: 1, net: 0, vat: 0 },
    ]);
  });

  it("charges no VAT to a VAT-exempt client", () => {
    const q = priceDirectors({ unitPrice: 4_500, directors: at(2, [1_000]), vatRatePercent: 20, vatExempt: true });
    expect(q.vat).toBe(0);
    expect(q.vatRatePercent).toBe(0);
    expect(q.amountDue).toBe(10_000);
  });

  it("keeps the standard price apart from an agreed unit price", () => {
    const q = priceDirectors({ unitPrice: 3_000, standardUnitPrice: 4_500, directors: at(4), vatRatePercent: 20, vatExempt: false });
    expect(q.fullPrice).toBe(12_000);
    expect(q.standardFullPrice).toBe(18_000);
  });

  it("rounds each line's VAT half up to the penny", () => {
    const one = (unitPrice: number, vatRatePercent: number) => priceDirectors({ unitPrice, directors: at(1), vatRatePercent, vatExempt: false }).vat;
    expect(one(1_001, 17.5)).toBe(175); // 175.175
    expect(one(1_003, 17.5)).toBe(176); // 175.525
    expect(one(10, 5)).toBe(1); // 0.5
    // Two lines of 0.5p VAT each: 1p + 1p, as Sage adds up its lines' tax.
    expect(priceDirectors({ unitPrice: 10, directors: at(1, [30]), vatRatePercent: 5, vatExempt: false }).vat).toBe(1 + 2);
  });

  it("refuses amounts that are not whole pence", () => {
    expect(() => priceDirectors({ unitPrice: 10.5, directors: at(1), vatRatePercent: 20, vatExempt: false })).toThrow(RangeError);
    expect(() => priceDirectors({ unitPrice: -1, directors: at(1), vatRatePercent: 20, vatExempt: false })).toThrow(RangeError);
    expect(() => priceDirectors({ unitPrice: 100, directors: [{ priceOverride: 1.5 }], vatRatePercent: 20, vatExempt: false })).toThrow(RangeError);
    expect(() => priceDirectors({ unitPrice: 100, directors: [{ priceOverride: -5 }], vatRatePercent: 20, vatExempt: false })).toThrow(RangeError);
    expect(() => priceDirectors({ unitPrice: 100, directors: at(1), vatRatePercent: 120, vatExempt: false })).toThrow(RangeError);
    expect(() => withoutOverrides(1.5)).toThrow(RangeError);
  });

  it("the card amount, the invoice and fullPrice all agree with the per-individual prices", () => {
    const price = fc.integer({ min: 0, max: 1_000_000 });
    fc.assert(
      fc.property(
        price,
        fc.array(fc.option(price, { nil: null, freq: 2 }), { maxLength: 60 }),
        fc.constantFrom(0, 5, 12.5, 17.5, 20),
        fc.boolean(),
        (unitPrice, overrides, vatRatePercent, vatExempt) => {
          const directors = overrides.map((priceOverride) => ({ priceOverride }));
          const q = priceDirectors({ unitPrice, directors, vatRatePercent, vatExempt });

          // fullPrice is the sum of each individual's own price.
          expect(q.fullPrice).toBe(directors.reduce((sum, d) => sum + (d.priceOverride ?? unitPrice), 0));
          expect(q.amountDue).toBe(q.fullPrice + q.vat);
          expect(q.individuals).toBe(directors.length);
          if (vatExempt) expect(q.vat).toBe(0);

          // One line per distinct price, holding every individual once.
          const prices = new Set(directors.map((d) => d.priceOverride ?? unitPrice));
          expect(q.lines.map((l) => l.unitPrice).sort((a, b) => a - b)).toEqual([...prices].sort((a, b) => a - b));
          expect(q.lines.reduce((n, l) => n + l.quantity, 0)).toBe(directors.length);

          // What Stripe is asked to charge: the line items add up to the amount due.
          const card = cardLineItems(q, { service: "Identity verification", vat: "VAT" });
          expect(card.reduce((sum, i) => sum + i.unitAmount * i.quantity, 0)).toBe(q.amountDue);
          expect(card.every((i) => Number.isSafeInteger(i.unitAmount) && i.unitAmount >= 0 && i.quantity >= 1)).toBe(true);

          // What Sage makes of the invoice lines: the same net, VAT and total.
          const lines = invoiceLines(q, "Identity verification");
          expect(lines).toHaveLength(prices.size);
          expect(sageTotals(lines)).toEqual({ net: q.fullPrice, tax: q.vat, total: q.amountDue });
        },
      ),
      { numRuns: 2_000 },
    );
  });
});

describe("formatPence", () => {
  it("shows pounds with two decimals", () => {
    expect(formatPence(123_456)).toBe("£1,234.56");
    expect(formatPence(0)).toBe("£0.00");
  });

  it("writes what the en-GB currency format writes, for any whole number of pence", () => {
    const gbp = new Intl.NumberFormat("en-GB", { style: "currency", currency: "GBP" });
    fc.assert(
      fc.property(fc.oneof(fc.integer({ min: -100_000, max: 100_000 }), fc.integer({ min: -1e13, max: 1e13 })), (pence) => {
        expect(formatPence(pence)).toBe(gbp.format(pence / 100));
      }),
      { numRuns: 2000 },
    );
  });
});
