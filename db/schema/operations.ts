import { bigint, index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { timestamptz } from "./columns";

/**
 * What the operator's page (/administration/operations, docs/operations.md) shows of the outside
 * services, written by the hook every adapter goes through (lib/metrics/outside-call.ts) and shared
 * by all instances of the portal and its workers.
 *
 * One row per service: when it last answered and last failed. A success is written at most every
 * ten seconds per process (lib/server/operations/save-outside-call.ts), so a busy service costs a
 * few writes a minute, not one per call.
 */
export const outsideServices = pgTable("outside_services", {
  /** 'stripe' | 'yoti' | 'sage' | 'captcha' | 'email' | 'storage' | 'companies-house' */
  service: text().primaryKey(),
  lastSuccessAt: timestamptz(),
  lastFailureAt: timestamptz(),
  /** The adapter method that failed last, e.g. createSalesInvoice. */
  lastFailureOperation: text(),
  /** Its error message, one line, at most 500 characters. */
  lastFailureMessage: text(),
  updatedAt: timestamptz().notNull().defaultNow(),
});

/**
 * Each failed call, for "failures in the last hour". Rows older than a day are deleted by the next
 * failure of the same service, so the table holds at most a day of failures.
 */
export const outsideServiceFailures = pgTable(
  "outside_service_failures",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedByDefaultAsIdentity(),
    service: text().notNull(),
    operation: text().notNull(),
    message: text().notNull(),
    failedAt: timestamptz().notNull().defaultNow(),
  },
  (t) => [index("outside_service_failures_service_failed_at_idx").on(t.service, t.failedAt)],
);

/**
 * Webhook deliveries whose signature (or token) held: accepted, refused for what they said (4xx), or
 * failed while being handled (5xx: the provider sends it again). Deliveries refused for their signature are only counted in the
 * metrics: anyone can send those, and they must not fill a table. Rows older than 7 days are
 * deleted as new ones arrive. `processed_webhook_events` stays the record of which Stripe events
 * were acted on (at most once); this is the record of what arrived, for the operator's page.
 */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedByDefaultAsIdentity(),
    /** 'stripe' | 'yoti' */
    provider: text().notNull(),
    /** The event's type as the provider names it (checkout.session.completed, SESSION_COMPLETION), when it says. */
    eventType: text(),
    /** 'accepted' | 'refused' | 'failed' */
    outcome: text().notNull(),
    /** The HTTP status the portal answered. */
    status: integer().notNull(),
    receivedAt: timestamptz().notNull().defaultNow(),
  },
  (t) => [index("webhook_deliveries_received_at_idx").on(t.receivedAt)],
);

export type OutsideService = typeof outsideServices.$inferSelect;
export type WebhookDelivery = typeof webhookDeliveries.$inferSelect;
