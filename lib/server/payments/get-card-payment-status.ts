import "server-only";
import { and, eq } from "drizzle-orm";
import type { Db } from "@/db";
import { clients } from "@/db/schema";
import { getStripe, PaymentProviderError, type CheckoutSession } from "@/lib/integrations/stripe";
import { formatPence } from "@/lib/pricing/pricing";
import { AppError } from "@/lib/server/app-error";
import { isAdditionSession } from "./apply-addition-payment";
import { applyCheckoutPayment } from "./apply-checkout-payment";
import { cardQuote } from "./card-quote";
import { findCheckoutClient } from "./find-checkout-client";

/** What the payment page shows. `retry` is what its "pay now" button sends; only when unpaid. */
export type CardPaymentStatus =
  | { state: "paid"; reference: string; companyName: string }
  | { state: "processing"; reference: string; companyName: string }
  | { state: "not_paid"; reference: string; companyName: string; amountDue: string; retry: { reference: string; secret: string } }
  | { state: "problem"; reference: string; companyName: string };

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
    console.warn(`[payments] payment page could not read session: ${e.message}`);
  }
  if (!session) {
    // Stripe is unreachable: say what the database knows, without trusting the unverified id further.
    const [known] = await db
      .select({ reference: clients.reference, name: clients.name, paid: clients.paid })
      .from(clients)
      .where(and(eq(clients.paymentSessionId, sessionId), eq(clients.isDeleted, false)));
    if (!known) throw new AppError("not_found");
    const shown = { reference: known.reference, companyName: known.name };
    return known.paid ? { state: "paid", ...shown } : { state: "processing", ...shown };
  }
  const found = session;
  return db.transaction(async (tx): Promise<CardPaymentStatus> => {
    const client = await findCheckoutClient(tx, found);
    if (!client || client.isDeleted) throw new AppError("not_found");
    const shown = { reference: client.reference, companyName: client.name };
    if (found.paymentStatus === "paid") {
      const outcome = await applyCheckoutPayment(tx, found, "page");
      if (outcome === "paid" || outcome === "already_paid" || outcome === "duplicate") return { state: "paid", ...shown };
      return { state: "problem", ...shown };
    }
    // Individuals added later are paid by a session of their own: the request being paid says nothing of it.
    if (isAdditionSession(found)) return { state: "processing", ...shown };
    if (client.paid) return { state: "paid", ...shown };
    // Completed but not yet paid: a delayed payment method, settled by a later event.
    if (found.status === "complete") return { state: "processing", ...shown };
    if (!client.paymentSessionSecret) return { state: "problem", ...shown };
    const due = await cardQuote(tx, client);
    return { state: "not_paid", ...shown, amountDue: formatPence(due.amountDue), retry: { reference: client.reference, secret: client.paymentSessionSecret } };
  });
}
