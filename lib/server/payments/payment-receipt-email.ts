import "server-only";
import { and, asc, eq, inArray } from "drizzle-orm";
import type { Tx } from "@/db";
import { clients, directorAdditions, directors } from "@/db/schema";
import { getEnv } from "@/lib/env";
import { withLocale } from "@/lib/i18n/current-locale";
import { recipientLocale } from "@/lib/i18n/recipient-locale";
import { translator } from "@/lib/i18n/translator";
import { renderEmail } from "@/lib/integrations/email/render";
import type { CheckoutSession } from "@/lib/integrations/stripe";
import { sendJob } from "@/lib/jobs/send-job";
import { formatPence } from "@/lib/pricing/pricing";
import { cardQuote } from "./card-quote";

/** The job key of a payment's receipt: one per Checkout Session, which is paid at most once. */
export function paymentReceiptKey(sessionId: string): string {
  return `payment-receipt:${sessionId}`;
}

/**
 * Emails the main contact a receipt for a card payment just recorded, in the caller's transaction
 * (so it leaves only if the payment is stored): the amount paid, the VAT in it, the individuals paid
 * for by name and Stripe's payment reference (the PaymentIntent, else the session). Called by
 * applyCheckoutPayment for a request, where the individuals are the client's live ones at the
 * amount just checked, and by applyAdditionPayment for a batch (`additionId`), where they are the
 * batch's at its stored amounts. One receipt per session however often this runs (the job key).
 */
export async function sendPaymentReceipt(tx: Tx, { clientId, session, additionId }: { clientId: number; session: CheckoutSession; additionId?: number }): Promise<void> {
  const [client] = await tx.select().from(clients).where(eq(clients.id, clientId));
  if (!client) return;
  let vat: number;
  let paidFor: { name: string }[];
  if (additionId === undefined) {
    vat = (await cardQuote(tx, client)).vat;
    paidFor = await tx
      .select({ name: directors.name })
      .from(directors)
      .where(and(eq(directors.clientId, clientId), eq(directors.isDeleted, false)))
      .orderBy(asc(directors.id));
  } else {
    const [addition] = await tx.select().from(directorAdditions).where(and(eq(directorAdditions.id, additionId), eq(directorAdditions.clientId, clientId)));
    if (!addition) return;
    vat = addition.vat;
    paidFor = addition.directorIds.length
      ? await tx.select({ name: directors.name }).from(directors).where(inArray(directors.id, addition.directorIds)).orderBy(asc(directors.id))
      : [];
  }
  // In the contact's language (lib/i18n/recipient-locale.ts), whoever caused it.
  const email = withLocale(recipientLocale(client), () => {
    const t = translator();
    return renderEmail({
      subject: t("email.paymentReceipt.subject", { reference: client.reference }),
      paragraphs: [t("email.paymentReceipt.intro", { count: paidFor.length, company: client.name }), t("email.paymentReceipt.keep")],
      details: [
        { label: t("email.paymentReceipt.reference"), value: client.reference },
        { label: t("email.paymentReceipt.amount"), value: formatPence(session.amountTotal ?? 0) },
        { label: t("email.paymentReceipt.vat"), value: formatPence(vat) },
        { label: t("email.paymentReceipt.individuals"), value: paidFor.map((d) => d.name).join("\n") },
        { label: t("email.paymentReceipt.payment"), value: session.paymentIntentId ?? session.id },
      ],
      action: { label: t("email.paymentReceipt.action"), url: new URL("/login", getEnv().APP_URL).toString() },
    });
  });
  await sendJob(
    tx,
    "email.send",
    { to: client.mainContactEmail, ...email, about: { entityType: "Client", entityId: String(clientId), clientId, purpose: "payment receipt" } },
    { key: paymentReceiptKey(session.id) },
  );
}
