import type { z } from "zod";
import { type JobDefinition, defineJob, handledBy } from "./define-job";

/** How a job is tried: its retries, when a running one counts as lost, whether it is batched. */
export type JobLimits = Pick<JobDefinition, "retry" | "expireInSeconds" | "batched">;

/** A handler module with both halves of a job (handledBy): its work and its failure record. */
type HandlerModule<P> = Parameters<typeof handledBy<P>>[0];

/**
 * A job that carries a payload (`schema`) and is tried within `limits`, its work and what it
 * records when it has failed for good both in the handler module `load` imports on the first run.
 */
export function defineHandledJob<S extends z.ZodType, const N extends string>(
  name: N,
  schema: S,
  limits: JobLimits,
  load: HandlerModule<z.infer<S>>,
) {
  return defineJob({ name, schema, ...limits, ...handledBy(load) });
}
