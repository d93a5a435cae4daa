import "server-only";
import { and, count, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Db } from "@/db";
import { auditEntries, clients, directorAdditions } from "@/db/schema";
import { getEnv } from "@/lib/env";
import { getStripe, PaymentProviderError } from "@/lib/integrations/stripe";
import { quoteOfAddition } from "@/lib/server/additions/addition-quote";
import { writeAudit } from "@/lib/server/audit/write-audit";
import { AppError } from "@/lib/server/app-error";
import { CARD_CURRENCY, createCardCheckout } from "./card-quote";
import { paymentUrls } from "./payment-urls";
import { log } from "@/lib/log";

/** Where a contact returns to when they leave Checkout without paying for added individuals. */
function companyPageUrl(): string {
  return new URL("/identity-verification/company-management", getEnv().APP_URL).toString();
}

/**
 * Sends a card-paying client's contact to Stripe Checkout for a batch of individuals they added
 * (the sibling of beginCardPayment for a request's first payment). The batch's amount is the one
 * stored when the contact confirmed it; the session's metadata names the batch (`kind` "addition",
 * `additionId`), which is how the webhook and the payment page apply it to the batch and not to the
 * client's first payment. An open session of the batch is reused; a new one has an idempotency key
 * per batch and attempt. Stripe failing is audited and answered with `ok: false`: the individuals
 * stay added, waiting for payment, and the company page offers to pay again.
 */
export async function startAdditionPayment({ db, clientId, additionId }: { db: Db; clientId: number; additionId: number }): Promise<{ ok: boolean; url: string | null }> {
  const [row] = await db
    .select({ addition: directorAdditions, client: clients })
    .from(directorAdditions)
    .innerJoin(clients, eq(clients.id, directorAdditions.clientId))
    .where(and(eq(directorAdditions.id, additionId), eq(directorAdditions.clientId, clientId), eq(clients.isDeleted, false)));
  if (!row || row.addition.journey !== "PayByCard") throw new AppError("not_found");
  const { addition, client } = row;
  if (addition.paidAt) return { ok: true, url: addition.paymentSessionId ? paymentUrls.session(addition.paymentSessionId) : companyPageUrl() };

  const [attempts] = await db
    .select({ n: count() })
    .from(auditEntries)
    .where(
      and(
        eq(auditEntries.clientId, client.id),
        inArray(auditEntries.auditType, ["PaymentSessionCreated", "PaymentSessionCreationError"]),
        sql`${auditEntries.newValue}->>'additionId' = ${String(addition.id)}`,
      ),
    );
  const attempt = Number(attempts?.n ?? 0) + 1;
  const audit = { entityType: "Client", entityId: String(client.id), clientId: client.id, user: "system" } as const;
  try {
    if (addition.paymentSessionId) {
      const existing = await getStripe()
        .retrieveCheckoutSession(addition.paymentSessionId)
        .catch((e: unknown) => {
          if (e instanceof PaymentProviderError && e.kind === "not_found") return null;
          throw e;
        });
      if (existing && (existing.status === "open" || existing.paymentStatus === "paid")) {
        return { ok: true, url: existing.status === "open" && existing.url ? existing.url : paymentUrls.session(existing.id) };
      }
    }
    const due = quoteOfAddition(addition);
    const session = await createCardCheckout(client, due, {
      cancelUrl: companyPageUrl(),
      metadata: { clientId: String(client.id), kind: "addition", additionId: String(addition.id), attempt: String(attempt) },
      idempotencyKey: `checkout-session:addition-${addition.id}:attempt-${attempt}`,
    });
    await db.transaction(async (tx) => {
      await tx
        .update(directorAdditions)
        .set({ paymentSessionId: session.id })
        .where(and(eq(directorAdditions.id, addition.id), isNull(directorAdditions.paidAt)));
      await writeAudit(tx, {
        ...audit,
        action: "Card payment session created for added individuals",
        auditType: "PaymentSessionCreated",
        oldValue: addition.paymentSessionId ? { paymentSessionId: addition.paymentSessionId } : null,
        newValue: { additionId: String(addition.id), paymentSessionId: session.id, amountDue: due.amountDue, currency: CARD_CURRENCY, attempt },
      });
    });
    return { ok: true, url: session.url };
  } catch (e) {
    if (!(e instanceof PaymentProviderError)) log.error({ err: e }, "[payments] starting an addition payment failed");
    await writeAudit(db, {
      ...audit,
      action: "Card payment session for added individuals could not be created",
      auditType: "PaymentSessionCreationError",
      newValue: { additionId: String(addition.id), attempt, kind: e instanceof PaymentProviderError ? e.kind : "error", message: e instanceof Error ? e.message.slice(0, 500) : String(e).slice(0, 500) },
    });
    return { ok: false, url: null };
  }
}
