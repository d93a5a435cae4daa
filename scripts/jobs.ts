// Operator task: look at the job queues, or run a job (such as a scheduled one) once by hand.
//   npm run jobs -- list                      queues (waiting, active, failed) and schedules
//   npm run jobs -- run <job> ['<json>']      sends the job now and works it in this process
// `run` takes the payload of the job's schedule when it has one and no JSON is given, else `{}`.
// It goes through the queue like any other job (checked payload, retries, failure records), so a
// running worker may pick it up first; either way it runs once.
import { closeDb } from "../db";
import { jobDefinitions, type JobName } from "../lib/jobs/definitions";
import { failedJobsQueue, startJobQueue, stopJobQueue } from "../lib/jobs/queue";
import { jobSchedules } from "../lib/jobs/schedules";
import { sendJob } from "../lib/jobs/send-job";
import { workDueJobs } from "../lib/jobs/work-due-jobs";
import { print, printError } from "./lib/terminal";

async function list() {
  const queue = await startJobQueue({ work: false, name: "jobs-cli" });
  const queues = await queue.boss.getQueues();
  print("queue                                   ready  deferred  active  failed");
  for (const q of queues) {
    print(`${q.name.padEnd(38)} ${String(q.readyCount).padStart(6)} ${String(q.deferredCount).padStart(9)} ${String(q.activeCount).padStart(7)} ${String(q.failedCount).padStart(7)}`);
  }
  const schedules = await queue.boss.getSchedules();
  print(schedules.length ? "\nschedule" : "\nno schedules yet (a worker creates them when it starts)");
  for (const s of schedules) print(`${s.name.padEnd(38)} ${s.cron} (${s.timezone})`);
}

async function run(name: string | undefined, json: string | undefined) {
  if (!name || !jobDefinitions.has(name)) {
    throw new Error(`usage: npm run jobs -- run <job> ['<json>']; jobs: ${[...jobDefinitions.keys()].join(", ")}`);
  }
  const payload = json ? JSON.parse(json) : (jobSchedules.find((s) => s.job === name)?.payload ?? {});
  const queue = await startJobQueue({ work: false, name: "jobs-cli" });
  const id = await sendJob(queue.db, name as JobName, payload);
  const worked = await workDueJobs(queue, { names: [name, failedJobsQueue] });
  const [job] = id ? await queue.boss.findJobs(name, { id }) : [];
  print(`[jobs] ${name} ${id}: ${job?.state ?? "gone"}${worked ? "" : " (a worker took it)"}`);
  if (job?.state === "failed" || job?.state === "retry") process.exitCode = 1;
}

async function main() {
  const [command, ...args] = process.argv.slice(2);
  try {
    if (command === "list") await list();
    else if (command === "run") await run(args[0], args[1]);
    else throw new Error("usage: npm run jobs -- list | run <job> ['<json>']");
  } finally {
    await stopJobQueue();
    await closeDb();
  }
}

main().catch((err) => {
  printError(`[jobs] ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
