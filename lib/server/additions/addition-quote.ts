import type { Client, DirectorAddition } from "@/db/schema";
import { getEnv } from "@/lib/env";
import { priceDirectors, withoutOverrides, type Quote } from "@/lib/pricing/pricing";

/*
 * Prices of individuals added after the request. Kept apart from recording a batch (which sends
 * jobs), so the invoice job can price a batch without importing the job queue it is part of.
 */

/**
 * The price of adding these individuals to a client now: each at its price override, else the
 * client's own unit price, VAT as configured unless exempt (priceDirectors, as for every price).
 */
export function additionQuote(client: Pick<Client, "unitPrice" | "standardUnitPrice" | "vatExempt">, directors: readonly { priceOverride: number | null }[]): Quote {
  const env = getEnv();
  const unitPrice = client.unitPrice ?? env.DIRECTOR_PRICE_PENCE;
  return priceDirectors({ unitPrice, standardUnitPrice: client.standardUnitPrice ?? unitPrice, directors, vatRatePercent: env.VAT_RATE_PERCENT, vatExempt: client.vatExempt });
}

/**
 * A stored batch's quote, exactly as it was priced when the contact confirmed it: its individuals at
 * the stored unit price and VAT rate (a batch is one price: recordAddition stores no other). The
 * stored amounts were worked out by the same function from the same figures, so they are the same.
 */
export function quoteOfAddition(addition: DirectorAddition): Quote {
  return priceDirectors({
    unitPrice: addition.unitPrice,
    directors: withoutOverrides(addition.individuals),
    vatRatePercent: Number(addition.vatRatePercent),
    // The stored rate is already 0 for an exempt client.
    vatExempt: false,
  });
}
