import "server-only";
import type { Db } from "@/db";
import { clients } from "@/db/schema";
import type { Principal } from "@/lib/auth/principal";
import { AppError } from "@/lib/server/app-error";
import { ownLiveClient } from "@/lib/server/own-record";
import { beginCardPayment } from "./begin-card-payment";

/**
 * The company contact's "Pay now" for their own request by card, from the company page: a new
 * Checkout Session for their client, any older open one expired at Stripe. Only the contact of that
 * client (scoped by their own client id; anyone else is refused); a client that is not waiting for a
 * card payment (paid, or not paying by card) is a 409 `payment_not_due`. Stripe failing is a 503.
 */
export async function payOwnRequest({ db, user }: { db: Db; user: Principal }): Promise<{ url: string }> {
  const [client] = await db
    .select({ id: clients.id, journey: clients.journey, paid: clients.paid, status: clients.status })
    .from(clients)
    .where(ownLiveClient(user, "company.update"));
  if (!client) throw new AppError("not_found");
  if (client.journey !== "PayByCard" || client.paid || client.status !== "PaymentPending") throw new AppError("conflict", "payment_not_due");
  const start = await beginCardPayment({ db, clientId: client.id, replaceOpen: true });
  if (!start.ok) throw new AppError("unavailable", "payment_unavailable");
  return { url: start.url };
}
