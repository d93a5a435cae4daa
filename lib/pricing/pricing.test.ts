import fc from "fast-check";
import { cardLineItems, formatPence, invoiceLines, quote } from "./pricing";

describe("quote", () => {
  it("prices individuals at the unit price and adds VAT on the total", () => {
    expect(quote({ unitPrice: 4_500, individuals: 3, vatRatePercent: 20, vatExempt: false })).toEqual({
      unitPrice: 4_500,
      standardUnitPrice: 4_500,
      individuals: 3,
      fullPrice: 13_500,
      standardFullPrice: 13_500,
      vatRatePercent: 20,
      vat: 2_700,
      amountDue: 16_200,
    });
  });

  it("charges no VAT to a VAT-exempt client", () => {
    const q = quote({ unitPrice: 4_500, individuals: 2, vatRatePercent: 20, vatExempt: true });
    expect(q.vat).toBe(0);
    expect(q.vatRatePercent).toBe(0);
    expect(q.amountDue).toBe(9_000);
  });

  it("keeps the standard price apart from an agreed unit price", () => {
    const q = quote({ unitPrice: 3_000, standardUnitPrice: 4_500, individuals: 4, vatRatePercent: 20, vatExempt: false });
    expect(q.fullPrice).toBe(12_000);
    expect(q.standardFullPrice).toBe(18_000);
  });

  it("rounds VAT half up to the penny", () => {
    expect(quote({ unitPrice: 1_001, individuals: 1, vatRatePercent: 17.5, vatExempt: false }).vat).toBe(175); // 175.175
    expect(quote({ unitPrice: 1_003, individuals: 1, vatRatePercent: 17.5, vatExempt: false }).vat).toBe(176); // 175.525
    expect(quote({ unitPrice: 10, individuals: 1, vatRatePercent: 5, vatExempt: false }).vat).toBe(1); // 0.5
  });

  it("refuses amounts that are not whole pence", () => {
    expect(() => quote({ unitPrice: 10.5, individuals: 1, vatRatePercent: 20, vatExempt: false })).toThrow(RangeError);
    expect(() => quote({ unitPrice: -1, individuals: 1, vatRatePercent: 20, vatExempt: false })).toThrow(RangeError);
    expect(() => quote({ unitPrice: 100, individuals: 1.5, vatRatePercent: 20, vatExempt: false })).toThrow(RangeError);
    expect(() => quote({ unitPrice: 100, individuals: 1, vatRatePercent: 120, vatExempt: false })).toThrow(RangeError);
  });

  it("always charges by card and invoices exactly the amount due", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), fc.integer({ min: 0, max: 5_000 }), fc.constantFrom(0, 5, 12.5, 17.5, 20), fc.boolean(), (unitPrice, individuals, vatRatePercent, vatExempt) => {
        const q = quote({ unitPrice, individuals, vatRatePercent, vatExempt });
        expect(q.amountDue).toBe(q.fullPrice + q.vat);
        expect(q.fullPrice).toBe(unitPrice * individuals);
        if (vatExempt) expect(q.vat).toBe(0);
        const card = cardLineItems(q, { service: "Identity verification", vat: "VAT" });
        expect(card.reduce((sum, i) => sum + i.unitAmount * i.quantity, 0)).toBe(q.amountDue);
        const [line] = invoiceLines(q, "Identity verification");
        expect(Math.round(line!.unitPricePounds * 100) * line!.quantity).toBe(q.fullPrice);
        expect(line!.vatRatePercent).toBe(q.vatRatePercent);
      }),
    );
  });
});

describe("formatPence", () => {
  it("shows pounds with two decimals", () => {
    expect(formatPence(123_456)).toBe("£1,234.56");
    expect(formatPence(0)).toBe("£0.00");
  });
});
