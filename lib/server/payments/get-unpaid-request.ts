import "server-only";
import type { DbOrTx } from "@/db";
import { formatPence } from "@/lib/pricing/pricing";
import { AppError } from "@/lib/server/app-error";
import { cardQuote } from "./card-quote";
import { findTokenClient } from "./find-token-client";

/**
 * What the "saved, not paid" page shows: where Stripe's cancel button returns to, and where a
 * repeated submission of the same request is sent. Only the company name the payer typed and what
 * is due, never the request's reference (a sign-in factor) nor its individuals: the token in the
 * address allows paying this request and nothing more. A token that matches nothing is a 404.
 */
export type UnpaidRequest = { state: "not_paid"; companyName: string; amountDue: string } | { state: "paid"; companyName: string };

export async function getUnpaidRequest({ db, token }: { db: DbOrTx; token: string }): Promise<UnpaidRequest> {
  const client = await findTokenClient(db, token);
  if (!client) throw new AppError("not_found");
  if (client.paid) return { state: "paid", companyName: client.name };
  const due = await cardQuote(db, client);
  return { state: "not_paid", companyName: client.name, amountDue: formatPence(due.amountDue) };
}
