import type { Client, DirectorAddition } from "@/db/schema";
import { getEnv } from "@/lib/env";
import { quote, type Quote } from "@/lib/pricing/pricing";

/*
 * Prices of individuals added after the request. Kept apart from recording a batch (which sends
 * jobs), so the invoice job can price a batch without importing the job queue it is part of.
 */

/** The price of adding `individuals` to a client now: its own unit price, VAT as configured unless exempt. */
export function additionQuote(client: Pick<Client, "unitPrice" | "standardUnitPrice" | "vatExempt">, individuals: number): Quote {
  const env = getEnv();
  const unitPrice = client.unitPrice ?? env.DIRECTOR_PRICE_PENCE;
  return quote({ unitPrice, standardUnitPrice: client.standardUnitPrice ?? unitPrice, individuals, vatRatePercent: env.VAT_RATE_PERCENT, vatExempt: client.vatExempt });
}

/** A stored batch's quote, exactly as it was priced when the contact confirmed it. */
export function quoteOfAddition(addition: DirectorAddition): Quote {
  return {
    unitPrice: addition.unitPrice,
    standardUnitPrice: addition.unitPrice,
    individuals: addition.individuals,
    fullPrice: addition.fullPrice,
    standardFullPrice: addition.fullPrice,
    vatRatePercent: Number(addition.vatRatePercent),
    vat: addition.vat,
    amountDue: addition.amountDue,
  };
}

