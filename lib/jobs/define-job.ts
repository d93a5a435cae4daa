import type { z } from "zod";
import type { Db } from "@/db/client";
import type { AuditInput } from "@/lib/server/audit/write-audit";

/**
 * How a job is retried. `retries` more attempts follow the first; with `backoff` the wait doubles
 * from `delaySeconds` (with jitter) up to `maxDelaySeconds`. pg-boss applies it.
 */
export interface RetryPolicy {
  retries: number;
  delaySeconds: number;
  backoff: boolean;
  maxDelaySeconds?: number;
}

export interface JobContext {
  db: Db;
  /** pg-boss's id of the job: stable across retries, so usable in message ids and dedupe keys. */
  jobId: string;
  /** 1 for the first attempt. */
  attempt: number;
  /**
   * Records the job's audit entry once its work is done (call it last, through auditJob,
   * lib/jobs/audit-job.ts). Alone, or without it (a test calling `run`), the entry is written at
   * once; in a batch (`batched`), the entries of the batch's jobs are written together in one
   * statement after they have run: every audit transaction holds the chain's head until it commits
   * (migration 0037), so a commit per email would queue the batch's jobs one behind the other.
   */
  audit?(entry: AuditInput): Promise<void>;
}

/**
 * One kind of job: its queue name, the payload it accepts (checked when it is sent and again when it
 * is worked, since a payload may have waited through a deploy that changed it), what it does, and
 * what it records when it has failed for good.
 *
 * `run` must be idempotent: a worker that dies after doing the work but before pg-boss records the
 * completion leaves the job to be run again once it expires.
 */
export interface JobDefinition<S extends z.ZodType = z.ZodType, N extends string = string> {
  name: N;
  schema: S;
  retry: RetryPolicy;
  /** A running job not finished within this time is taken as lost and retried (default 15 min). */
  expireInSeconds?: number;
  /**
   * Worked in batches: a worker fetches up to WORKER_BATCH_SIZE of these jobs at once and runs up to
   * WORKER_CONCURRENCY of them at the same time, each succeeding or failing (and retried) on its own.
   * For jobs sent by the thousand that wait on something outside (email over pooled SMTP); `run`
   * must then be safe beside other jobs of its kind. Without it: one job at a time.
   */
  batched?: boolean;
  run(payload: z.infer<S>, ctx: JobContext): Promise<void>;
  /**
   * Called once when the last attempt has failed (or the job was lost on its last attempt), from the
   * failed-jobs queue. Records the failure where admins see it; must be idempotent too.
   */
  onFailed?(payload: z.infer<S>, ctx: { db: Db; jobId: string; error: string }): Promise<void>;
}

export function defineJob<S extends z.ZodType, const N extends string>(definition: JobDefinition<S, N>): JobDefinition<S, N> {
  return definition;
}
