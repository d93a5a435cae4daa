/**
 * The one pricing module: the request page, the server, the Stripe Checkout line items and the Sage
 * invoice lines all come from `quote()`, so the amount a person is shown is the amount charged.
 * Pure (no configuration or I/O), so it runs in the browser and on the server alike.
 *
 * Money is integer pence throughout. VAT is worked out once on the net total and rounded to the
 * nearest penny (half up), as on a VAT invoice; a VAT-exempt client pays no VAT.
 */

export interface QuoteInput {
  /** Price per individual charged to this client, in pence. */
  unitPrice: number;
  /** The configured standard price per individual, in pence (equal to `unitPrice` unless agreed otherwise). */
  standardUnitPrice?: number;
  /** How many individuals are verified. */
  individuals: number;
  /** VAT rate in percent, e.g. 20. */
  vatRatePercent: number;
  vatExempt: boolean;
}

export interface Quote {
  unitPrice: number;
  standardUnitPrice: number;
  individuals: number;
  /** Unit price × individuals, before VAT. */
  fullPrice: number;
  /** Standard unit price × individuals, before VAT. */
  standardFullPrice: number;
  /** The VAT rate applied: 0 when VAT exempt. */
  vatRatePercent: number;
  vat: number;
  /** What the client pays: `fullPrice` + `vat`. */
  amountDue: number;
}

function pence(name: string, value: number) {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${name} must be a whole number of pence, 0 or more`);
  return value;
}

export function quote(input: QuoteInput): Quote {
  const unitPrice = pence("unitPrice", input.unitPrice);
  const standardUnitPrice = pence("standardUnitPrice", input.standardUnitPrice ?? input.unitPrice);
  if (!Number.isSafeInteger(input.individuals) || input.individuals < 0) throw new RangeError("individuals must be a whole number, 0 or more");
  if (!(input.vatRatePercent >= 0 && input.vatRatePercent <= 100)) throw new RangeError("vatRatePercent must be between 0 and 100");
  const fullPrice = unitPrice * input.individuals;
  const standardFullPrice = standardUnitPrice * input.individuals;
  const vatRatePercent = input.vatExempt ? 0 : input.vatRatePercent;
  // Half up, on integers only: (net × rate in hundredths of a percent) / 10,000, rounded.
  const vat = Math.floor((fullPrice * Math.round(vatRatePercent * 100) + 5_000) / 10_000);
  return { unitPrice, standardUnitPrice, individuals: input.individuals, fullPrice, standardFullPrice, vatRatePercent, vat, amountDue: fullPrice + vat };
}

/** A Checkout line item: its amounts add up to exactly the quote's amount due. */
export interface CardLineItem {
  name: string;
  unitAmount: number;
  quantity: number;
}

/** The Stripe Checkout line items of a quote: the individuals at the unit price, then VAT as its own line. */
export function cardLineItems(q: Quote, names: { service: string; vat: string }): CardLineItem[] {
  const items: CardLineItem[] = [{ name: names.service, unitAmount: q.unitPrice, quantity: q.individuals }];
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

export function invoiceLines(q: Quote, description: string): InvoiceLine[] {
  return [{ description, quantity: q.individuals, unitPricePounds: q.unitPrice / 100, vatRatePercent: q.vatRatePercent }];
}

const gbp = new Intl.NumberFormat("en-GB", { style: "currency", currency: "GBP" });

/** "£1,234.56" */
export function formatPence(amount: number): string {
  return gbp.format(amount / 100);
}
