import { pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { timestamptz } from "./columns";

/** Webhook events already handled, so a redelivered event is acknowledged and ignored (docs/security.md). */
export const processedWebhookEvents = pgTable(
  "processed_webhook_events",
  {
    /** 'stripe' | 'yoti' */
    provider: text().notNull(),
    eventId: text().notNull(),
    receivedAt: timestamptz().notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);

export type ProcessedWebhookEvent = typeof processedWebhookEvents.$inferSelect;
