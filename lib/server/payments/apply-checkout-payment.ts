import "server-only";
import { eq } from "drizzle-orm";
import type { Tx } from "@/db";
import { clients } from "@/db/schema";
import { translator } from "@/lib/i18n/translator";
import type { CheckoutSession } from "@/lib/integrations/stripe";
import { formatPence } from "@/lib/pricing/pricing";
import { writeAudit } from "@/lib/server/audit/write-audit";
import { notifyAdmins } from "@/lib/server/notifications/notify-admins";
import { refreshClientStatus } from "@/lib/server/lifecycle/refresh-client-status";
import { releaseInvitations } from "@/lib/server/requests/release-invitations";
import { applyAdditionPayment, isAdditionSession } from "./apply-addition-payment";
import { CARD_CURRENCY, cardQuote } from "./card-quote";
import { findCheckoutClient } from "./find-checkout-client";
import { sendPaymentReceipt } from "./payment-receipt-email";
import { refuseCardPayment } from "./refuse-card-payment";

export type CheckoutPaymentOutcome =
  /** This call recorded the payment. */
  | "paid"
  /** The payment was already recorded (by the webhook or the payment page, whichever came first). */
  | "already_paid"
  /** Stripe has not (yet) taken the money: an open session, or a delayed payment method. */
  | "not_paid"
  /** Paid, but not the amount or currency due: not taken as paid, admins told. */
  | "mismatch"
  /** A second session paid for a client that had already paid: admins told, for a refund. */
  | "duplicate"
  /** No card-paying client has this session's reference. */
  | "unknown_client";

/**
 * The one effect of a completed card payment, shared by the webhook and the payment page so that
 * the two, racing, end in a single change: the client row is locked first, and a client already
 * paid is left alone. Paid in full (amount and currency equal to what is due now) marks the client
 * paid, moves it from PaymentPending to New, audits ClientPaymentSuccessful, releases the
 * individuals' invitations and tells admins, all in the caller's transaction.
 *
 * `source` says who is asking. Only the webhook (de-duplicated per event) records anomalies; the
 * page just reports them, so a visitor reloading it cannot multiply audit entries.
 */
export async function applyCheckoutPayment(tx: Tx, session: CheckoutSession, source: "webhook" | "page"): Promise<CheckoutPaymentOutcome> {
  // A session for individuals added later pays for that batch, not for the request.
  if (isAdditionSession(session)) return applyAdditionPayment(tx, session, source);
  const client = await findCheckoutClient(tx, session);
  if (!client) return "unknown_client";
  if (session.paymentStatus !== "paid") return client.paid ? "already_paid" : "not_paid";
  const t = translator();
  const audit = { entityType: "Client", entityId: String(client.id), clientId: client.id, user: "system" } as const;

  if (client.paid) {
    if (client.paymentSessionId === session.id || source === "page") return "already_paid";
    return refuseCardPayment(tx, { kind: "duplicate", client, session, action: "Card payment received for a client already paid" });
  }

  const due = await cardQuote(tx, client);
  if (session.amountTotal !== due.amountDue || session.currency !== CARD_CURRENCY) {
    if (source === "page") return "mismatch";
    return refuseCardPayment(tx, { kind: "mismatch", client, session, action: "Card payment does not match the amount due", amountDue: due.amountDue });
  }

  const now = new Date();
  await tx.update(clients).set({ paid: true, paidAt: now, paymentSessionId: session.id, updatedAt: now, updatedBy: "system" }).where(eq(clients.id, client.id));
  // Paid: the client's status machine moves PaymentPending on to New (lib/domain/client-lifecycle.ts).
  const moved = await refreshClientStatus(tx, { clientId: client.id, event: client.status === "PaymentPending" ? { type: "paid" } : undefined, actor: "system", at: now });
  const status = moved ?? client.status;
  await writeAudit(tx, {
    ...audit,
    action: "Card payment received",
    auditType: "ClientPaymentSuccessful",
    oldValue: { paid: false, status: client.status },
    newValue: { paid: true, status, paymentSessionId: session.id, amount: session.amountTotal, currency: session.currency, paymentIntentId: session.paymentIntentId, confirmedBy: source },
  });
  await releaseInvitations(tx, { clientId: client.id });
  await sendPaymentReceipt(tx, { clientId: client.id, session });
  await notifyAdmins({
    db: tx,
    message: t("notifications.paymentReceived", { name: client.name, amount: formatPence(due.amountDue) }),
    clientId: client.id,
    dedupeKey: `payment-received:${client.id}`,
  });
  return "paid";
}
