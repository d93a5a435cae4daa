import { sql } from "drizzle-orm";
import { PgTransaction } from "drizzle-orm/pg-core";
import { fromDrizzle } from "pg-boss";
import { getDatabase, type DbOrTx } from "@/db";
import { SpanKind, withSpan } from "@/lib/tracing/tracing";
import { jobDefinition, type JobName, type JobPayload } from "./definitions";
import { withJobTrace } from "./observe-job";
import { getJobQueue, jobQueueStarted } from "./queue";
import { jobIdForKey, type SendJobOptions } from "./send-job";

/** Jobs written per INSERT: well under PostgreSQL's 65,535 parameters, and memory stays small. */
const BATCH = 1000;

/**
 * Sends many jobs of one kind through `db` in a few statements, for changes that cause thousands
 * at once (a request of 5,000 individuals invites each). Same guarantees as `sendJob`: pass the
 * change's transaction so the jobs exist if and only if it commits; payloads are checked first;
 * a job whose key was already sent is skipped (the key names the job's id). Retry policy and
 * expiry are the queue's, set from the job's definition when the queue is created.
 */
export async function sendJobs<N extends JobName>(db: DbOrTx, name: N, jobs: ReadonlyArray<{ payload: JobPayload<N>; key: string }>, options: Pick<SendJobOptions, "queue"> = {}): Promise<void> {
  if (jobs.length === 0) return;
  const definition = jobDefinition(name);
  const rows = jobs.map((j) => ({ id: jobIdForKey(name, j.key), singletonKey: j.key, data: definition.schema.parse(j.payload) as object }));
  if (!options.queue && !jobQueueStarted() && db instanceof PgTransaction && (await getDatabase()).kind === "embedded") {
    throw new Error("the job queue must be started (startJobQueue) before a job is sent inside a transaction on the embedded database");
  }
  const { boss } = options.queue ?? (await getJobQueue());
  const connection = { db: fromDrizzle(db as Parameters<typeof fromDrizzle>[0], sql) };
  // One PRODUCER span for the batch; every job carries its trace (lib/jobs/observe-job.ts).
  await withSpan(`send ${name}`, { kind: SpanKind.PRODUCER, attributes: { "messaging.system": "pg-boss", "messaging.destination.name": name, "messaging.batch.message_count": rows.length } }, async () => {
    const trace = withJobTrace({});
    const traced = Object.keys(trace).length ? rows.map((row) => ({ ...row, data: { ...row.data, ...trace } })) : rows;
    for (let i = 0; i < traced.length; i += BATCH) await boss.insert(name, traced.slice(i, i + BATCH), connection);
  });
}
