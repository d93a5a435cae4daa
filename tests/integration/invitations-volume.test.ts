// A request's invitations at volume, through the real worker: 300 individuals released at once (in
// one statement), worked by two workers side by side (as two processes would; one on the
// embedded database, which one process owns), in batches of WORKER_BATCH_SIZE with
// WORKER_CONCURRENCY in flight over pooled SMTP connections (SMTP_MAX_CONNECTIONS) to a real SMTP
// server. Every invitation must arrive exactly once; and nobody may get two emails in a day: the
// reminder schedule sends nothing on the day of the invitations, one reminder on its first step,
// and nothing more when run again that day.
//
// On a database of its own: a reminder run reminds everyone due in the database, which must not be
// other files' rows (nor may their reminder counts change under them).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq, inArray, sql } from "drizzle-orm";
import { closeDb, getDatabase, getDb } from "@/db";
import { rowsOf } from "@/db/client";
import { auditEntries } from "@/db/schema";
import { getEnv, resetEnvCache } from "@/lib/env";
import { getJobQueue, openJobQueue, startJobQueue, stopJobQueue, type JobQueue } from "@/lib/jobs/queue";
import { workDueJobs } from "@/lib/jobs/work-due-jobs";
import { ukDate } from "@/lib/server/reminders/claim-reminders";
import { sendDueReminders } from "@/lib/server/reminders/send-due-reminders";
import { invitationJobKey, releaseInvitations } from "@/lib/server/requests/release-invitations";
import { createTestDatabase, dropTestDatabases } from "../setup/test-databases.mjs";
import { insertClientWithDirectors, uniqueTag } from "../support/factories";
import { startSmtpServer } from "./support/smtp";

const PEOPLE = 300;
const DAY = 24 * 60 * 60 * 1000;
const postgres = Boolean(process.env.TEST_DB_NAME);
const dbName = `dvp_inv_volume_${Date.now()}_${process.pid}`;
const dataDir = postgres ? undefined : fs.mkdtempSync(path.join(os.tmpdir(), "dvp-inv-volume-"));
const CONFIG = { WORKER_BATCH_SIZE: "25", WORKER_CONCURRENCY: "5", SMTP_MAX_CONNECTIONS: "3", REMINDER_DAYS: "2,5,10", HOLD_REQUEST_INVITATIONS: "false" };
const saved: Record<string, string | undefined> = {};
for (const k of ["DATABASE_URL", "DATA_DIR", "SMTP_URL", ...Object.keys(CONFIG)]) saved[k] = process.env[k];

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

beforeAll(async () => {
  smtp = await startSmtpServer();
  await stopJobQueue();
  await closeDb();
  if (postgres) process.env.DATABASE_URL = await createTestDatabase(dbName);
  else {
    delete process.env.DATABASE_URL;
    process.env.DATA_DIR = dataDir;
  }
  Object.assign(process.env, CONFIG, { SMTP_URL: smtp.url });
  resetEnvCache();
  // Sending only: the workers below work the jobs.
  await startJobQueue({ work: false, name: "volume-test" });
});

