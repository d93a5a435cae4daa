import "server-only";
import { and, count, eq, inArray, sql } from "drizzle-orm";
import type { Db, Tx } from "@/db";
import { auditEntries, clients, type Client } from "@/db/schema";
import { getStripe, PaymentProviderError, type CheckoutSession } from "@/lib/integrations/stripe";
import { paymentToken } from "@/lib/schemas/card-payment";
import { writeAudit } from "@/lib/server/audit/write-audit";
import { AppError } from "@/lib/server/app-error";
import { CARD_CURRENCY, cardQuote, createCardCheckout } from "./card-quote";
import { ensurePaymentSecret } from "./ensure-payment-secret";
import { paymentUrls } from "./payment-urls";
import { log } from "@/lib/log";

export type CardPaymentStart =
  /** `url` is where the payer goes next: Stripe's hosted page, or the payment page when already paid. */
  | { ok: true; url: string }
  /** Stripe could not be reached or refused: `url` is the submitted page offering a retry. */
  | { ok: false; url: string };

/** Namespace of the advisory lock that serialises a client's payment attempts (any fixed number). */
const CARD_ATTEMPT_LOCK = 727_401;

/** Attempts so far (sessions created or failed): the next attempt's number names its idempotency key. */
async function attemptsSoFar(db: Tx, clientId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(auditEntries)
    .where(and(eq(auditEntries.clientId, clientId), inArray(auditEntries.auditType, ["PaymentSessionCreated", "PaymentSessionCreationError"])));
  return Number(row?.n ?? 0);
}

/** The stored session when it can still be paid, or has been: reusing it never charges twice. */
async function currentSession(client: Client): Promise<CheckoutSession | null> {
  if (!client.paymentSessionId) return null;
  try {
    const session = await getStripe().retrieveCheckoutSession(client.paymentSessionId);
    return session.status === "open" || session.paymentStatus === "paid" ? session : null;
  } catch (e) {
    if (e instanceof PaymentProviderError && e.kind === "not_found") return null;
    throw e;
  }
}

/**
 * Ends the session a new one replaced, so that only the new one can be paid. The client already
 * names the new session (in the caller's transaction, whose row lock holds Stripe's
 * `checkout.session.expired` event until it commits, so the event sends no "pay now" email).
 * Answers the old session when it turns out to have been paid meanwhile: then the new one is ended
 * instead and the client names the old one again.
 */
async function expireReplaced(db: Tx, client: Client, old: CheckoutSession, replacement: CheckoutSession): Promise<CheckoutSession | null> {
  try {
    await getStripe().expireCheckoutSession(old.id);
    return null;
  } catch (e) {
    if (!(e instanceof PaymentProviderError)) throw e;
    const now = await getStripe().retrieveCheckoutSession(old.id).catch(() => null);
    if (now?.paymentStatus === "paid" || now?.status === "complete") {
      await getStripe().expireCheckoutSession(replacement.id).catch(() => undefined);
      await db.update(clients).set({ paymentSessionId: old.id }).where(eq(clients.id, client.id));
      return now;
    }
    // Expired already, or Stripe could not be asked: the old page ends by itself within a day, and a
    // payment made on it is still applied (a second payment is reported to admins for a refund).
    if (now?.status !== "expired") log.warn(`[payments] replaced Checkout Session ${old.id} could not be expired: ${e.message}`);
    return null;
  }
}

/**
 * Sends a card-paying client to Stripe Checkout, for a first payment or another attempt. When the
 * client's last session is still open its page is reused (a second session could be paid twice),
 * unless `replaceOpen` ("Pay now" pressed on the portal's pages): then a new session is made and
 * the open one is expired through Stripe's API, so only the newest page can be paid. A new session
 * has an idempotency key for this client and attempt, so two requests racing for the same attempt
 * get one session. The line items are the pricing module's. Leaving Checkout without paying returns
 * to the request's "saved, not paid" page (its cancel address carries the payment token).
 *
 * Never throws for Stripe's failures: they are audited (PaymentSessionCreationError) and the
 * answer is the submitted page, whose button starts another attempt with the client's retry
 * credential (`paymentSessionSecret`, random, kept for the client's whole payment).
 */
