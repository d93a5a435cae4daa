import { eq, inArray, sql } from "drizzle-orm";
import { getDb } from "@/db";
import { auditEntries, jobs, notifications } from "@/db/schema";
import { resetEnvCache } from "@/lib/env";
import { enqueueJob } from "@/lib/jobs/enqueue-job";
import { backoffMs, runDueJobs } from "@/lib/jobs/run-due-jobs";
import type { JobPayloads } from "@/lib/jobs/types";
import { startSmtpServer } from "./support/smtp";

function email(n: string): JobPayloads["email.send"] {
  return { to: `person${n}@example.co.uk`, subject: `Subject ${n}`, text: `Body ${n}`, html: `<p>Body ${n}</p>`, about: { entityType: "Client", entityId: `job-test-${n}`, purpose: "test" } };
}

async function useSmtp(url: string) {
  process.env.SMTP_URL = url;
  resetEnvCache();
}

async function jobByKey(key: string) {
  const db = await getDb();
  const [job] = await db.select().from(jobs).where(eq(jobs.idempotencyKey, key));
  return job!;
}

afterEach(async () => {
  delete process.env.SMTP_URL;
  resetEnvCache();
  // Leave no due work behind for the next test.
  await (await getDb()).execute(sql`update jobs set status = 'done' where status in ('pending', 'running')`);
});

describe("outbox jobs", () => {
  it("delivers an email over SMTP exactly once and audits it", async () => {
    const smtp = await startSmtpServer();
    try {
      await useSmtp(smtp.url);
      const db = await getDb();
      await enqueueJob(db, "email.send", email("a"), { idempotencyKey: "t-a" });
      await enqueueJob(db, "email.send", email("a"), { idempotencyKey: "t-a" });
      expect(await runDueJobs(db, { workerId: "test" })).toBe(1);
      expect(await runDueJobs(db, { workerId: "test" })).toBe(0);

      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0]).toMatchObject({ to: ["persona@example.co.uk"], subject: "Subject a", text: "Body a" });
      const job = await jobByKey("t-a");
      expect(job).toMatchObject({ status: "done", attempts: 1, lastError: null });
      expect(smtp.received[0]!.messageId).toBe(`<job-${job.id}@localhost>`);
      const audit = await db.select().from(auditEntries).where(eq(auditEntries.entityId, "job-test-a"));
      expect(audit).toEqual([expect.objectContaining({ auditType: "Email", user: "system" })]);
      expect(JSON.stringify(audit[0]!.newValue)).not.toContain("Body a");
    } finally {
      await smtp.close();
    }
  });

  it("retries with backoff, then fails for good with an EmailError audit and one notification", async () => {
    const smtp = await startSmtpServer({ rejectWith: "mailbox unavailable" });
    try {
      await useSmtp(smtp.url);
      const db = await getDb();
      await enqueueJob(db, "email.send", email("b"), { idempotencyKey: "t-b", maxAttempts: 2 });
      await runDueJobs(db, { workerId: "test" });
      let job = await jobByKey("t-b");
      expect(job).toMatchObject({ status: "pending", attempts: 1 });
      expect(job.lastError).toMatch(/mailbox unavailable/);
      expect(job.runAt.getTime()).toBeGreaterThan(Date.now() + 1000);

      // Not due yet: nothing happens.
      expect(await runDueJobs(db, { workerId: "test" })).toBe(0);
      await runDueJobs(db, { workerId: "test", now: new Date(job.runAt.getTime() + 1) });
      job = await jobByKey("t-b");
      expect(job).toMatchObject({ status: "failed", attempts: 2 });
      const audit = await db.select().from(auditEntries).where(eq(auditEntries.entityId, "job-test-b"));
      expect(audit.map((a) => a.auditType)).toEqual(["EmailError"]);
      const notes = await db.select().from(notifications).where(eq(notifications.dedupeKey, `job-${job.id}-failed`));
      expect(notes).toHaveLength(1);
    } finally {
      await smtp.close();
    }
  });

  it("takes over a job whose worker died mid-run", async () => {
    const smtp = await startSmtpServer();
    try {
      await useSmtp(smtp.url);
      const db = await getDb();
      await enqueueJob(db, "email.send", email("c"), { idempotencyKey: "t-c" });
      await db.update(jobs).set({ status: "running", lockedAt: new Date(Date.now() - 10 * 60_000), lockedBy: "dead", attempts: 1 }).where(eq(jobs.idempotencyKey, "t-c"));
      expect(await runDueJobs(db, { workerId: "alive" })).toBe(1);
      expect(await jobByKey("t-c")).toMatchObject({ status: "done", attempts: 2, lockedBy: "alive" });
      expect(smtp.received).toHaveLength(1);
    } finally {
      await smtp.close();
    }
  });

  it("lets two workers run side by side without delivering anything twice", async () => {
    const smtp = await startSmtpServer();
    try {
      await useSmtp(smtp.url);
      const db = await getDb();
      const keys = Array.from({ length: 12 }, (_, i) => `t-d${i}`);
      for (const [i, key] of keys.entries()) await enqueueJob(db, "email.send", email(`d${i}`), { idempotencyKey: key });
      const drain = async (workerId: string) => {
        while ((await runDueJobs(db, { workerId, batchSize: 3 })) > 0);
      };
      await Promise.all([drain("w1"), drain("w2")]);
      expect(smtp.received).toHaveLength(12);
      expect(new Set(smtp.received.map((m) => m.subject)).size).toBe(12);
      const done = await db.select().from(jobs).where(inArray(jobs.idempotencyKey, keys));
      expect(done.every((j) => j.status === "done" && j.attempts === 1)).toBe(true);
    } finally {
      await smtp.close();
    }
  });

  it("backs off exponentially up to an hour", () => {
    const mid = () => 0.5;
    expect(backoffMs(1, mid)).toBe(5_000);
    expect(backoffMs(2, mid)).toBe(10_000);
    expect(backoffMs(5, mid)).toBe(80_000);
    expect(backoffMs(30, mid)).toBe(3_600_000);
  });
});
