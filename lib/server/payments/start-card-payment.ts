import "server-only";
import type { Db } from "@/db";
import { beginCardPayment } from "./begin-card-payment";

/**
 * Called once a card request has committed: where the visitor goes next. The Checkout page, or, when
 * Stripe fails, the submitted page with its retry: the request is never lost to a payment error.
 */
export async function startCardPayment({ db, clientId }: { db: Db; clientId: number }): Promise<{ url: string }> {
  const { url } = await beginCardPayment({ db, clientId });
  return { url };
}
