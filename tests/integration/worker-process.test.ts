// The separate worker, started exactly as docker-compose starts it (the command of its `worker`
// service, which is `npm run worker`'s without npm; WORKER_IN_PROCESS=false on the portal), against a fresh PostgreSQL database: a sign-in link asked
// for through the real route is delivered over SMTP, and SIGTERM lets the job in hand finish before
// the process exits 0. Jest maps `server-only` away for the tests; the worker process does not
// have that help, so this is also what proves the script can load the server code at all.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import { eq } from "drizzle-orm";
import { closeDb, getDb } from "@/db";
import { auditEntries, signInTokens } from "@/db/schema";
import { seedDemo } from "@/db/seed/demo";
import { POST as sendLink } from "@/app/api/send-link/route";
import { resetEnvCache } from "@/lib/env";
import { getJobQueue, stopJobQueue } from "@/lib/jobs/queue";
import { createTestDatabase, dropTestDatabases } from "../setup/test-databases.mjs";
import { human, jsonRequest } from "./support/requests";
import { contact } from "./support/sign-in";
import { startSmtpServer } from "./support/smtp";

const dbName = `dvp_worker_${Date.now()}_${process.pid}`;
const saved = { DATABASE_URL: process.env.DATABASE_URL, SEND_LINK_MIN_MS: process.env.SEND_LINK_MIN_MS, SMTP_URL: process.env.SMTP_URL };

/** The `worker` service's command in docker-compose.yml, and npm's `worker` script, which must agree. */
function workerCommand() {
  const compose = fs.readFileSync("docker-compose.yml", "utf8");
  const service = compose.slice(compose.indexOf("\n  worker:"));
  const command = JSON.parse(/\n    command: (\[.*\])/.exec(service)![1]!) as string[];
  const npmScript = (JSON.parse(fs.readFileSync("package.json", "utf8")) as { scripts: Record<string, string> }).scripts.worker;
  return { command, npmScript };
}

/** The worker's output so far, and a promise for the first line matching a pattern. */
function watchOutput(child: ChildProcess) {
  let output = "";
  const waiters: { pattern: RegExp; resolve: () => void }[] = [];
  const onData = (chunk: Buffer) => {
    output += chunk.toString();
    for (const w of waiters.filter((w) => w.pattern.test(output))) w.resolve();
  };
  child.stdout!.on("data", onData);
  child.stderr!.on("data", onData);
  return {
    get text() {
      return output;
    },
    waitFor: (pattern: RegExp) =>
      pattern.test(output)
        ? Promise.resolve()
        : new Promise<void>((resolve, reject) => {
            waiters.push({ pattern, resolve });
            child.once("exit", (code) => reject(new Error(`worker exited (${code}) before printing ${pattern}:\n${output}`)));
          }),
  };
}

// The worker needs PostgreSQL (the embedded database is worked by the portal itself); the global
// set-up names a run database only when a server was reachable.
const describeWithPostgres = process.env.TEST_DB_NAME ? describe : describe.skip;

describeWithPostgres("npm run worker, as a separate process", () => {
  let databaseUrl: string;

  beforeAll(async () => {
    databaseUrl = await createTestDatabase(dbName);
    // This file's portal side (the route below) uses the same fresh database as the worker.
    await stopJobQueue();
    await closeDb();
    process.env.DATABASE_URL = databaseUrl;
    process.env.SEND_LINK_MIN_MS = "0";
    resetEnvCache();
    await seedDemo(await getDb());
  });

  afterAll(async () => {
    await stopJobQueue();
    await closeDb();
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
    resetEnvCache();
    await dropTestDatabases(dbName);
  });

  it("is the same command in docker-compose and npm run worker", () => {
    const { command, npmScript } = workerCommand();
    expect(command.join(" ").replace("node_modules/.bin/tsx", "tsx")).toBe(npmScript);
  });

  it("delivers a sign-in link over SMTP, woken at once, and on SIGTERM finishes the job in hand and exits 0", async () => {
    let accept!: () => void;
    const smtp = await startSmtpServer({ acceptAfter: new Promise<void>((resolve) => (accept = resolve)) });
    const [bin, ...args] = workerCommand().command;
    const worker = spawn(bin!, args, {
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl,
        APP_ENV: "test",
        SMTP_URL: smtp.url,
        WORKER_IN_PROCESS: "false",
        // Polls once at start and then only every minute: delivery within this test's time means
        // NOTIFY woke the worker, as it wakes the in-process one.
        WORKER_POLL_MS: "60000",
        NODE_OPTIONS: "",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const exited = new Promise<number | null>((resolve) => worker.once("exit", (code) => resolve(code)));
    const output = watchOutput(worker);
    try {
      await output.waitFor(/\[worker\] working jobs/);

      const res = await sendLink(jsonRequest("/api/send-link", { ...human, ...contact }));
      expect(res.status).toBe(200);

      // The worker has the message in hand: the SMTP server holds its answer until `accept`.
      await smtp.waitForMessages(1);
      expect(smtp.received[0]).toMatchObject({ to: [contact.email] });
      expect(smtp.received[0]!.text).toMatch(/\/api\/enter\/[A-Za-z0-9_-]{43}/);

      worker.kill("SIGTERM");
      await output.waitFor(/\[worker\] SIGTERM: finishing the jobs in hand/);
      accept();
      expect(await exited).toBe(0);
      expect(output.text).toContain("[worker] stopped");

      // It finished the job, not abandoned it: completed, audited, sealed token cleared.
      const queue = await getJobQueue();
      const [job] = await queue.boss.findJobs("sign-in-link.send");
      expect(job).toMatchObject({ state: "completed", retryCount: 0 });
      const db = await getDb();
      const [token] = await db.select().from(signInTokens).where(eq(signInTokens.email, contact.email));
      expect(token!.sealedToken).toBeNull();
      const audit = await db.select().from(auditEntries).where(eq(auditEntries.action, "Email sent: sign-in link"));
      expect(audit).toHaveLength(1);
    } finally {
      accept();
      if (worker.exitCode === null) worker.kill("SIGKILL");
      await smtp.close();
    }
  }, 50_000);
});
