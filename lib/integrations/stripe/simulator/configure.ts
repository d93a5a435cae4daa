// How `npm start` and the end-to-end set-up wire the Stripe simulator to the portal
// (scripts/lib/simulators.ts). Both processes get the same development keys: the portal's adapter
// calls the simulator with them, and the simulator signs its webhooks to the portal with them.
import { STRIPE_DEV_CREDENTIALS } from "../dev-credentials";

/** The simulator runs when no real key is configured, and never in production. */
export function stripeSimulatorWanted(env: NodeJS.ProcessEnv): boolean {
  return !env.STRIPE_SECRET_KEY && env.APP_ENV !== "production";
}

export function configureStripeSimulator(env: NodeJS.ProcessEnv, port: number): void {
  env.STRIPE_API_BASE = `http://127.0.0.1:${port}`;
  env.STRIPE_SECRET_KEY = STRIPE_DEV_CREDENTIALS.secretKey;
  env.STRIPE_WEBHOOK_SECRET = STRIPE_DEV_CREDENTIALS.webhookSecret;
  // Read by the simulator process only: where it sends the events it signs.
  env.STRIPE_SIMULATOR_WEBHOOK_URL = `${(env.APP_URL || `http://localhost:${env.PORT || 3000}`).replace(/\/+$/, "")}/api/webhooks/stripe`;
}
