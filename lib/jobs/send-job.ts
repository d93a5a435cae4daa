import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import { PgTransaction } from "drizzle-orm/pg-core";
import { fromDrizzle } from "pg-boss";
import { getDatabase, type DbOrTx } from "@/db";
import { SpanKind, withSpan } from "@/lib/tracing/tracing";
import { jobDefinition, type JobName, type JobPayload } from "./definitions";
import { withJobTrace } from "./observe-job";
import { getJobQueue, jobQueueStarted, type JobQueue } from "./queue";

export interface SendJobOptions {
  /**
   * Idempotency: the same key for the same job yields one job, however often it is sent, for as
   * long as pg-boss keeps the job (7 days after it finishes). It becomes the job's singleton key
   * (visible, and searchable with findJobs) and its id: a singleton key alone does not stop a
   * duplicate on a standard queue, the id's primary key does.
   */
  key?: string;
  /** Run no earlier than this. */
  startAfter?: Date;
  /** The queue to send through when `db` is not this process's database (tests of a second database). */
  queue?: JobQueue;
}

/** A stable job id for a key: a UUID made from SHA-256 of the queue name and key (version 8 layout). */
export function jobIdForKey(name: string, key: string): string {
  const h = crypto.createHash("sha256").update(`${name}\u0000${key}`).digest();
  h[6] = (h[6]! & 0x0f) | 0x80;
  h[8] = (h[8]! & 0x3f) | 0x80;
  const hex = h.subarray(0, 16).toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * Sends a job through `db`. Pass the transaction of the change that causes the job: the job is
 * written by that transaction, so it exists if and only if the change commits. The payload is
 * checked against the job's schema first; a bad payload throws and rolls the change back.
 * Returns the job's id, or null when a job with the same key already exists.
 *
 * Sent in a PRODUCER span whose trace the job carries (lib/jobs/observe-job.ts), so the span that
 * works it continues the request that caused it.
 */
export async function sendJob<N extends JobName>(db: DbOrTx, name: N, payload: JobPayload<N>, options: SendJobOptions = {}): Promise<string | null> {
  const checked = jobDefinition(name).schema.parse(payload) as object;
  if (!options.queue && !jobQueueStarted() && db instanceof PgTransaction && (await getDatabase()).kind === "embedded") {
    // Starting pg-boss needs the embedded database's only connection, which this transaction holds.
    throw new Error("the job queue must be started (startJobQueue) before a job is sent inside a transaction on the embedded database");
  }
  const { boss } = options.queue ?? (await getJobQueue());
  return withSpan(`send ${name}`, { kind: SpanKind.PRODUCER, attributes: { "messaging.system": "pg-boss", "messaging.destination.name": name } }, () =>
    boss.send(name, withJobTrace(checked), {
      db: fromDrizzle(db as Parameters<typeof fromDrizzle>[0], sql),
      singletonKey: options.key,
      id: options.key ? jobIdForKey(name, options.key) : undefined,
      startAfter: options.startAfter,
    }),
  );
}
