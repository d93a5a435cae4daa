import { bigint, index, integer, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { timestamptz } from "./columns";
import { jobStatus } from "./enums";

/**
 * The outbox / durable job queue (DESIGN §7). A job row is written in the same transaction as the
 * change that causes it; workers claim due rows with `FOR UPDATE SKIP LOCKED`.
 */
export const jobs = pgTable(
  "jobs",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedByDefaultAsIdentity(),
    type: text().notNull(),
    payload: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    /** Unique when set: enqueueing the same key twice yields one job. */
    idempotencyKey: text(),
    status: jobStatus().notNull().default("pending"),
    attempts: integer().notNull().default(0),
    maxAttempts: integer().notNull().default(8),
    runAt: timestamptz().notNull().defaultNow(),
    lockedAt: timestamptz(),
    lockedBy: text(),
    lastError: text(),
    createdAt: timestamptz().notNull().defaultNow(),
    completedAt: timestamptz(),
  },
  (t) => [
    uniqueIndex("jobs_idempotency_key_key").on(t.idempotencyKey),
    index("jobs_status_run_at_idx").on(t.status, t.runAt),
  ],
);

export type Job = typeof jobs.$inferSelect;
export type NewJob = typeof jobs.$inferInsert;
