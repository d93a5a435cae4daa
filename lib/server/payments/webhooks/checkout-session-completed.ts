import "server-only";
import type { Tx } from "@/db";
import type { PaymentEvent } from "@/lib/integrations/stripe";
import { applyCheckoutPayment } from "../apply-checkout-payment";

/**
 * `checkout.session.completed`: the payer finished Checkout. With `payment_status` "paid" the money
 * is taken and the payment is applied; "unpaid" means a delayed payment method, which ends in
 * `checkout.session.async_payment_succeeded` (handled alike) or `…_failed`.
 */
export async function checkoutSessionCompleted(tx: Tx, event: PaymentEvent): Promise<void> {
  if (!event.checkoutSession) return;
  await applyCheckoutPayment(tx, event.checkoutSession, "webhook");
}
