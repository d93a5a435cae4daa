import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { getDatabase, getDb } from "@/db";
import { openDatabase, rowsOf, type Db } from "@/db/client";
import { auditEntries, notifications, rateLimits, securityEvents, signInTokens } from "@/db/schema";
import { resetEnvCache } from "@/lib/env";
import type { JobPayload } from "@/lib/jobs/definitions";
import { rateLimitRowMaxAgeSeconds } from "@/lib/jobs/definitions/prune-security-data";
import { failedJobsQueue, getJobQueue, openJobQueue, type JobQueue } from "@/lib/jobs/queue";
import { applySchedules, jobSchedules } from "@/lib/jobs/schedules";
import { sendJob } from "@/lib/jobs/send-job";
import { workDueJobs } from "@/lib/jobs/work-due-jobs";
import { startSmtpServer } from "./support/smtp";

function email(n: string): JobPayload<"email.send"> {
  return { to: `person${n}@example.co.uk`, subject: `Subject ${n}`, text: `Body ${n}`, html: `<p>Body ${n}</p>`, about: { entityType: "Client", entityId: `job-test-${n}`, purpose: "test" } };
}

function useSmtp(url: string) {
  process.env.SMTP_URL = url;
  resetEnvCache();
}

async function jobByKey(name: string, key: string, queue?: JobQueue) {
  const [job] = await (queue ?? (await getJobQueue())).boss.findJobs(name, { key });
  return job;
}

/** Makes every job waiting for its retry due now, as if its backoff had passed. */
async function retriesDueNow(db: Db) {
  await db.execute(sql`update pgboss.job set start_after = now() where state = 'retry'`);
}

afterEach(async () => {
  delete process.env.SMTP_URL;
  resetEnvCache();
  // Leave no due work behind for the next test.
  await (await getDb()).execute(sql`delete from pgboss.job where state < 'completed'`);
});

