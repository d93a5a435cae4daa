import type { JobWithMetadata } from "pg-boss";
import { jobDefinitions } from "./definitions";
import { log } from "@/lib/log";
import { failedJobsQueue, recordFailedJob, runJob, type JobQueue } from "./queue";

/**
 * Works every job that is due now, in this process, until none is left, then returns how many it
 * worked. The same code as the workers (runJob, recordFailedJob) with pg-boss's fetch, complete and
 * fail instead of its polling loop: for `npm run jobs -- run` and for tests, which need to know
 * when the work is done rather than wait for it. Safe beside running workers (pg-boss hands each
 * job to one fetcher). Failed jobs' records are worked too, unless `names` leaves them out.
 */
export async function workDueJobs(queue: JobQueue, options: { names?: string[] } = {}): Promise<number> {
  const names = options.names ?? [...jobDefinitions.keys(), failedJobsQueue];
  let total = 0;
  for (;;) {
    let worked = 0;
    for (const name of names) {
      const jobs = await queue.boss.fetch<unknown>(name, { batchSize: 10, includeMetadata: true });
      for (const job of jobs) {
        worked += 1;
        try {
          await work(queue, name, job);
          await queue.boss.complete(name, job);
        } catch (err) {
          const message = err instanceof Error ? err.message : String(err);
          // runJob and recordFailedJob log their own failures, in the job's context; not an unknown job's.
          if (name !== failedJobsQueue && !jobDefinitions.has(name)) log.warn({ jobName: name, jobId: job.id }, `[jobs] ${name} ${job.id} attempt ${job.retryCount + 1} failed: ${message}`);
          await queue.boss.fail(name, job, { message });
        }
      }
    }
    if (worked === 0) return total;
    total += worked;
  }
}

async function work(queue: JobQueue, name: string, job: JobWithMetadata<unknown>) {
  if (name === failedJobsQueue) return recordFailedJob(job, queue.db);
  const definition = jobDefinitions.get(name);
  if (!definition) throw new Error(`unknown job ${name}`);
  return runJob(definition, job, queue.db);
}
