import "server-only";
import { and, eq } from "drizzle-orm";
import type { Tx } from "@/db";
import { clients, directorAdditions } from "@/db/schema";
import { translator } from "@/lib/i18n/translator";
import type { CheckoutSession } from "@/lib/integrations/stripe";
import { formatPence } from "@/lib/pricing/pricing";
import { releaseAdditionInvitations } from "@/lib/server/additions/release-addition-invitations";
import { writeAudit } from "@/lib/server/audit/write-audit";
import { notifyAdmins } from "@/lib/server/notifications/notify-admins";
import type { CheckoutPaymentOutcome } from "./apply-checkout-payment";
import { CARD_CURRENCY } from "./card-quote";
import { sendPaymentReceipt } from "./payment-receipt-email";
import { refuseCardPayment } from "./refuse-card-payment";

/** Whether a Checkout Session pays for individuals added later (startAdditionPayment), not a request. */
export function isAdditionSession(session: CheckoutSession): boolean {
  return session.metadata.kind === "addition";
}

/**
 * The one effect of a paid Checkout Session for added individuals, shared by the webhook and the
 * payment page as applyCheckoutPayment is for a request: the batch row is locked, a batch already
 * paid is left alone, and a payment of exactly the batch's amount marks it paid, audits
 * ClientPaymentSuccessful, invites its individuals and tells admins. The session must name the
 * batch and its client, and come back with the client's reference.
 */
export async function applyAdditionPayment(tx: Tx, session: CheckoutSession, source: "webhook" | "page"): Promise<CheckoutPaymentOutcome> {
  const additionId = Number(session.metadata.additionId);
  const clientId = Number(session.metadata.clientId);
  if (!Number.isSafeInteger(additionId) || !Number.isSafeInteger(clientId) || !session.clientReference) return "unknown_client";
  // The client row first, then the batch: the order every writer of a client's payments locks in
  // (the payment page has locked the client already), so the page and the webhook never deadlock.
  const [client] = await tx
    .select({ name: clients.name })
    .from(clients)
    .where(and(eq(clients.id, clientId), eq(clients.reference, session.clientReference), eq(clients.journey, "PayByCard")))
    .for("update");
  if (!client) return "unknown_client";
  const [addition] = await tx
    .select()
    .from(directorAdditions)
    .where(and(eq(directorAdditions.id, additionId), eq(directorAdditions.clientId, clientId), eq(directorAdditions.journey, "PayByCard")))
    .for("update");
  if (!addition) return "unknown_client";
  const { name } = client;
  if (session.paymentStatus !== "paid") return addition.paidAt ? "already_paid" : "not_paid";
  const t = translator();
  const audit = { entityType: "Client", entityId: String(clientId), clientId, user: "system" } as const;

  if (addition.paidAt) {
    if (addition.paymentSessionId === session.id || source === "page") return "already_paid";
    return refuseCardPayment(tx, { kind: "duplicate", client: { id: clientId, name }, session, action: "Card payment received for added individuals already paid", about: { additionId } });
  }
  if (session.amountTotal !== addition.amountDue || session.currency !== CARD_CURRENCY) {
    if (source === "page") return "mismatch";
    const action = "Card payment for added individuals does not match the amount due";
    return refuseCardPayment(tx, { kind: "mismatch", client: { id: clientId, name }, session, action, about: { additionId }, amountDue: addition.amountDue });
  }
  const now = new Date();
  await tx.update(directorAdditions).set({ paidAt: now, paymentSessionId: session.id }).where(eq(directorAdditions.id, additionId));
  await writeAudit(tx, {
    ...audit,
    action: "Card payment received for added individuals",
    auditType: "ClientPaymentSuccessful",
    oldValue: { additionId, paid: false },
    newValue: { additionId, paid: true, directorIds: addition.directorIds, paymentSessionId: session.id, amount: session.amountTotal, currency: session.currency, paymentIntentId: session.paymentIntentId, confirmedBy: source },
  });
  await releaseAdditionInvitations(tx, addition.directorIds);
  await sendPaymentReceipt(tx, { clientId, session, additionId });
  await notifyAdmins({ db: tx, message: t("notifications.paymentReceived", { name, amount: formatPence(addition.amountDue) }), clientId, dedupeKey: `payment-received:addition-${additionId}` });
  return "paid";
}
