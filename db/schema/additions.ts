import { index, integer, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { clientRef } from "./clients";
import { identity, timestamptz } from "./columns";
import { journey } from "./enums";

/**
 * Individuals a company contact added after the request, as one priced batch. The batch is what is
 * billed: under the client's journey at the time (`journey`), at the client's unit price then, with
 * VAT as configured then (the amounts are kept, so what the contact was shown is what is charged).
 *
 * - `PayByCard`: the batch's own Checkout Session (`paymentSessionId`); the individuals are invited
 *   only once Stripe confirms the payment (`paidAt`).
 * - `PayByInvoice`: an additional Sage invoice (`sageInvoiceNumber`), raised by the invoice job.
 * - `Existing`: billed under the customer's arrangement; nothing to collect through the portal.
 */
export const directorAdditions = pgTable(
  "director_additions",
  {
    id: identity(),
    clientId: clientRef(),
    /** The directors this batch added (ids), in the order they were added. */
    directorIds: jsonb().$type<number[]>().notNull(),
    journey: journey().notNull(),
    individuals: integer().notNull(),
    unitPrice: integer().notNull(),
    fullPrice: integer().notNull(),
    vatRatePercent: text().notNull(),
    vat: integer().notNull(),
    amountDue: integer().notNull(),
    paymentSessionId: text(),
    paidAt: timestamptz(),
    sageInvoiceNumber: text(),
    createdAt: timestamptz().notNull().defaultNow(),
    createdBy: text().notNull(),
  },
  (t) => [index("director_additions_client_id_idx").on(t.clientId), uniqueIndex("director_additions_payment_session_id_key").on(t.paymentSessionId)],
);

export type DirectorAddition = typeof directorAdditions.$inferSelect;
export type NewDirectorAddition = typeof directorAdditions.$inferInsert;
