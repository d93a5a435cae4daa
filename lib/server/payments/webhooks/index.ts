import "server-only";
import type { Tx } from "@/db";
import type { PaymentEvent } from "@/lib/integrations/stripe";
import { checkoutSessionAsyncPaymentSucceeded } from "./checkout-session-async-payment-succeeded";
import { checkoutSessionCompleted } from "./checkout-session-completed";
import { checkoutSessionExpired } from "./checkout-session-expired";

/**
 * The Stripe events the portal acts on, one file each. Any other type is acknowledged and ignored
 * (the endpoint may be subscribed to more than it needs).
 */
export const stripeEventHandlers: Readonly<Record<string, (tx: Tx, event: PaymentEvent) => Promise<void>>> = {
  "checkout.session.completed": checkoutSessionCompleted,
  "checkout.session.async_payment_succeeded": checkoutSessionAsyncPaymentSucceeded,
  "checkout.session.expired": checkoutSessionExpired,
};
