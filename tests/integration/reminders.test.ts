// The reminder schedule on a moved clock, against a database of its own (a run reminds everyone due
// in the database, so the demo data and other files' rows must not be there): days 0 to 15 after
// the invitations, each day run three times (two runs at once and the job), exactly the expected
// emails; and a separate worker process SIGKILL-ed in the middle of a run, then restarted, still
// reminds each person once.
import { spawn, type ChildProcess } from "node:child_process";
import { eq, inArray, sql } from "drizzle-orm";
import pg from "pg";
import { closeDb, getDb } from "@/db";
import { auditEntries, clients, directors, type Director, type NewClient, type NewDirector } from "@/db/schema";
import { resetEnvCache } from "@/lib/env";
import { getJobQueue, stopJobQueue } from "@/lib/jobs/queue";
import { sendJob } from "@/lib/jobs/send-job";
import { workDueJobs } from "@/lib/jobs/work-due-jobs";
import { sendDueReminders } from "@/lib/server/reminders/send-due-reminders";
import { createTestDatabase, dropTestDatabases } from "../setup/test-databases.mjs";
import { insertAuditEntries, insertClientWithDirectors } from "../support/factories";
import { startSmtpServer } from "./support/smtp";

const dbName = `dvp_reminders_${Date.now()}_${process.pid}`;
const saved = { DATABASE_URL: process.env.DATABASE_URL, SMTP_URL: process.env.SMTP_URL, REMINDER_DAYS: process.env.REMINDER_DAYS };
const describeWithPostgres = process.env.TEST_DB_NAME ? describe : describe.skip;

const DAY = 24 * 60 * 60 * 1000;
/** Day 0: invitations go out at noon UK time on a winter Monday (no clock change in the next 15 days). */
const day0 = new Date("2025-01-06T12:00:00Z");
/** The reminder run's time on day n: 09:43, as scheduled. */
const runAt = (n: number) => new Date(day0.getTime() + n * DAY - (2 * 60 + 17) * 60 * 1000);

/** Individuals, each with the invitation their invitation job audits (unless `invitedOn` is null). */
async function company(options: { client?: Partial<NewClient>; people: (Partial<NewDirector> & { invitedOn?: number | null })[] }) {
  const db = await getDb();
  const made = await insertClientWithDirectors(db, {
    client: { createdAt: day0, status: "InProgress", ...options.client },
    directors: options.people.map(({ invitedOn, ...p }) => ({ createdAt: new Date(day0.getTime() + (invitedOn ?? 0) * DAY), ...p })),
  });
  const invited = made.directors.filter((_, i) => options.people[i]!.invitedOn !== null);
  await insertAuditEntries(
    db,
    invited.map((d, i) => ({
      action: "Email sent: invitation",
      auditType: "Email" as const,
      entityType: "Director",
      entityId: String(d.id),
      clientId: d.clientId,
      directorId: d.id,
      user: "system",
      timestamp: new Date(day0.getTime() + (options.people[made.directors.indexOf(d)]!.invitedOn ?? 0) * DAY + i),
    })),
  );
  return made;
}

/** What an email is, from its subject (the wording lives in messages/en-GB.json). */
function kindOf(subject: string): string {
  if (subject.startsWith("Reminder: please verify")) return "reminder";
  if (subject.startsWith("Reminder: finish your identity check")) return "idv";
  if (subject.includes("what is outstanding")) return "contact";
  return `other: ${subject}`;
}