describe("jobs on pg-boss", () => {
  it("delivers an email over SMTP once however often it is sent with the same key, and audits it", async () => {
    const smtp = await startSmtpServer();
    try {
      useSmtp(smtp.url);
      const db = await getDb();
      const id = await sendJob(db, "email.send", email("a"), { key: "t-a" });
      expect(await sendJob(db, "email.send", email("a"), { key: "t-a" })).toBeNull();
      expect(await workDueJobs(await getJobQueue())).toBe(1);
      expect(await workDueJobs(await getJobQueue())).toBe(0);

      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0]).toMatchObject({ to: ["persona@example.co.uk"], subject: "Subject a", text: "Body a" });
      expect(smtp.received[0]!.messageId).toBe(`<job-${id}@localhost>`);
      expect(await jobByKey("email.send", "t-a")).toMatchObject({ id, state: "completed", retryCount: 0 });
      // Still one job after it is done: the key holds while pg-boss keeps the job.
      expect(await sendJob(db, "email.send", email("a"), { key: "t-a" })).toBeNull();
      const audit = await db.select().from(auditEntries).where(eq(auditEntries.entityId, "job-test-a"));
      expect(audit).toEqual([expect.objectContaining({ auditType: "Email", user: "system" })]);
      expect(JSON.stringify(audit[0]!.newValue)).not.toContain("Body a");
    } finally {
      await smtp.close();
    }
  });

  it("retries with backoff, then fails for good with one EmailError audit and one notification", async () => {
    const smtp = await startSmtpServer({ rejectWith: "mailbox unavailable" });
    try {
      useSmtp(smtp.url);
      const db = await getDb();
      const queue = await getJobQueue();
      const id = await sendJob(db, "email.send", email("b"), { key: "t-b" });
      await workDueJobs(queue);
      const first = await jobByKey("email.send", "t-b");
      expect(first).toMatchObject({ state: "retry", retryLimit: 7, retryBackoff: true });
      expect(JSON.stringify(first!.output)).toMatch(/mailbox unavailable/);
      expect(first!.startAfter.getTime()).toBeGreaterThan(Date.now());
      // Not due yet: nothing happens.
      expect(await workDueJobs(queue)).toBe(0);

      for (let attempt = 2; attempt <= 8; attempt++) {
        await retriesDueNow(db);
        expect(await workDueJobs(queue)).toBeGreaterThan(0);
      }
      expect(await jobByKey("email.send", "t-b")).toMatchObject({ state: "failed", retryCount: 7 });
      expect(smtp.received).toHaveLength(0);
      const audit = await db.select().from(auditEntries).where(eq(auditEntries.entityId, "job-test-b"));
      expect(audit.map((a) => a.auditType)).toEqual(["EmailError"]);
      expect((audit[0]!.newValue as { error: string }).error).toMatch(/mailbox unavailable/);
      const notes = await db.select().from(notifications).where(eq(notifications.dedupeKey, `job-${id}-failed`));
      expect(notes).toHaveLength(1);
      const [record] = await queue.boss.findJobs(failedJobsQueue, { data: { about: { entityId: "job-test-b" } } });
      expect(record).toMatchObject({ state: "completed", sourceName: "email.send", sourceId: id });
    } finally {
      await smtp.close();
    }
  });

  it("runs again a job whose worker died mid-run, once pg-boss expires it", async () => {
    const smtp = await startSmtpServer();
    try {
      useSmtp(smtp.url);
      const db = await getDb();
      const queue = await getJobQueue();
      await sendJob(db, "email.send", email("c"), { key: "t-c" });
      // A worker fetches the job and dies: it never completes it.
      const [taken] = await queue.boss.fetch("email.send");
      expect(taken).toBeDefined();
      expect(await workDueJobs(queue)).toBe(0);
      await db.execute(sql`update pgboss.job set started_on = now() - interval '1 hour' where id = ${taken!.id}`);
      await queue.boss.supervise("email.send");
      await retriesDueNow(db);
      expect(await workDueJobs(queue)).toBe(1);
      expect(await jobByKey("email.send", "t-c")).toMatchObject({ state: "completed", retryCount: 1 });
      expect(smtp.received).toHaveLength(1);
    } finally {
      await smtp.close();
    }
  });

  it("lets two workers run side by side without delivering anything twice", async () => {
    const smtp = await startSmtpServer();
    try {
      useSmtp(smtp.url);
      const db = await getDb();
      const queue = await getJobQueue();
      for (let i = 0; i < 12; i++) await sendJob(db, "email.send", email(`d${i}`), { key: `t-d${i}` });
      const [a, b] = await Promise.all([workDueJobs(queue), workDueJobs(queue)]);
      expect(a + b).toBe(12);
      expect(smtp.received).toHaveLength(12);
      expect(new Set(smtp.received.map((m) => m.subject)).size).toBe(12);
    } finally {
      await smtp.close();
    }
  });

  it("checks the payload when a job is sent, and writes nothing for a bad one", async () => {
    const db = await getDb();
    await expect(
      db.transaction(async (tx) => {
        await tx.insert(rateLimits).values({ key: "t-invalid-payload" });
        await sendJob(tx, "email.send", { ...email("e"), subject: "" }, { key: "t-e" });
      }),
    ).rejects.toThrow();
    expect(await jobByKey("email.send", "t-e")).toBeUndefined();
    expect(await db.select().from(rateLimits).where(eq(rateLimits.key, "t-invalid-payload"))).toEqual([]);
  });

  it("checks the payload again when the job is worked, and fails it without a failure record naming nobody", async () => {
    const db = await getDb();
    const queue = await getJobQueue();
    // As if sent by an older release whose payload no longer fits the schema.
    const id = await queue.boss.send("email.send", { to: "x@example.co.uk" }, { retryLimit: 0 });
    await workDueJobs(queue);
    const [job] = await queue.boss.findJobs("email.send", { id: id! });
    expect(job).toMatchObject({ state: "failed" });
    expect(JSON.stringify(job!.output)).toMatch(/subject/);
    const [record] = await queue.boss.findJobs(failedJobsQueue, { data: { to: "x@example.co.uk" } });
    expect(record).toMatchObject({ state: "completed", sourceId: id });
    expect(await db.select().from(notifications).where(eq(notifications.dedupeKey, `job-${id}-failed`))).toEqual([]);
  });

  it("sends a job with the transaction of the change: rolled back, no job; committed, one job (PostgreSQL)", async () => {
    const db = await getDb();
    await expect(
      db.transaction(async (tx) => {
        await sendJob(tx, "email.send", email("f"), { key: "t-f" });
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    expect(await jobByKey("email.send", "t-f")).toBeUndefined();
    await db.transaction((tx) => sendJob(tx, "email.send", email("f"), { key: "t-f" }));
    expect(await jobByKey("email.send", "t-f")).toMatchObject({ state: "created" });
  });

  it("sends a job with the transaction of the change on the embedded database too", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "dvp-jobs-pglite-"));
    const handle = await openDatabase({ dataDir: dir });
    const queue = await openJobQueue(handle, { work: false, name: "test-embedded" });
    try {
      await expect(
        handle.db.transaction(async (tx) => {
          await sendJob(tx, "email.send", email("g"), { key: "t-g", queue });
          throw new Error("the change failed");
        }),
      ).rejects.toThrow("the change failed");
      expect(await jobByKey("email.send", "t-g", queue)).toBeUndefined();
      await handle.db.transaction((tx) => sendJob(tx, "email.send", email("g"), { key: "t-g", queue }));
      expect(await jobByKey("email.send", "t-g", queue)).toMatchObject({ state: "created" });
    } finally {
      await queue.stop();
      await handle.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("scheduled clean-up", () => {
  it("is scheduled by every working queue, and a schedule no longer listed is removed", async () => {
    const queue = await getJobQueue();
    await queue.boss.schedule("email.send", "0 0 1 1 *", email("s"));
    await applySchedules(queue.boss);
    const schedules = await queue.boss.getSchedules();
    // pg-boss lists schedules in its own order (by name), not the order of jobSchedules.
    const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);
    expect(schedules.map((s) => ({ name: s.name, cron: s.cron, tz: s.timezone })).sort(byName)).toEqual(
      jobSchedules.map((s) => ({ name: s.job, cron: s.cron, tz: s.tz ?? "UTC" })).sort(byName),
    );
    expect(schedules.map((s) => s.name)).toContain("maintenance.prune-security-data");
  });

  it("is kept by a working queue unless WORKER_SCHEDULES turns it off", async () => {
    const handle = await getDatabase();
    const sender = await getJobQueue();
    for (const s of await sender.boss.getSchedules()) await sender.boss.unschedule(s.name, s.key);
    const quiet = await openJobQueue(handle, { work: true, name: "test-unscheduled", schedules: false });
    await quiet.stop();
    expect(await sender.boss.getSchedules()).toEqual([]);
    const scheduling = await openJobQueue(handle, { work: true, name: "test-scheduled" });
    await scheduling.stop();
    expect((await sender.boss.getSchedules()).map((s) => s.name).sort()).toEqual(jobSchedules.map((s) => s.job as string).sort());
  });

  it("deletes rate-limit windows long over and security events past the retention period, and nothing else", async () => {
    process.env.SECURITY_EVENT_RETENTION_DAYS = "30";
    resetEnvCache();
    const db = await getDb();
    const ago = (seconds: number) => new Date(Date.now() - seconds * 1000);
    await db.insert(rateLimits).values([
      { key: "prune:old", count: 3, windowStart: ago(rateLimitRowMaxAgeSeconds + 60) },
      { key: "prune:current", count: 3, windowStart: ago(60) },
    ]);
    const [oldEvent, recentEvent] = await db
      .insert(securityEvents)
      .values([
        { event: "RateLimited", actor: "prune-old@example.co.uk", timestamp: ago(31 * 86400) },
        { event: "RateLimited", actor: "prune-recent@example.co.uk", timestamp: ago(29 * 86400) },
      ])
      .returning({ id: securityEvents.id });
    const [expiredLink] = await db
      .insert(signInTokens)
      .values({ tokenHash: "prune-test-hash", userType: "DV_Director", email: "prune@example.co.uk", expiresAt: ago(60), sealedToken: "sealed.never.sent" })
      .returning({ id: signInTokens.id });
    try {
      await sendJob(db, "maintenance.prune-security-data", {});
      expect(await workDueJobs(await getJobQueue())).toBe(1);

      const keys = (await db.select().from(rateLimits)).map((r) => r.key);
      expect(keys).toContain("prune:current");
      expect(keys).not.toContain("prune:old");
      const ids = rowsOf<{ id: number }>(await db.execute(sql`select id from security_events where id in (${oldEvent!.id}, ${recentEvent!.id})`)).map((r) => Number(r.id));
      expect(ids).toEqual([recentEvent!.id]);
      const [link] = await db.select().from(signInTokens).where(eq(signInTokens.id, expiredLink!.id));
      expect(link!.sealedToken).toBeNull();

      // Idempotent: a second run finds nothing more to delete.
      await sendJob(db, "maintenance.prune-security-data", {});
      await workDueJobs(await getJobQueue());
      expect((await db.select().from(rateLimits)).map((r) => r.key)).toContain("prune:current");
    } finally {
      delete process.env.SECURITY_EVENT_RETENTION_DAYS;
      resetEnvCache();
      await db.delete(signInTokens).where(eq(signInTokens.id, expiredLink!.id));
    }
  });
});
