/**
 * The keys the local Stripe simulator accepts and signs with, and the portal uses against it
 * (development and tests only). Production configuration refuses them, so a deployment cannot be
 * pointed at the simulator by copying a development environment.
 */
export const STRIPE_DEV_CREDENTIALS = {
  secretKey: "sk_test_simulator_development_only_0000",
  webhookSecret: "whsec_simulator_development_only_0000",
} as const;

/** Where the simulator listens under `npm start`, and where the portal looks for it by default. */
export const STRIPE_SIMULATOR_DEFAULT_PORT = 12111;