describeWithPostgres("reminders on pg-boss schedules", () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let databaseUrl: string;

  beforeAll(async () => {
    databaseUrl = await createTestDatabase(dbName);
    await stopJobQueue();
    await closeDb();
    process.env.DATABASE_URL = databaseUrl;
    delete process.env.REMINDER_DAYS;
    smtp = await startSmtpServer();
    process.env.SMTP_URL = smtp.url;
    resetEnvCache();
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
    await dropTestDatabases(dbName);
  });

  it("sends exactly the expected emails on days 0 to 15, however many runs a day, and never to deleted, complete or rejected records", async () => {
    const db = await getDb();
    const queue = await getJobQueue();
    // A company in progress: who is reminded, and who never is.
    const a = await company({
      people: [
        { name: "Not started" },
        { name: "Opened the check", yotiLinkClicked: true },
        { name: "Session expired", status: "IDVLinkExpired", sessionID: "sess-expired" },
        { name: "Complete", status: "Complete" },
        { name: "Rejected", status: "Rejected", yotiLinkClicked: true },
        { name: "Deleted", isDeleted: true, deleteReason: "Left the company" },
        { name: "Under review", status: "UnderReview", yotiLinkClicked: true },
        // Added on day 3 by the contact; invited then.
        { name: "Added later", invitedOn: 3 },
        // From before invitations were audited: counted from when the record was added, which
        // migration 0030 made its invited_at.
        { name: "Imported", invitedOn: null, invitedAt: day0 },
      ],
    });
    // Unpaid card request: the contact is chased, the individuals (not invited yet) are not.
    const b = await company({ client: { status: "PaymentPending", journey: "PayByCard", productTier: "OneOff" }, people: [{ name: "Awaiting payment", invitedOn: null }] });
    // Nobody of a deleted or completed company is reminded.
    const c = await company({ client: { isDeleted: true, deleteReason: "Duplicate request" }, people: [{ name: "Of a deleted company" }] });
    const d = await company({ client: { status: "Completed" }, people: [{ name: "Done", status: "Complete" }] });
    const [notStarted, opened, expired, , , , , addedLater, imported] = a.directors as Director[];

    // Who hears what, on which day: individuals on days 2, 5 and 10 after their invitation (the
    // one added on day 3: 5, 8, 13); the contact of A once someone is outstanding past day 10
    // (day 11, then 3 days later); the contact of the unpaid request on days 2, 5 and 10.
    const expected = new Map<number, string[]>();
    const add = (days: number[], who: string, kind: string) => days.forEach((n) => expected.set(n, [...(expected.get(n) ?? []), `${who} ${kind}`].sort()));
    for (const p of [notStarted!, imported!]) add([2, 5, 10], p.email, "reminder");
    for (const p of [opened!, expired!]) add([2, 5, 10], p.email, "idv");
    add([5, 8, 13], addedLater!.email, "reminder");
    add([11, 14], a.client.mainContactEmail, "contact");
    add([2, 5, 10], b.client.mainContactEmail, "contact");

    for (let n = 0; n <= 15; n++) {
      const now = runAt(n);
      // Two runs at once (two workers), then the job itself an hour later the same day.
      const runs = await Promise.all([sendDueReminders({ db, now, batchSize: 2 }), sendDueReminders({ db, now, batchSize: 2 })]);
      await sendJob(db, "reminders.send", { now: new Date(now.getTime() + 3600_000).toISOString(), batchSize: 3 });
      await workDueJobs(queue);
      const sent = smtp.received.splice(0).map((m) => `${m.to.join(",")} ${kindOf(m.subject)}`).sort();
      expect({ day: n, sent }).toEqual({ day: n, sent: expected.get(n) ?? [] });
      expect(runs.reduce((sum, r) => sum + r.director + r.idv + r.contact, 0)).toBe(sent.length);
    }

    // Counted and dated as sent, and each email audited as sent.
    const people = await db.select().from(directors).where(inArray(directors.clientId, [a.client.id, b.client.id, c.client.id, d.client.id]));
    const byName = Object.fromEntries(people.map((p) => [p.name, p]));
    expect(byName["Not started"]).toMatchObject({ reminderCount: 3, idvReminderCount: 0, lastReminderDate: runAt(10) });
    expect(byName["Opened the check"]).toMatchObject({ reminderCount: 0, idvReminderCount: 3, lastIDVReminderDate: runAt(10) });
    expect(byName["Added later"]).toMatchObject({ reminderCount: 3, lastReminderDate: runAt(13) });
    for (const never of ["Complete", "Rejected", "Deleted", "Under review", "Awaiting payment", "Of a deleted company", "Done"]) {
      expect({ never, count: byName[never]!.reminderCount + byName[never]!.idvReminderCount }).toEqual({ never, count: 0 });
    }
    const companies = await db.select().from(clients).where(inArray(clients.id, [a.client.id, b.client.id, c.client.id, d.client.id]));
    expect(companies.map((x) => [x.id, x.reminderCount, x.lastReminderDate])).toEqual(
      expect.arrayContaining([
        [a.client.id, 2, runAt(14)],
        [b.client.id, 3, runAt(10)],
        [c.client.id, 0, null],
        [d.client.id, 0, null],
      ]),
    );
    const audits = await db
      .select({ action: auditEntries.action })
      .from(auditEntries)
      .where(sql`${auditEntries.auditType} = 'Email' and ${auditEntries.action} like 'Email sent: %reminder'`);
    expect(audits).toHaveLength([...expected.values()].flat().length);
  }, 120_000);

  it("reminds each person once when the worker is SIGKILL-ed in the middle of a run and started again", async () => {
    const db = await getDb();
    const queue = await getJobQueue();
    const start = new Date(day0.getTime() + 100 * DAY);
    // Everyone of the first test is done with by now, but for A's contact's third summary: these
    // people are told apart by their company.
    const e = await insertClientWithDirectors(db, { client: { createdAt: start, status: "InProgress" }, directors: Array.from({ length: 20 }, () => ({ createdAt: start, invitedAt: start })) });
    const ids = e.directors.map((p) => p.id).sort((x, y) => x - y);
    const now = new Date(start.getTime() + 2 * DAY);

    // The test holds the 11th individual's row: the worker commits two batches of 5, then waits on it.
    const holder = new pg.Client({ connectionString: databaseUrl });
    await holder.connect();
    await holder.query("begin");
    await holder.query("select id from directors where id = $1 for update", [ids[10]]);

    const workers: ChildProcess[] = [];
    const startWorker = () => {
      // Node itself with tsx's loader, not the tsx command: that runs the worker as its child, so a
      // SIGKILL sent to it left the worker running on (the test's "dead" worker went on working).
      const worker = spawn(process.execPath, ["--import", "tsx", "--import", "./scripts/lib/server-only-hook.mjs", "scripts/worker.ts"], {
        env: { ...process.env, DATABASE_URL: databaseUrl, APP_ENV: "test", SMTP_URL: smtp.url, WORKER_IN_PROCESS: "false", WORKER_POLL_MS: "500", NODE_OPTIONS: "" },
        stdio: ["ignore", "pipe", "pipe"],
      });
      let output = "";
      worker.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
      worker.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
      workers.push(worker);
      const exited = new Promise<number | null>((resolve) => worker.once("exit", (code) => resolve(code)));
      return { worker, exited, output: () => output, alive: () => worker.exitCode === null && worker.signalCode === null };
    };
    const until = async (what: string, check: () => Promise<boolean>, worker: { output: () => string; alive: () => boolean }) => {
      for (let i = 0; i < 600 && worker.alive(); i++) {
        if (await check()) return;
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(`gave up waiting for ${what}; the worker said:\n${worker.output()}`);
    };
    const claimed = async () => (await db.select({ id: directors.id }).from(directors).where(sql`${directors.clientId} = ${e.client.id} and ${directors.reminderCount} > 0`)).length;

    try {
      const first = startWorker();
      await sendJob(db, "reminders.send", { now: now.toISOString(), batchSize: 5 });
      // Mid-run: two batches committed, the third waiting on the held row.
      await until("two committed batches and a waiting third", async () => {
        const waiting = await db.execute(sql`select 1 from pg_locks l join pg_stat_activity a on a.pid = l.pid where not l.granted and a.datname = current_database()`);
        return (await claimed()) === 10 && (waiting as unknown as { rows: unknown[] }).rows.length > 0;
      }, first);
      first.worker.kill("SIGKILL");
      expect(await first.exited).toBeNull();
      await holder.query("rollback");
      expect(await claimed()).toBe(10);

      // pg-boss takes the dead worker's jobs as lost once they expire: as if that time had passed.
      await db.execute(sql`update pgboss.job set started_on = now() - interval '2 hours' where state = 'active'`);
      await queue.boss.supervise("reminders.send");
      await queue.boss.supervise("email.send");
      await db.execute(sql`update pgboss.job set start_after = now() where state = 'retry'`);

      const second = startWorker();
      await until("the run and its emails to finish", async () => {
        const open = await db.execute(sql`select 1 from pgboss.job where state < 'completed' and name in ('reminders.send', 'email.send')`);
        return (open as unknown as { rows: unknown[] }).rows.length === 0;
      }, second);
      second.worker.kill("SIGTERM");
      expect(await second.exited).toBe(0);

      const rows = await db.select().from(directors).where(eq(directors.clientId, e.client.id));
      expect(rows.map((r) => r.reminderCount)).toEqual(rows.map(() => 1));
      // One email each: one job per person and day (SMTP may see a message again if the worker
      // died while sending it, with the same Message-ID so the receiver can tell).
      const mine = new Set(rows.map((r) => r.email));
      const messages = new Map<string, Set<string>>();
      for (const m of smtp.received.filter((m) => mine.has(m.to[0]!))) messages.set(m.to[0]!, (messages.get(m.to[0]!) ?? new Set()).add(m.messageId));
      expect([...messages.keys()].sort()).toEqual([...mine].sort());
      expect([...messages.values()].map((s) => s.size)).toEqual(rows.map(() => 1));
      const jobs = await queue.boss.findJobs("email.send", { data: { about: { clientId: e.client.id } } });
      expect(jobs.map((j) => j.singletonKey).sort()).toEqual(ids.map((id) => `reminder:${id}:2025-04-18`).sort());
      expect(jobs.every((j) => j.state === "completed")).toBe(true);
      const audited = await db.select({ directorId: auditEntries.directorId }).from(auditEntries).where(sql`${auditEntries.clientId} = ${e.client.id} and ${auditEntries.action} = 'Email sent: reminder'`);
      expect(new Set(audited.map((x) => x.directorId))).toEqual(new Set(ids));
    } finally {
      await holder.end().catch(() => {});
      for (const w of workers) if (w.exitCode === null && w.signalCode === null) w.kill("SIGKILL");
    }
  }, 180_000);
});

