import "server-only";
import type { Tx } from "@/db";
import { translator } from "@/lib/i18n/translator";
import type { CheckoutSession } from "@/lib/integrations/stripe";
import { formatPence } from "@/lib/pricing/pricing";
import { writeAudit } from "@/lib/server/audit/write-audit";
import { notifyAdmins } from "@/lib/server/notifications/notify-admins";
import { CARD_CURRENCY } from "./card-quote";

/**
 * A paid Checkout Session that is not applied: the client (or the batch of added individuals)
 * was already paid (`duplicate`), or it paid another amount or currency than the `amountDue`
 * pence (`mismatch`). Recorded as a ClientError entry (`action`, with `about`: what was paid for)
 * and the admins told, once per session. Answers the kind, the payment's outcome.
 */
export async function refuseCardPayment<K extends "duplicate" | "mismatch">(
  tx: Tx,
  { kind, client, session, action, about = {}, amountDue = 0 }: { kind: K; client: { id: number; name: string }; session: CheckoutSession; action: string; about?: Record<string, unknown>; amountDue?: number },
): Promise<K> {
  const paid = { paymentSessionId: session.id, amount: session.amountTotal, currency: session.currency };
  await writeAudit(tx, {
    entityType: "Client",
    entityId: String(client.id),
    clientId: client.id,
    user: "system",
    action,
    auditType: "ClientError",
    newValue: kind === "duplicate" ? { ...about, ...paid, paymentIntentId: session.paymentIntentId } : { ...about, ...paid, amountDue, currencyDue: CARD_CURRENCY },
  });
  const t = translator();
  const message =
    kind === "duplicate"
      ? t("notifications.paymentDuplicate", { name: client.name, amount: formatPence(session.amountTotal ?? 0) })
      : t("notifications.paymentMismatch", { name: client.name, amount: `${session.amountTotal ?? "?"} ${(session.currency ?? "?").toUpperCase()}`, due: formatPence(amountDue) });
  await notifyAdmins({ db: tx, message, clientId: client.id, dedupeKey: `payment-${kind}:${session.id}` });
  return kind;
}
