import "server-only";
import type { Db } from "@/db";
import { processedWebhookEvents } from "@/db/schema";
import type { PaymentEvent } from "@/lib/integrations/stripe";
import { stripeEventHandlers } from "./webhooks";

export type StripeEventOutcome = "handled" | "duplicate" | "ignored";

/**
 * Acts on one verified Stripe event, at most once. The event id is recorded in
 * processed_webhook_events in the same transaction as the event's effects: a redelivery finds it
 * and does nothing, concurrent deliveries of one event wait on its key and then do nothing, and an
 * effect that fails rolls the record back so Stripe's retry runs it again.
 */
export async function handleStripeEvent({ db, event }: { db: Db; event: PaymentEvent }): Promise<StripeEventOutcome> {
  return db.transaction(async (tx) => {
    const recorded = await tx
      .insert(processedWebhookEvents)
      .values({ provider: "stripe", eventId: event.id })
      .onConflictDoNothing()
      .returning({ eventId: processedWebhookEvents.eventId });
    if (!recorded.length) return "duplicate";
    const handler = Object.hasOwn(stripeEventHandlers, event.type) ? stripeEventHandlers[event.type] : undefined;
    if (!handler) return "ignored";
    await handler(tx, event);
    return "handled";
  });
}
