import { getDb } from "@/db";
import { saveWebhookDelivery } from "@/lib/server/operations/save-webhook-delivery";
import { metrics } from "./registry";

export type WebhookOutcome = "accepted" | "refused" | "failed";

/** A delivery's outcome from the status the portal answered: 2xx accepted, 4xx refused, else failed. */
export function webhookOutcome(status: number): WebhookOutcome {
  if (status < 400) return "accepted";
  return status < 500 ? "refused" : "failed";
}

/** The provider of a webhook route (`/api/webhooks/stripe` → stripe), or undefined for any other route. */
export function webhookProvider(routePattern: string): string | undefined {
  return /^\/api\/webhooks\/([a-z0-9-]+)\/?$/.exec(routePattern)?.[1];
}

/**
 * The event's type as the provider names it, when the verified event or the body says: Stripe's
 * `type` (checkout.session.completed), Yoti's `topic` (SESSION_COMPLETION). Only a short name of
 * letters, digits, dots, dashes and underscores is kept; anything else is no type.
 */
export function webhookEventType(verified: unknown, body: string): string | undefined {
  let type: unknown = typeof verified === "object" && verified !== null ? (verified as { type?: unknown }).type : undefined;
  if (typeof type !== "string") {
    try {
      type = (JSON.parse(body) as { topic?: unknown } | null)?.topic;
    } catch {
      type = undefined;
    }
  }
  return typeof type === "string" && /^[A-Za-z0-9._-]{1,100}$/.test(type) ? type : undefined;
}

/**
 * Records one delivery to a webhook route (lib/route.ts calls it once the route has answered): the
 * count by provider and outcome, and, when its signature held, a row for the operator's page.
 * Deliveries refused for their signature are counted only: anyone can send them.
 */
export async function recordWebhookDelivery(delivery: { provider: string; status: number; verified: boolean; eventType?: string }) {
  const outcome = webhookOutcome(delivery.status);
  metrics().webhookDeliveries.inc({ provider: delivery.provider, outcome });
  if (!delivery.verified) return;
  let db;
  try {
    db = await getDb();
  } catch {
    return;
  }
  await saveWebhookDelivery(db, { provider: delivery.provider, eventType: delivery.eventType, outcome, status: delivery.status });
}
