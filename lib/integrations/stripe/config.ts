// Stripe's part of the configuration (lib/env.ts spreads these fields into its schema). The names are
// the ones Stripe's documentation and deployers use. The official SDK takes its API address as
// host/port/protocol, so STRIPE_API_BASE is an origin without a path (the SDK adds /v1/).
import { z } from "zod";
import { STRIPE_DEV_CREDENTIALS, STRIPE_SIMULATOR_DEFAULT_PORT } from "./dev-credentials";
import type { StripeConfig } from "./types";
import { optionalString, productionSecretProblems, productionUrlProblems, SIMULATOR_ONLY } from "../config-checks";
import { simulatedService } from "../simulated-service";

export const stripeSchema = {
  /** Secret API key (sk_live_… / sk_test_…, or a restricted rk_… key). Unset outside production: the simulator. */
  STRIPE_SECRET_KEY: optionalString,
  /** Signing secret of the portal's webhook endpoint (whsec_…). */
  STRIPE_WEBHOOK_SECRET: optionalString,
  /** Where the API is; unset = https://api.stripe.com (or the local simulator when the key is unset). */
  STRIPE_API_BASE: optionalString.pipe(
    z
      .url({ protocol: /^https?$/, error: "must be an http(s) URL" })
      .refine((v) => /^[a-z]+:\/\/[^/?#]+\/?$/i.test(v), "must be an origin (scheme, host and optional port) without a path")
      .optional(),
  ),
};

type StripeRaw = { [K in keyof typeof stripeSchema]?: z.infer<(typeof stripeSchema)[K]> };

export function stripeProblems(raw: StripeRaw, appEnv: "development" | "test" | "production"): string[] {
  const problems: string[] = [];
  if (appEnv === "production") {
    problems.push(...productionSecretProblems("STRIPE_SECRET_KEY", raw.STRIPE_SECRET_KEY, STRIPE_DEV_CREDENTIALS.secretKey, SIMULATOR_ONLY));
    problems.push(...productionSecretProblems("STRIPE_WEBHOOK_SECRET", raw.STRIPE_WEBHOOK_SECRET, STRIPE_DEV_CREDENTIALS.webhookSecret));
    problems.push(...productionUrlProblems("STRIPE_API_BASE", raw.STRIPE_API_BASE));
  } else if (raw.STRIPE_SECRET_KEY && raw.STRIPE_SECRET_KEY !== STRIPE_DEV_CREDENTIALS.secretKey && !raw.STRIPE_WEBHOOK_SECRET) {
    // A real key with the development signing secret would only fail later, on every webhook.
    problems.push("STRIPE_WEBHOOK_SECRET: required when STRIPE_SECRET_KEY is set");
  }
  return problems;
}

/** The values the adapter is built from; unset ones fall back to the simulator's development values. */
export function stripeConfig(raw: StripeRaw): StripeConfig {
  const service = simulatedService(raw.STRIPE_SECRET_KEY, STRIPE_DEV_CREDENTIALS.secretKey, raw.STRIPE_API_BASE, {
    simulator: `http://127.0.0.1:${STRIPE_SIMULATOR_DEFAULT_PORT}`,
    production: "https://api.stripe.com",
  });
  const base = new URL(service.url);
  const protocol = base.protocol === "http:" ? "http" : "https";
  return {
    secretKey: service.credential,
    webhookSecret: raw.STRIPE_WEBHOOK_SECRET ?? STRIPE_DEV_CREDENTIALS.webhookSecret,
    host: base.hostname.replace(/^\[(.*)\]$/, "$1"),
    port: base.port ? Number(base.port) : protocol === "http" ? 80 : 443,
    protocol,
    simulator: service.simulator,
  };
}
