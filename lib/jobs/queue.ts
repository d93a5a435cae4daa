import { PgBoss, fromPglite, type JobResult, type JobWithMetadata, type PGliteLike } from "pg-boss";
import type { Pool } from "pg";
import type { DatabaseHandle, Db } from "@/db/client";
import { getDatabase } from "@/db";
import { getEnv } from "@/lib/env";
import { auditEntries } from "@/db/schema";
import type { AuditInput } from "@/lib/server/audit/write-audit";
import type { JobBatch, JobDefinition } from "./define-job";
import { jobDefinitions } from "./definitions";
import { countJobGivenUp, observeJob, splitJobTrace } from "./observe-job";
import { applySchedules } from "./schedules";
import { log, withLogContext } from "@/lib/log";

/**
 * Where a job lands once its last attempt has failed (or it was lost on its last attempt). Its
 * worker calls the original definition's `onFailed`, so failures are recorded the same way whether
 * the handler threw or the process running it died.
 */
export const failedJobsQueue = "jobs.failed";

/** The queue of one process: pg-boss over the process's database, and that database for handlers. */
export interface JobQueue {
  boss: PgBoss;
  db: Db;
  kind: DatabaseHandle["kind"];
  /** Whether this process works jobs (and runs pg-boss maintenance and, unless turned off, the schedules). */
  working: boolean;
  /** Stops fetching, waits for the jobs in hand to finish (up to `timeoutMs`), and closes pg-boss. */
  stop(timeoutMs?: number): Promise<void>;
}

export interface OpenOptions {
  /** Work jobs here, or only send them (a web process beside a separate worker). */
  work: boolean;
  /** For the pg-boss instance registry: "portal", "worker", "jobs-cli"… */
  name: string;
  /** Poll interval when no LISTEN/NOTIFY wake-up arrives (WORKER_POLL_MS). */
  pollMs?: number;
  /** Jobs of a batched kind fetched at once (WORKER_BATCH_SIZE; default 1). */
  batchSize?: number;
  /** Jobs of a batch worked at the same time (WORKER_CONCURRENCY; default 1). */
  concurrency?: number;
  /**
   * When working, also keep the schedules and send their jobs (WORKER_SCHEDULES; default true).
   * Off, the process works what others send: test runs whose demo data must not change with the clock.
   */
  schedules?: boolean;
}

function createBoss(handle: DatabaseHandle, options: OpenOptions): PgBoss {
  const common = {
    schema: "pgboss",
    migrate: true,
    instanceName: options.name,
    registerInstance: options.work,
    // Maintenance (expiring lost jobs, deleting old ones) and cron schedules belong to the
    // processes that work jobs; pg-boss lets several run side by side.
    supervise: options.work,
    schedule: options.work && options.schedules !== false,
    // A new job wakes the workers at once (NOTIFY on commit) instead of waiting for the next poll.
    useListenNotify: options.work,
    // Jobs are traced by the portal itself (lib/jobs/observe-job.ts: the sending request's trace is
    // carried in the payload); pg-boss's own spans would start a separate trace for every attempt.
    openTelemetry: { enabled: false },
  };
  const client = (handle.db as unknown as { $client: unknown }).$client;
  if (handle.kind === "embedded") {
    // One in-process connection: pg-boss shares it with the portal, and its LISTEN works in-process.
    return new PgBoss({ ...common, db: fromPglite(client as PGliteLike), backend: "pglite" });
  }
  // pg-boss keeps a small pool of its own on the same database: its LISTEN connection must not be
  // taken from the portal's pool, and its statements must not wait behind the portal's.
  const connectionString = (client as Pool).options.connectionString;
  if (!connectionString) throw new Error("the database pool has no connection string for pg-boss");
  return new PgBoss({ ...common, connectionString, max: options.work ? 4 : 2, application_name: `director-verification-portal-${options.name}` });
}

