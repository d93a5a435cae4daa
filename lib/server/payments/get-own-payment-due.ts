import "server-only";
import type { DbOrTx } from "@/db";
import { clients } from "@/db/schema";
import type { Principal } from "@/lib/auth/principal";
import { formatPence } from "@/lib/pricing/pricing";
import { ownLiveClient } from "@/lib/server/own-record";
import { cardQuote } from "./card-quote";

/**
 * What the signed-in company contact still owes for their request by card (`amountDue`, formatted),
 * or null when nothing is waiting: only a card-paying client that is waiting for its payment
 * (`PaymentPending`, not paid) owes. Scoped by the caller's own client id.
 */
export async function getOwnPaymentDue({ db, user }: { db: DbOrTx; user: Principal }): Promise<{ amountDue: string } | null> {
  const [client] = await db.select().from(clients).where(ownLiveClient(user, "company.read"));
  if (!client || client.journey !== "PayByCard" || client.paid || client.status !== "PaymentPending") return null;
  const due = await cardQuote(db, client);
  return { amountDue: formatPence(due.amountDue) };
}
