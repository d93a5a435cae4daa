import "server-only";
import { and, asc, eq } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { directors, type Client } from "@/db/schema";
import { getEnv } from "@/lib/env";
import { priceDirectors, type Quote } from "@/lib/pricing/pricing";

/**
 * What a client's individuals cost now: each live (not deleted) individual at its price override,
 * else the client's unit price (the configured price when the client has none), VAT at the
 * configured rate unless the client is exempt. The Checkout Session of a request, the check of its
 * completed payment, the request's Sage invoice and the admin screen's `fullPrice` all use this one
 * function, so "the amount due" means the same thing everywhere.
 */
export async function clientQuote(db: DbOrTx, client: Pick<Client, "id" | "unitPrice" | "standardUnitPrice" | "vatExempt">): Promise<Quote> {
  const live = await db
    .select({ priceOverride: directors.priceOverride })
    .from(directors)
    .where(and(eq(directors.clientId, client.id), eq(directors.isDeleted, false)))
    .orderBy(asc(directors.id));
  const env = getEnv();
  const unitPrice = client.unitPrice ?? env.DIRECTOR_PRICE_PENCE;
  return priceDirectors({
    unitPrice,
    standardUnitPrice: client.standardUnitPrice ?? unitPrice,
    directors: live,
    vatRatePercent: env.VAT_RATE_PERCENT,
    vatExempt: client.vatExempt,
  });
}