/** The queue's settings from a definition: retries, expiry, failures to the failed-jobs queue. */
function queueOptions(definition: JobDefinition) {
  return {
    retryLimit: definition.retry.retries,
    retryDelay: definition.retry.delaySeconds,
    retryBackoff: definition.retry.backoff,
    ...(definition.retry.maxDelaySeconds === undefined ? {} : { retryDelayMax: definition.retry.maxDelaySeconds }),
    expireInSeconds: definition.expireInSeconds ?? 15 * 60,
    deadLetter: failedJobsQueue,
    notify: true,
  };
}

/** Creates every queue, and brings an existing one's settings up to its definition. */
async function ensureQueues(boss: PgBoss) {
  const failedOptions = { retryLimit: 5, retryDelay: 30, retryBackoff: true, retryDelayMax: 3600, notify: true };
  await boss.createQueue(failedJobsQueue, failedOptions);
  await boss.updateQueue(failedJobsQueue, failedOptions);
  for (const definition of jobDefinitions.values()) {
    await boss.createQueue(definition.name, queueOptions(definition));
    await boss.updateQueue(definition.name, queueOptions(definition));
  }
}

/** The text of a failed job's output: a thrown error's message, or pg-boss's own "job timed out". */
export function errorText(output: unknown): string {
  const o = output as { message?: unknown; value?: { message?: unknown } } | null | undefined;
  const message = o?.message ?? o?.value?.message ?? (output === undefined || output === null ? "unknown error" : JSON.stringify(output));
  return String(message).slice(0, 2000);
}

/**
 * Runs one job of a definition: the payload is checked again, as it may predate a deploy. Its audit
 * entry is written at once (by auditJob, lib/jobs/audit-job.ts), unless `audit` (a batch's) takes it.
 * A failed attempt writes a `warn` line, a finished job an `info` line; in a batch (`audit` given)
 * the finished job's line is `debug`, and runBatch writes one `info` line for the batch instead.
 */
export async function runJob(definition: JobDefinition, job: { id: string; data: unknown; retryCount: number }, db: Db, audit?: (entry: AuditInput) => Promise<void>, batch?: JobBatch) {
  const attempt = job.retryCount + 1;
  const { data, trace } = splitJobTrace(job.data);
  // Every line the job writes carries its name and id (lib/log/context.ts).
  await observeJob(definition.name, job.id, attempt, trace, () => withLogContext({ jobName: definition.name, jobId: job.id }, async () => {
    const started = performance.now();
    try {
      const payload = definition.schema.parse(data);
      await definition.run(payload, { db, jobId: job.id, attempt, audit, batch });
    } catch (err) {
      log.warn({ attempt, err }, `[jobs] ${definition.name} ${job.id} attempt ${attempt} failed: ${err instanceof Error ? err.message : String(err)}`);
      throw err;
    }
    const done = { attempt, durationMs: Math.round(performance.now() - started) };
    if (audit) log.debug(done, `[jobs] ${definition.name} ${job.id} done`);
    else log.info(done, `[jobs] ${definition.name} ${job.id} done`);
  }));
}

/** Records a job that failed for good, through its definition's `onFailed`, in one transaction. */
export async function recordFailedJob(job: JobWithMetadata<unknown>, db: Db) {
  // Its lines carry the job that failed, not the failed-jobs queue's own record of it.
  await withLogContext({ jobName: job.sourceName ?? failedJobsQueue, jobId: job.sourceId ?? job.id }, async () => {
    const definition = job.sourceName ? jobDefinitions.get(job.sourceName) : undefined;
    const error = errorText(job.sourceOutput);
    log.error(`[jobs] job ${job.sourceId} (${job.sourceName}) failed for good: ${error}`);
    if (job.sourceName) countJobGivenUp(job.sourceName);
    if (!definition?.onFailed) return;
    const parsed = definition.schema.safeParse(splitJobTrace(job.data).data);
    // A payload that never matched its schema names nobody to tell; the log line above is the record.
    if (!parsed.success) return;
    try {
      await db.transaction((tx) => definition.onFailed!(parsed.data, { db: tx as unknown as Db, jobId: job.sourceId ?? job.id, error }));
    } catch (err) {
      log.error({ err }, `[jobs] the failure of job ${job.sourceId} (${job.sourceName}) could not be recorded: ${err instanceof Error ? err.message : String(err)}`);
      throw err;
    }
  });
}

