import "server-only";
import type { Tx } from "@/db";
import type { PaymentEvent } from "@/lib/integrations/stripe";
import { applyCheckoutPayment } from "../apply-checkout-payment";

/** `checkout.session.async_payment_succeeded`: a delayed payment method has now paid; same effect as completed-and-paid. */
export async function checkoutSessionAsyncPaymentSucceeded(tx: Tx, event: PaymentEvent): Promise<void> {
  if (!event.checkoutSession) return;
  await applyCheckoutPayment(tx, event.checkoutSession, "webhook");
}
