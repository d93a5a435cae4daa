import "server-only";
import type { DbOrTx } from "@/db";
import type { Client } from "@/db/schema";
import type { Quote } from "@/lib/pricing/pricing";
import { clientQuote } from "@/lib/server/clients/client-quote";

/** Card payments are taken in pounds sterling only. */
export const CARD_CURRENCY = "gbp" as const;

/**
 * What a card-paying client owes now (clientQuote: each live individual at its own price, VAT unless
 * exempt). Both the Checkout Session and the check of a completed payment use this one function, so
 * "the amount due" means the same thing at both ends of the payment.
 */
export async function cardQuote(db: DbOrTx, client: Pick<Client, "id" | "unitPrice" | "standardUnitPrice" | "vatExempt">): Promise<Quote> {
  return clientQuote(db, client);
}
