import { z } from "zod";
import type { Db } from "@/db/client";
import type { AuditInput } from "@/lib/server/audit/write-audit";
import { lazy } from "./lazy";

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
  /**
   * In a batch (`batched`): the checked payloads of all its jobs, and `once`, which runs `load` for
   * the first job that asks under `key` and gives every job of the batch its result. A handler can
   * so read the rows of the whole batch in one query rather than one query a job. Absent for a job
   * worked alone (or a test calling `run`).
   */
  batch?: JobBatch;
}

export interface JobBatch {
  payloads: readonly unknown[];
  once<T>(key: string, load: () => Promise<T>): Promise<T>;
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

/** The payload of a job its schedule sends with nothing to say (lib/jobs/schedules.ts). */
export const noPayload = z.object({}).strict();
export type NoPayload = z.infer<typeof noPayload>;

/**
 * A scheduled job that takes no payload and has no `onFailed`: retried with backoff, `retries`
 * more attempts doubling from `delaySeconds`; its work in the handler module `load` imports on the
 * first run (lib/jobs/lazy.ts).
 */
export function defineScheduledJob<const N extends string>(name: N, limits: { retries: number; delaySeconds: number; expireInSeconds: number }, load: () => Promise<{ run(payload: NoPayload, ctx: JobContext): Promise<void> }>) {
  const { retries, delaySeconds, expireInSeconds } = limits;
  return defineJob({ name, schema: noPayload, retry: { retries, delaySeconds, backoff: true }, expireInSeconds, run: lazy(load, "run") });
}

/** A handler module with both halves of a job: its work and what it records when it has failed for good. */
interface FullHandler<P> {
  run(payload: P, ctx: JobContext): Promise<void>;
  onFailed(payload: P, ctx: { db: Db; jobId: string; error: string }): Promise<void>;
}

/** `run` and `onFailed` of a job, both from the handler module `load` imports on the job's first run. */
export function handledBy<P>(load: () => Promise<FullHandler<P>>) {
  return { run: lazy(load, "run"), onFailed: lazy(load, "onFailed") };
}

/**
 * Retries and batching of a job sent by the thousand (a request's invitations, a day's reminders):
 * fetched WORKER_BATCH_SIZE at a time, WORKER_CONCURRENCY in flight over the pooled SMTP connections
 * (lib/jobs/queue.ts).
 */
export const emailDelivery: { retry: RetryPolicy; expireInSeconds: number; batched: boolean } = { retry: { retries: 7, delaySeconds: 5, backoff: true, maxDelaySeconds: 3600 }, expireInSeconds: 5 * 60, batched: true };