afterAll(async () => {
  await stopJobQueue();
  await closeDb();
  await smtp.close();
  for (const [k, v] of Object.entries(saved)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  resetEnvCache();
  if (postgres) await dropTestDatabases(dbName);
  else fs.rmSync(dataDir!, { recursive: true, force: true });
});

/** Messages received for each of `emails`, by address. */
function received(emails: string[]) {
  const by = new Map(emails.map((e) => [e, [] as typeof smtp.received]));
  for (const m of smtp.received) for (const to of m.to) by.get(to.toLowerCase())?.push(m);
  return by;
}

/** Resolves once nothing of `name` under `keys` is waiting, running or due for a retry. */
async function drained(name: string, keys: string[], timeoutMs: number) {
  const db = await getDb();
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [row] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from pgboss.job where name = ${name} and state < 'completed' and singleton_key = any(${`{${keys.join(",")}}`}::text[])`));
    if (row!.n === 0) return;
    if (Date.now() > deadline) throw new Error(`${row!.n} ${name} jobs still not done after ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe(`${PEOPLE} invitations at once`, () => {
  it("are each delivered exactly once by two workers in batches over pooled SMTP, and nobody gets two emails in a day", async () => {
    const env = getEnv();
    expect([env.WORKER_BATCH_SIZE, env.WORKER_CONCURRENCY, env.SMTP_MAX_CONNECTIONS]).toEqual([25, 5, 3]);
    const db = await getDb();
    const tag = uniqueTag();
    const { client, directors } = await insertClientWithDirectors(db, {
      client: { status: "InProgress" },
      directors: Array.from({ length: PEOPLE }, (_, i) => ({ name: `Volume Person ${i}`, email: `volume.${i}.${tag}@example.co.uk` })),
    });
    const emails = directors.map((d) => d.email.toLowerCase());
    const ids = directors.map((d) => d.id);

    // The workers, as `npm run worker` starts them (two of them; one process owns the embedded database).
    const handle = await getDatabase();
    const workers: JobQueue[] = [];
    for (const name of postgres ? ["volume-a", "volume-b"] : ["volume-a"]) {
      workers.push(await openJobQueue(handle, { work: true, name, pollMs: 500, batchSize: env.WORKER_BATCH_SIZE, concurrency: env.WORKER_CONCURRENCY }));
    }
    try {
      const t0 = Date.now();
      expect(await db.transaction((tx) => releaseInvitations(tx, { clientId: client.id }))).toBe(PEOPLE);
      await smtp.waitForMessages(PEOPLE);
      await drained("invitation.send", ids.map(invitationJobKey), 60_000);
      // A straggler sent twice would arrive about now.
      await new Promise((r) => setTimeout(r, 500));
      console.log(`[volume] ${PEOPLE} invitations delivered in ${((Date.now() - t0) / 1000).toFixed(1)} s by ${workers.length} worker(s)`);
    } finally {
      for (const w of workers) await w.stop();
    }

    // Exactly once each: one message per person, one message id each, one audit entry each.
    const byAddress = received(emails);
    const counts = [...byAddress.values()].map((m) => m.length);
    expect({ none: counts.filter((c) => c === 0).length, once: counts.filter((c) => c === 1).length, more: counts.filter((c) => c > 1).length }).toEqual({ none: 0, once: PEOPLE, more: 0 });
    expect(new Set([...byAddress.values()].map((m) => m[0]!.messageId)).size).toBe(PEOPLE);
    // Over pooled connections: at most SMTP_MAX_CONNECTIONS open at once (the workers share the
    // process's sender), each carrying up to 100 messages, not one connection a message.
    expect(smtp.connections.maxOpen).toBeLessThanOrEqual(3);
    expect(smtp.connections.opened).toBeLessThanOrEqual(PEOPLE / 10);
    for (const [address, [message]] of byAddress) expect({ address, subject: message!.subject }).toEqual({ address, subject: `Please verify your identity for ${client.name}` });
    const audits = await db.select({ directorId: auditEntries.directorId }).from(auditEntries).where(and(inArray(auditEntries.directorId, ids), eq(auditEntries.action, "Email sent: invitation")));
    expect(audits).toHaveLength(PEOPLE);
    expect(new Set(audits.map((a) => a.directorId)).size).toBe(PEOPLE);

    // The day of the invitations: the reminder schedule sends them nothing.
    const queue = await getJobQueue();
    const today = new Date();
    const sameDay = await sendDueReminders({ db, now: today });
    expect(sameDay.director + sameDay.idv).toBe(0);
    await workDueJobs(queue, { names: ["email.send"] });
    expect([...received(emails).values()].every((m) => m.length === 1)).toBe(true);

    // The first step (REMINDER_DAYS 2): one reminder each; run again that day, nothing more.
    const stepDay = new Date(today.getTime() + 2 * DAY);
    const first = await sendDueReminders({ db, now: stepDay });
    expect(first.director).toBe(PEOPLE);
    await workDueJobs(queue, { names: ["email.send"] });
    const again = await sendDueReminders({ db, now: new Date(stepDay.getTime() + 60 * 60 * 1000) });
    expect(again.director + again.idv).toBe(0);
    await workDueJobs(queue, { names: ["email.send"] });

    const after = received(emails);
    expect([...after.values()].every((m) => m.length === 2)).toBe(true);
    // Each person's two emails are on two UK days: the invitation's and the reminder's.
    const reminderKeys = rowsOf<{ key: string }>(
      await db.execute(sql`select singleton_key as key from pgboss.job where name = 'email.send' and singleton_key like 'reminder:%' and split_part(singleton_key, ':', 2)::int = any(${`{${ids.join(",")}}`}::int[])`),
    ).map((r) => r.key);
    expect(reminderKeys).toHaveLength(PEOPLE);
    expect(new Set(reminderKeys.map((k) => k.split(":")[2]))).toEqual(new Set([ukDate(stepDay)]));
    expect(ukDate(stepDay)).not.toBe(ukDate(today));
  }, 240_000);

  it("waiting in the queue, are not overtaken by a reminder: the reminder run counts from their release", async () => {
    // A request made days ago whose invitations were held for staff, released now; the reminder
    // run comes before the worker has sent them (a backlog of thousands, a worker down).
    const db = await getDb();
    const tag = uniqueTag();
    const made = new Date(Date.now() - 6 * DAY);
    const { client, directors } = await insertClientWithDirectors(db, {
      client: { status: "InProgress", createdAt: made },
      directors: Array.from({ length: 20 }, (_, i) => ({ email: `queued.${i}.${tag}@example.co.uk`, createdAt: made })),
    });
    await db.transaction((tx) => releaseInvitations(tx, { clientId: client.id }));
    const ids = directors.map((d) => d.id);
    const run = await sendDueReminders({ db, now: new Date() });
    const reminded = rowsOf<{ n: number }>(
      await db.execute(sql`select count(*)::int as n from pgboss.job where name = 'email.send' and singleton_key like 'reminder:%' and split_part(singleton_key, ':', 2)::int = any(${`{${ids.join(",")}}`}::int[])`),
    )[0]!.n;
    expect({ reminded, claimed: run.director }).toEqual({ reminded: 0, claimed: 0 });
    // Then the invitations go, one each, and nothing else today.
    await workDueJobs(await getJobQueue(), { names: ["invitation.send", "email.send"] });
    expect([...received(directors.map((d) => d.email.toLowerCase())).values()].map((m) => m.length)).toEqual(ids.map(() => 1));
  }, 120_000);
});