export async function beginCardPayment({ db, clientId, replaceOpen = false }: { db: Db; clientId: number; replaceOpen?: boolean }): Promise<CardPaymentStart> {
  // One attempt per client at a time (a double click, two tabs, the submission and a retry): the
  // second waits, then finds the first one's session open and reuses it. An advisory lock rather
  // than the row's, so the webhook and the payment page are not held up by a call to Stripe.
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${CARD_ATTEMPT_LOCK}, ${clientId})`);
    return attemptCardPayment(tx, clientId, replaceOpen);
  });
}

async function attemptCardPayment(db: Tx, clientId: number, replaceOpen: boolean): Promise<CardPaymentStart> {
  const [client] = await db
    .select()
    .from(clients)
    .where(and(eq(clients.id, clientId), eq(clients.isDeleted, false)));
  if (!client) throw new AppError("not_found");
  if (client.journey !== "PayByCard") throw new AppError("bad_request");
  const secret = await ensurePaymentSecret(db, client);
  // Paid already (by card, or marked paid by an admin): nothing to pay, show where things stand.
  if (client.paid) return { ok: true, url: client.paymentSessionId ? paymentUrls.session(client.paymentSessionId) : paymentUrls.submitted(client.reference) };

  const attempt = (await attemptsSoFar(db, client.id)) + 1;
  const audit = { entityType: "Client", entityId: String(client.id), clientId: client.id, user: "system" } as const;
  try {
    const existing = await currentSession(client);
    const replaced = existing?.status === "open" && existing.paymentStatus !== "paid" && replaceOpen ? existing : null;
    if (existing && !replaced) return { ok: true, url: existing.status === "open" && existing.url ? existing.url : paymentUrls.session(existing.id) };

    const due = await cardQuote(db, client);
    const session = await createCardCheckout(client, due, {
      cancelUrl: paymentUrls.continue(paymentToken(client.id, secret)),
      metadata: { clientId: String(client.id), journey: client.journey, productTier: client.productTier, attempt: String(attempt) },
      idempotencyKey: `checkout-session:client-${client.id}:attempt-${attempt}`,
    });
    // A payment confirmed meanwhile keeps the session it was paid with.
    await db
      .update(clients)
      .set({ paymentSessionId: session.id, updatedAt: new Date(), updatedBy: "system" })
      .where(and(eq(clients.id, client.id), eq(clients.paid, false)));
    // Every call to Stripe comes before the audit entry: writing one holds the audit chain's head
    // (migration 0037) until this transaction commits, and no other audit writer should wait on Stripe.
    const paidMeanwhile = replaced ? await expireReplaced(db, client, replaced, session) : null;
    await writeAudit(db, {
      ...audit,
      action: "Card payment session created",
      auditType: "PaymentSessionCreated",
      oldValue: client.paymentSessionId ? { paymentSessionId: client.paymentSessionId } : null,
      newValue: { paymentSessionId: session.id, amountDue: due.amountDue, currency: CARD_CURRENCY, attempt, ...(replaced ? { replacedSessionId: replaced.id } : {}) },
    });
    if (paidMeanwhile) return { ok: true, url: paymentUrls.session(paidMeanwhile.id) };
    return { ok: true, url: session.url };
  } catch (e) {
    const kind = e instanceof PaymentProviderError ? e.kind : "error";
    if (!(e instanceof PaymentProviderError)) log.error({ err: e }, "[payments] starting a card payment failed");
    await writeAudit(db, {
      ...audit,
      action: "Card payment session could not be created",
      auditType: "PaymentSessionCreationError",
      newValue: { attempt, kind, message: e instanceof Error ? e.message.slice(0, 500) : String(e).slice(0, 500), requestId: e instanceof PaymentProviderError ? (e.details.requestId ?? null) : null },
    });
    return { ok: false, url: paymentUrls.retry(client.reference, secret) };
  }
}
