import "server-only";
import { and, eq } from "drizzle-orm";
import type { Db } from "@/db";
import { clients } from "@/db/schema";
import { getStripe, PaymentProviderError, type CheckoutSession } from "@/lib/integrations/stripe";
import { formatPence } from "@/lib/pricing/pricing";
import { paymentToken } from "@/lib/schemas/card-payment";
import { AppError } from "@/lib/server/app-error";
import { isAdditionSession } from "./apply-addition-payment";
import { applyCheckoutPayment } from "./apply-checkout-payment";
import { cardQuote } from "./card-quote";
import { findCheckoutClient } from "./find-checkout-client";
import { log } from "@/lib/log";

/**
 * What the payment page shows. The client's reference (a sign-in factor) only once paid: anyone
 * holding the session id sees the page. `payToken` is what its "Pay now" button sends; only unpaid.
 */
export type CardPaymentStatus =
  | { state: "paid"; reference: string; companyName: string }
  | { state: "processing"; companyName: string }
  | { state: "not_paid"; companyName: string; amountDue: string; payToken: string }
  | { state: "problem"; companyName: string };

/** Checkout Session ids as Stripe makes them (cs_test_…, cs_live_…). */
const SESSION_ID = /^cs_[A-Za-z0-9_]{8,250}$/;

/**
 * The state of a card payment for the page Stripe returns the payer to. The session is read from
 * Stripe on the server, never from the address bar's say-so; when it is paid, the payment is applied
 * here too (the same single effect as the webhook's, which may not have arrived yet), so the payer
 * sees "paid" at once and the invitations leave either way. Unknown sessions, and sessions that are
 * not a card-paying client's, are a 404. When Stripe cannot be asked just now the page shows
 * "processing" and asks again.
 */
export async function getCardPaymentStatus({ db, sessionId }: { db: Db; sessionId: string }): Promise<CardPaymentStatus> {
  if (!SESSION_ID.test(sessionId)) throw new AppError("not_found");
  let session: CheckoutSession | null = null;
  try {
    session = await getStripe().retrieveCheckoutSession(sessionId);
  } catch (e) {
    if (e instanceof PaymentProviderError && (e.kind === "not_found" || e.kind === "invalid_request")) throw new AppError("not_found");
    if (!(e instanceof PaymentProviderError)) throw e;
    log.warn(`[payments] payment page could not read session: ${e.message}`);
  }
  if (!session) {
    // Stripe is unreachable: say what the database knows, without trusting the unverified id further.
    const [known] = await db
      .select({ reference: clients.reference, name: clients.name, paid: clients.paid })
      .from(clients)
      .where(and(eq(clients.paymentSessionId, sessionId), eq(clients.isDeleted, false)));
    if (!known) throw new AppError("not_found");
    return known.paid ? { state: "paid", reference: known.reference, companyName: known.name } : { state: "processing", companyName: known.name };
  }
  const found = session;
  return db.transaction(async (tx): Promise<CardPaymentStatus> => {
    const client = await findCheckoutClient(tx, found);
    if (!client || client.isDeleted) throw new AppError("not_found");
    const shown = { companyName: client.name };
    const paid = { state: "paid", reference: client.reference, companyName: client.name } as const;
    if (found.paymentStatus === "paid") {
      const outcome = await applyCheckoutPayment(tx, found, "page");
      if (outcome === "paid" || outcome === "already_paid" || outcome === "duplicate") return paid;
      return { state: "problem", ...shown };
    }
    // Individuals added later are paid by a session of their own: the request being paid says nothing of it.
    if (isAdditionSession(found)) return { state: "processing", ...shown };
    if (client.paid) return paid;
    // Completed but not yet paid: a delayed payment method, settled by a later event.
    if (found.status === "complete") return { state: "processing", ...shown };
    if (!client.paymentSessionSecret) return { state: "problem", ...shown };
    const due = await cardQuote(tx, client);
    return { state: "not_paid", ...shown, amountDue: formatPence(due.amountDue), payToken: paymentToken(client.id, client.paymentSessionSecret) };
  });
}
