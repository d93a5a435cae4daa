import { metrics } from "@/lib/metrics/registry";
import { contextFromCarrier, currentTraceCarrier, SpanKind, withSpan, type TraceCarrier } from "@/lib/tracing/tracing";

/**
 * The key under which a job's payload carries the trace of the request (or job) that sent it. Added
 * after the payload's schema has checked it (lib/jobs/send-job.ts), and taken off again before the
 * schema checks it on the way in (runJob), so no job's schema knows of it. Only there when traces
 * are recorded (OTEL_EXPORTER_OTLP_ENDPOINT).
 */
export const TRACE_KEY = "__trace";

const traceparent = /^00-[0-9a-f]{32}-[0-9a-f]{16}-[0-9a-f]{2}$/;

/** A checked payload with the active trace added, when there is one to carry. */
export function withJobTrace<T extends object>(data: T): T {
  const carrier = currentTraceCarrier();
  return carrier ? { ...data, [TRACE_KEY]: carrier } : data;
}

/** A stored payload split into what the job's schema checks and the trace it carries (if any, and well-formed). */
export function splitJobTrace(data: unknown): { data: unknown; trace?: TraceCarrier } {
  if (typeof data !== "object" || data === null || Array.isArray(data) || !Object.hasOwn(data, TRACE_KEY)) return { data };
  const { [TRACE_KEY]: carried, ...rest } = data as Record<string, unknown>;
  const value = (carried as { traceparent?: unknown } | null)?.traceparent;
  return typeof value === "string" && traceparent.test(value) ? { data: rest, trace: { traceparent: value } } : { data: rest };
}

/**
 * One attempt of a job, observed: a CONSUMER span continuing the trace that sent the job (its
 * parent is the sending span; a job sent without one, by a schedule, starts a trace of its own,
 * whatever the worker loop happens to be running in), and `portal_jobs_total` / `portal_job_duration_seconds` by job and
 * outcome (completed, or failed: thrown, so pg-boss retries it or gives up).
 */
export async function observeJob(name: string, jobId: string, attempt: number, trace: TraceCarrier | undefined, fn: () => Promise<void>): Promise<void> {
  const started = performance.now();
  const m = metrics();
  try {
    await withSpan(`job ${name}`, { kind: SpanKind.CONSUMER, parent: contextFromCarrier(trace), attributes: { "messaging.system": "pg-boss", "messaging.destination.name": name, "messaging.message.id": jobId, "portal.job.attempt": attempt } }, fn);
  } catch (err) {
    m.jobs.inc({ job: name, outcome: "failed" });
    m.jobDuration.observe({ job: name, outcome: "failed" }, (performance.now() - started) / 1000);
    throw err;
  }
  m.jobs.inc({ job: name, outcome: "completed" });
  m.jobDuration.observe({ job: name, outcome: "completed" }, (performance.now() - started) / 1000);
}

/** Counts a job whose last attempt failed (its failure is being recorded by the failed-jobs queue). */
export function countJobGivenUp(name: string) {
  metrics().jobs.inc({ job: name, outcome: "given_up" });
}