/** Runs `fn` on every item, at most `limit` at a time, in order of start; resolves when all have. */
async function eachLimited<T>(items: readonly T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await fn(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}

/**
 * Works a batch of jobs of one kind, `concurrency` at a time, and says how each went: pg-boss then
 * completes or fails (and retries) each job on its own, so one refused address does not send the
 * rest of its batch again. runJob logs a failed attempt.
 *
 * The audit entries of the jobs that succeeded are written together at the end, in one statement
 * (JobContext.audit). Should that fail, the batch fails, and its jobs are retried: at least once,
 * as after a worker dies mid-batch (each email's message id is its job's, for receivers to see).
 *
 * Its log is one `info` line for the batch (jobs done and failed, milliseconds) besides each failed
 * attempt's `warn` line: a line for each of a request's thousands of invitations was work for the
 * worker and noise for whoever reads the log (docs/speed.md, "Invitations at volume"). Each job's
 * own line is still there at `debug`; every job's count and duration are in the metrics.
 */
export async function runBatch(definition: JobDefinition, jobs: readonly JobWithMetadata<unknown>[], db: Db, concurrency: number): Promise<JobResult[]> {
  const started = performance.now();
  const results = new Map<string, JobResult>();
  const entries: AuditInput[] = [];
  const batch = jobBatch(definition, jobs);
  await eachLimited(jobs, Math.max(1, concurrency), async (job) => {
    const own: AuditInput[] = [];
    try {
      await runJob(definition, job, db, async (entry) => void own.push(entry), batch);
      entries.push(...own);
      results.set(job.id, { id: job.id, status: "completed" });
    } catch (err) {
      results.set(job.id, { id: job.id, status: "failed", output: { message: err instanceof Error ? err.message : String(err) } });
    }
  });
  for (let i = 0; i < entries.length; i += AUDIT_ROWS_PER_STATEMENT) {
    await db.insert(auditEntries).values(entries.slice(i, i + AUDIT_ROWS_PER_STATEMENT));
  }
  const failed = jobs.filter((job) => results.get(job.id)!.status === "failed").length;
  log.info(
    { jobName: definition.name, jobs: jobs.length, completed: jobs.length - failed, failed, durationMs: Math.round(performance.now() - started) },
    `[jobs] ${definition.name} batch of ${jobs.length}: ${jobs.length - failed} done, ${failed} failed`,
  );
  return jobs.map((job) => results.get(job.id)!);
}

/** What the jobs of a batch share (JobContext.batch): their payloads that pass the schema, and `once`. */
function jobBatch(definition: JobDefinition, jobs: readonly JobWithMetadata<unknown>[]): JobBatch {
  const payloads: unknown[] = [];
  for (const job of jobs) {
    const parsed = definition.schema.safeParse(splitJobTrace(job.data).data);
    if (parsed.success) payloads.push(parsed.data);
  }
  const loaded = new Map<string, Promise<unknown>>();
  return {
    payloads,
    once<T>(key: string, load: () => Promise<T>): Promise<T> {
      if (!loaded.has(key)) loaded.set(key, load());
      return loaded.get(key) as Promise<T>;
    },
  };
}

/** Audit rows written per statement at the end of a batch (far under PostgreSQL's 65,535 parameters). */
const AUDIT_ROWS_PER_STATEMENT = 500;

async function startWorkers(boss: PgBoss, db: Db, options: { pollMs: number; batchSize: number; concurrency: number }) {
  // NOTIFY wakes the workers when a job is sent; the poll is the floor for anything it misses.
  // NOTIFY comes once per statement that sends jobs, so one wake-up may find thousands.
  const seconds = Math.max(0.5, options.pollMs / 1000);
  const polling = { pollingIntervalSeconds: seconds, notifyPollingIntervalSeconds: seconds, includeMetadata: true as const, batchSize: 1 };
  for (const definition of jobDefinitions.values()) {
    if (definition.batched && options.batchSize > 1) {
      // A full batch fetches the next at once (burstWhenBatchFull) rather than waiting for the poll:
      // one job per poll would be one invitation every WORKER_POLL_MS.
      const batched = { ...polling, batchSize: options.batchSize, burstWhenBatchFull: true, perJobResults: true as const };
      await boss.work(definition.name, batched, (jobs: JobWithMetadata<unknown>[]) => runBatch(definition, jobs, db, options.concurrency));
      continue;
    }
    await boss.work(definition.name, polling, async ([job]: JobWithMetadata<unknown>[]) => {
      await runJob(definition, job!, db);
    });
  }
  await boss.work(failedJobsQueue, polling, async ([job]: JobWithMetadata<unknown>[]) => {
    await recordFailedJob(job!, db);
  });
}

/** Starts pg-boss on a database: installs or upgrades its schema, creates the queues, and, when working, the workers and schedules. */
export async function openJobQueue(handle: DatabaseHandle, options: OpenOptions): Promise<JobQueue> {
  const boss = createBoss(handle, options);
  boss.on("error", (err) => log.error({ err }, `[jobs] ${err.message}`));
  await boss.start();
  await ensureQueues(boss);
  if (options.work) {
    await startWorkers(boss, handle.db, { pollMs: options.pollMs ?? 2000, batchSize: options.batchSize ?? 1, concurrency: options.concurrency ?? 1 });
    if (options.schedules !== false) await applySchedules(boss);
  }
  return {
    boss,
    db: handle.db,
    kind: handle.kind,
    working: options.work,
    // graceful: pg-boss stops fetching, then waits for the handlers in flight before closing.
    stop: (timeoutMs = 30_000) => boss.stop({ graceful: true, timeout: timeoutMs }),
  };
}

// ---------------------------------------------------------------------------------------------
// The process's queue, beside the process's database (db/index.ts).

const globalForJobs = globalThis as unknown as { __jobQueue?: Promise<JobQueue>; __jobQueueStarted?: boolean };

/**
 * Starts this process's queue on its database. The portal calls it once at start-up
 * (instrumentation.ts); the worker script calls it with `work: true`.
 */
export function startJobQueue(options: OpenOptions): Promise<JobQueue> {
  if (!globalForJobs.__jobQueue) {
    const env = getEnv();
    globalForJobs.__jobQueue = getDatabase()
      .then((handle) => openJobQueue(handle, { pollMs: env.WORKER_POLL_MS, batchSize: env.WORKER_BATCH_SIZE, concurrency: env.WORKER_CONCURRENCY, schedules: env.WORKER_SCHEDULES, ...options }))
      .then((queue) => {
        globalForJobs.__jobQueueStarted = true;
        return queue;
      })
      .catch((err) => {
        globalForJobs.__jobQueue = undefined;
        throw err;
      });
  }
  return globalForJobs.__jobQueue;
}

/** The process's queue; opened for sending only when nothing started it (scripts, tests). */
export function getJobQueue(): Promise<JobQueue> {
  return startJobQueue({ work: false, name: "sender" });
}

/** Whether this process's queue has finished starting (see sendJob for why it matters). */
export function jobQueueStarted(): boolean {
  return globalForJobs.__jobQueueStarted === true;
}

/** Stops this process's queue, finishing the jobs in hand (SIGTERM drain, tests). */
export async function stopJobQueue(timeoutMs?: number): Promise<void> {
  const queue = globalForJobs.__jobQueue;
  globalForJobs.__jobQueue = undefined;
  globalForJobs.__jobQueueStarted = false;
  if (queue) await (await queue.catch(() => undefined))?.stop(timeoutMs);
}
