import "server-only";
import { and, count, eq } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { directors, type Client } from "@/db/schema";
import { getEnv } from "@/lib/env";
import { quote, type Quote } from "@/lib/pricing/pricing";

/** Card payments are taken in pounds sterling only. */
export const CARD_CURRENCY = "gbp" as const;

/**
 * What a card-paying client owes now: its own unit prices, one line per live individual, VAT at the
 * configured rate unless exempt. Both the Checkout Session and the check of a completed payment use
 * this one function, so "the amount due" means the same thing at both ends of the payment.
 */
export async function cardQuote(db: DbOrTx, client: Pick<Client, "id" | "unitPrice" | "standardUnitPrice" | "vatExempt">): Promise<Quote> {
  const [row] = await db
    .select({ n: count() })
    .from(directors)
    .where(and(eq(directors.clientId, client.id), eq(directors.isDeleted, false)));
  const unitPrice = client.unitPrice ?? getEnv().DIRECTOR_PRICE_PENCE;
  return quote({
    unitPrice,
    standardUnitPrice: client.standardUnitPrice ?? unitPrice,
    individuals: Number(row?.n ?? 0),
    vatRatePercent: getEnv().VAT_RATE_PERCENT,
    vatExempt: client.vatExempt,
  });
}
