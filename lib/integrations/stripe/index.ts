import "server-only";
import { getEnv, type Env } from "@/lib/env";
import { instrumentAdapter } from "@/lib/metrics/outside-call";
import { createStripeAdapter } from "./stripe-adapter";
import { PaymentProviderError, type PaymentProvider } from "./types";

export type { CheckoutLineItem, CheckoutSession, NewCheckoutSession, PaymentEvent, PaymentProvider, StripeConfig } from "./types";
export { PaymentProviderError, WebhookPayloadError, WebhookSignatureError } from "./types";

let chosen: { env: Env; provider: PaymentProvider } | undefined;

/**
 * The process's Stripe adapter, built once from the configuration. There is one adapter: in
 * development and tests the configuration points it at the local simulator (development keys,
 * STRIPE_API_BASE on 127.0.0.1), which speaks Stripe's own protocol. Keyed on the configuration
 * object, so a test that changes the environment and calls resetEnvCache() gets a fresh adapter.
 * Its calls to Stripe are recorded as outside calls (lib/metrics/outside-call.ts); "no such
 * session" is Stripe answering, not failing.
 */
export function getStripe(): PaymentProvider {
  const env = getEnv();
  // parseEnv already refuses the simulator's keys in production; this is the second lock.
  if (env.APP_ENV === "production" && env.stripe.simulator) throw new Error("STRIPE_SECRET_KEY: the simulator's development key is not allowed in production");
  if (chosen?.env !== env) {
    const provider = instrumentAdapter("stripe", createStripeAdapter(env.stripe), ["createCheckoutSession", "retrieveCheckoutSession", "expireCheckoutSession"], {
      isFailure: (err) => !(err instanceof PaymentProviderError && err.kind === "not_found"),
    });
    chosen = { env, provider };
  }
  return chosen.provider;
}
