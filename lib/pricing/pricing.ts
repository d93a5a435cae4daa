/**
 * The one pricing module: the request page, the company page, the server, the Stripe Checkout line
 * items, the Sage invoice lines and the admin screen's `fullPrice` all come from `priceDirectors()`,
 * so the amount a person is shown is the amount charged. Pure (no configuration or I/O), so it runs
 * in the browser and on the server alike.
 *
 * Money is integer pence throughout. Each individual costs their own price override, else the
 * client's unit price. Individuals at the same price make one line (price × quantity), as on the
 * Checkout page and on the Sage invoice; each line's VAT is its net × the rate, rounded to the
 * nearest penny (half up), which is how Sage works out the tax of an invoice line, so the invoice's
 * total is the amount due. A VAT-exempt client pays no VAT.
 */

export interface PriceDirectorsInput {
  /** The client's price per individual, in pence: what an individual without an override costs. */
  unitPrice: number;
  /** The configured standard price per individual, in pence (equal to `unitPrice` unless agreed otherwise). */
  standardUnitPrice?: number;
  /** The individuals priced: each at its `priceOverride` (pence) when set, else at `unitPrice`. */
  directors: readonly { priceOverride: number | null }[];
  /** VAT rate in percent, e.g. 20. */
  vatRatePercent: number;
  vatExempt: boolean;
}

/** Individuals charged the same price. */
export interface PriceLine {
  /** Pence per individual, before VAT. */
  unitPrice: number;
  quantity: number;
  /** `unitPrice` × `quantity`. */
  net: number;
  /** VAT on `net`, rounded half up to the penny. */
  vat: number;
}

export interface Quote {
  /** The client's unit price (what an individual without an override costs). */
  unitPrice: number;
  standardUnitPrice: number;
  individuals: number;
  /** One line per distinct price, the client's unit price first, then the other prices from the highest. */
  lines: PriceLine[];
  /** The sum of every individual's price, before VAT. */
  fullPrice: number;
  /** Standard unit price × individuals, before VAT (the list price, whatever was agreed). */
  standardFullPrice: number;
  /** The VAT rate applied: 0 when VAT exempt. */
  vatRatePercent: number;
  /** The sum of the lines' VAT. */
  vat: number;
  /** What the client pays: `fullPrice` + `vat`. */
  amountDue: number;
}

function pence(name: string, value: number) {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${name} must be a whole number of pence, 0 or more`);
  return value;
}

/** VAT on a net amount, half up, on integers only: (net × rate in hundredths of a percent) / 10,000, rounded. */
function vatOn(net: number, vatRatePercent: number): number {
  return Math.floor((net * Math.round(vatRatePercent * 100) + 5_000) / 10_000);
}

/** Individuals that carry no price override: `count` of them, each at the client's unit price. */
export function withoutOverrides(count: number): { priceOverride: null }[] {
  if (!Number.isSafeInteger(count) || count < 0) throw new RangeError("individuals must be a whole number, 0 or more");
  return Array.from({ length: count }, () => ({ priceOverride: null }));
}

/** Prices a set of individuals: lines grouped by price, and the totals (see the module's comment). */
export function priceDirectors(input: PriceDirectorsInput): Quote {
  const unitPrice = pence("unitPrice", input.unitPrice);
  const standardUnitPrice = pence("standardUnitPrice", input.standardUnitPrice ?? input.unitPrice);
  if (!(input.vatRatePercent >= 0 && input.vatRatePercent <= 100)) throw new RangeError("vatRatePercent must be between 0 and 100");
  const vatRatePercent = input.vatExempt ? 0 : input.vatRatePercent;
  const quantities = new Map<number, number>();
  for (const d of input.directors) {
    const price = d.priceOverride === null ? unitPrice : pence("priceOverride", d.priceOverride);
    quantities.set(price, (quantities.get(price) ?? 0) + 1);
  }
  const lines = [...quantities]
    .sort(([a], [b]) => (a === unitPrice ? -1 : b === unitPrice ? 1 : b - a))
    .map(([price, quantity]): PriceLine => {
      const net = price * quantity;
      return { unitPrice: price, quantity, net, vat: vatOn(net, vatRatePercent) };
    });
  const individuals = input.directors.length;
  const fullPrice = lines.reduce((sum, l) => sum + l.net, 0);
  const vat = lines.reduce((sum, l) => sum + l.vat, 0);
  return { unitPrice, standardUnitPrice, individuals, lines, fullPrice, standardFullPrice: standardUnitPrice * individuals, vatRatePercent, vat, amountDue: fullPrice + vat };
}

/** A Checkout line item: its amounts add up to exactly the quote's amount due. */
export interface CardLineItem {
  name: string;
  unitAmount: number;
  quantity: number;
}

/** The Stripe Checkout line items of a quote: one per price (individuals × price), then VAT as its own line. */
export function cardLineItems(q: Quote, names: { service: string; vat: string }): CardLineItem[] {
  const items: CardLineItem[] = q.lines.map((l) => ({ name: names.service, unitAmount: l.unitPrice, quantity: l.quantity }));
  if (q.vat > 0) items.push({ name: names.vat, unitAmount: q.vat, quantity: 1 });
  return items;
}

/** A Sage sales-invoice line: the unit price in pounds and the VAT rate, as Sage wants them. */
export interface InvoiceLine {
  description: string;
  quantity: number;
  unitPricePounds: number;
  vatRatePercent: number;
}

/** The Sage invoice lines of a quote: one per price. Sage's tax on each line is that line's `vat`. */
export function invoiceLines(q: Quote, description: string): InvoiceLine[] {
  return q.lines.map((l) => ({ description, quantity: l.quantity, unitPricePounds: l.unitPrice / 100, vatRatePercent: q.vatRatePercent }));
}

/**
 * "£1,234.56", as `Intl.NumberFormat("en-GB", { style: "currency", currency: "GBP" })` writes it
 * (pricing.test.ts compares the two), without Intl: a browser's first number or date format builds
 * its list of locales, a long task on a phone while the page loads
 * (docs/speed.md, "The first number format of a page").
 */
export function formatPence(amount: number): string {
  const pence = Math.round(Math.abs(amount));
  const pounds = String(Math.floor(pence / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${amount < 0 && pence > 0 ? "-" : ""}£${pounds}.${String(pence % 100).padStart(2, "0")}`;
}

/** Pence as a pounds string for an input ("5500" → "55.00"). */
export function penceToPounds(value: number | null | undefined): string {
  if (value === null || value === undefined) return "";
  return `${Math.floor(value / 100)}.${String(value % 100).padStart(2, "0")}`;
}
