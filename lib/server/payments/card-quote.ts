import "server-only";
import type { DbOrTx } from "@/db";
import type { Client } from "@/db/schema";
import { translator } from "@/lib/i18n/translator";
import { getStripe, PaymentProviderError, type CheckoutSession } from "@/lib/integrations/stripe";
import { cardLineItems, type Quote } from "@/lib/pricing/pricing";
import { clientQuote } from "@/lib/server/clients/client-quote";
import { paymentUrls } from "./payment-urls";

/** Card payments are taken in pounds sterling only. */
export const CARD_CURRENCY = "gbp" as const;

/**
 * What a card-paying client owes now (clientQuote: each live individual at its own price, VAT unless
 * exempt). Both the Checkout Session and the check of a completed payment use this one function, so
 * "the amount due" means the same thing at both ends of the payment.
 */
export async function cardQuote(db: DbOrTx, client: Pick<Client, "id" | "unitPrice" | "standardUnitPrice" | "vatExempt">): Promise<Quote> {
  return clientQuote(db, client);
}

/**
 * A Stripe Checkout Session of `due` for the client's main contact to pay: its lines (the service,
 * and VAT) named in the current language, the success page to return to, and `cancelUrl` to go back
 * to. A session Stripe creates without a payment page: PaymentProviderError.
 */
export async function createCardCheckout(
  client: Pick<Client, "reference" | "mainContactEmail">,
  due: Quote,
  { cancelUrl, metadata, idempotencyKey }: { cancelUrl: string; metadata: Record<string, string>; idempotencyKey: string },
): Promise<CheckoutSession & { url: string }> {
  const t = translator();
  const items = cardLineItems(due, { service: t("payments.lineItems.service"), vat: t("payments.lineItems.vat", { rate: due.vatRatePercent }) });
  const session = await getStripe().createCheckoutSession({
    clientReference: client.reference,
    lineItems: items.map((i) => ({ name: i.name, unitAmountPence: i.unitAmount, quantity: i.quantity })),
    amountDuePence: due.amountDue,
    currency: CARD_CURRENCY,
    customerEmail: client.mainContactEmail,
    successUrl: paymentUrls.success(),
    cancelUrl,
    metadata,
    idempotencyKey,
  });
  if (!session.url) throw new PaymentProviderError("unexpected_response", `Stripe created session ${session.id} without a payment page`);
  return { ...session, url: session.url };
}
