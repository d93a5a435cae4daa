// The retention sweep (job evidence.delete-expired) on a clock moved 7 years on: evidence of a check
// completed more than EVIDENCE_RETENTION_YEARS ago is deleted (rows and bytes) with an audit entry;
// a check completed later, or not at all, keeps everything.
//
// The sweep runs inside a transaction rolled back at the end, so that the demo directors of this
// worker's database (whose checks the moved clock also puts past the period) are left as they were.
// Their bytes, if any, are not under this file's temporary DATA_DIR.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { getDb, type Db } from "@/db";
import { auditEntries, directorAddresses, directorChecks, directorFiles, directorMedia, directors } from "@/db/schema";
import { jobDefinitions } from "@/lib/jobs/definitions";
import { deleteExpiredEvidenceJob, retentionCutoff } from "@/lib/jobs/definitions/delete-expired-evidence";
import { jobSchedules } from "@/lib/jobs/schedules";
import { resetStorage } from "@/lib/integrations/storage";
import { applyYotiSession } from "@/lib/server/identity-check/apply-yoti-session";
import { insertAddress, insertCheck, insertClientWithDirectors, insertFile, insertMedia } from "../support/factories";
import { setupTestDb } from "./support/setup-test-db";

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "evidence-retention-it-"));
setupTestDb({ env: { DATA_DIR: tmp, EVIDENCE_RETENTION_YEARS: "7" } });
beforeAll(() => resetStorage());
afterAll(() => {
  jest.useRealTimers();
  resetStorage();
  fs.rmSync(tmp, { recursive: true, force: true });
});

const DAY = 86_400_000;

/** Fakes the clock (Date only: timers, ticks and I/O run as usual) at `at`. */
function clockAt(at: Date) {
  jest.useFakeTimers({
    now: at,
    doNotFake: ["nextTick", "setImmediate", "clearImmediate", "setTimeout", "clearTimeout", "setInterval", "clearInterval", "queueMicrotask", "hrtime", "performance"],
  });
}

class Rollback extends Error {}

/** Runs `fn` in a transaction that is always rolled back. */
async function rolledBack(fn: (tx: Db) => Promise<void>) {
  const db = await getDb();
  await expect(
    db.transaction(async (tx) => {
      await fn(tx as unknown as Db);
      throw new Rollback();
    }),
  ).rejects.toBeInstanceOf(Rollback);
}

const run = (db: Db) => deleteExpiredEvidenceJob.run({}, { db, jobId: "retention-test", attempt: 1 });

async function evidenceOf(db: Db, directorId: number) {
  const [director] = await db.select().from(directors).where(eq(directors.id, directorId));
  return {
    evidenceDeletedAt: director!.evidenceDeletedAt,
    formerNames: director!.formerNames,
    files: (await db.select().from(directorFiles).where(eq(directorFiles.directorId, directorId))).length,
    media: (await db.select().from(directorMedia).where(eq(directorMedia.directorId, directorId))).length,
    checks: (await db.select().from(directorChecks).where(eq(directorChecks.directorId, directorId))).length,
    addresses: (await db.select().from(directorAddresses).where(eq(directorAddresses.directorId, directorId))).length,
  };
}

describe("evidence retention sweep", () => {
  afterEach(() => jest.useRealTimers());

  it("is a job with a daily schedule", () => {
    expect(jobDefinitions.has("evidence.delete-expired")).toBe(true);
    expect(jobSchedules).toContainEqual(expect.objectContaining({ job: "evidence.delete-expired", payload: {} }));
  });

  it("counts whole years back, 29 February to 28 February", () => {
    expect(retentionCutoff(new Date("2033-05-10T08:00:00Z"), 7).toISOString()).toBe("2026-05-10T08:00:00.000Z");
    expect(retentionCutoff(new Date("2031-02-28T08:00:00Z"), 7).toISOString()).toBe("2024-02-28T08:00:00.000Z");
    expect(retentionCutoff(new Date("2032-02-29T08:00:00Z"), 7).toISOString()).toBe("2025-02-28T08:00:00.000Z");
  });

  it("deletes the evidence 7 years after completion, with an audit entry, and keeps a later or unfinished check's", async () => {
    const db = await getDb();
    const completed = new Date();
    const { directors: [old, recent, unfinished] } = await insertClientWithDirectors(db, {
      directors: [
        { status: "Complete", verificationCompletedAt: completed, formerNames: ["Former Name"] },
        { status: "Complete", verificationCompletedAt: new Date(completed.getTime() + 2 * DAY), formerNames: ["Kept Name"] },
        { status: "UnderReview", formerNames: ["Unfinished Name"] },
      ],
    });
    const files: Record<number, string> = {};
    for (const d of [old!, recent!, unfinished!]) {
      const f = await insertFile(db, { directorId: d.id, fileType: "Address", bytes: `%PDF-1.7 ${d.id}` });
      await insertFile(db, { directorId: d.id, fileType: "YotiId", fileName: "yoti-media-x.jpg", bytes: `\xff\xd8\xff ${d.id}` });
      files[d.id] = path.join(tmp, "files", f.storageKey);
      await insertMedia(db, { directorId: d.id });
      await insertCheck(db, { directorId: d.id });
      await insertAddress(db, { directorId: d.id, addressLine1: "1 Old Street", startDate: "2020-01-01", endDate: "2024-01-01" });
    }
    const full = { evidenceDeletedAt: null, files: 2, media: 1, checks: 1, addresses: 1 };

    // One day short of 7 years: nothing goes.
    clockAt(new Date(completed.getTime() + 7 * 365 * DAY));
    await rolledBack(async (tx) => {
      await run(tx);
      expect(await evidenceOf(tx, old!.id)).toMatchObject(full);
    });
    expect(fs.existsSync(files[old!.id]!)).toBe(true);

    // 7 years and a day on.
    const later = new Date(completed.getTime() + (7 * 365 + 3) * DAY);
    clockAt(later);
    await rolledBack(async (tx) => {
      await run(tx);
      expect(await evidenceOf(tx, old!.id)).toEqual({ evidenceDeletedAt: later, formerNames: [], files: 0, media: 0, checks: 0, addresses: 0 });
      expect(await evidenceOf(tx, recent!.id)).toMatchObject({ ...full, formerNames: ["Kept Name"] });
      expect(await evidenceOf(tx, unfinished!.id)).toMatchObject({ ...full, formerNames: ["Unfinished Name"] });
      const audit = await tx.select().from(auditEntries).where(and(eq(auditEntries.directorId, old!.id), eq(auditEntries.action, "EvidenceDeleted")));
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({ auditType: "DirectorModified", user: "system", oldValue: { files: 2, media: 1, checks: 1, addresses: 1 } });
      const [director] = await tx.select().from(directors).where(eq(directors.id, old!.id));
      expect(director).toMatchObject({ name: old!.name, email: old!.email, status: "Complete" });

      // Idempotent: a second run finds nothing more.
      await run(tx);
      expect(await tx.select().from(auditEntries).where(and(eq(auditEntries.directorId, old!.id), eq(auditEntries.action, "EvidenceDeleted")))).toHaveLength(1);
    });
    expect(fs.existsSync(files[old!.id]!)).toBe(false);
    expect(fs.existsSync(files[recent!.id]!)).toBe(true);
    expect(fs.existsSync(files[unfinished!.id]!)).toBe(true);
  });

  it("starts the clock at every ended check: a rejected first attempt the director then abandons, and an expired link", async () => {
    const db = await getDb();
    const checkedAt = new Date(Date.UTC(2026, 0, 10, 12));
    const { directors: [rejected, expired] } = await insertClientWithDirectors(db, {
      directors: [
        { status: "AwaitingIDInfo", sessionID: `s-${Math.random()}`, formerNames: ["Abandoned Name"] },
        { status: "AwaitingIDInfo", sessionID: `s-${Math.random()}`, sessionExpiry: new Date(checkedAt.getTime() - 2 * 60 * 60_000) },
      ],
    });
    const session = (d: { id: number; sessionID: string | null }, recommendation: "REJECT" | null) => ({
      sessionId: d.sessionID!,
      state: recommendation ? "COMPLETED" : "EXPIRED",
      userTrackingId: String(d.id),
      checks: recommendation ? [{ id: `c-${d.id}`, type: "LIVENESS", state: "DONE", recommendation }] : [],
      media: [],
      documents: [],
    });
    expect(await applyYotiSession(db, session(rejected!, "REJECT") as never, "webhook", checkedAt)).toMatchObject({ applied: true, outcome: "rejected" });
    expect(await applyYotiSession(db, session(expired!, null) as never, "webhook", checkedAt)).toMatchObject({ applied: true, outcome: "expired" });
    for (const d of [rejected!, expired!]) {
      const [row] = await db.select().from(directors).where(eq(directors.id, d.id));
      expect(row!.verificationCompletedAt).toEqual(checkedAt);
    }
    // The first attempt failed and was never retried: its evidence goes when the period ends.
    await insertFile(db, { directorId: rejected!.id, fileType: "YotiId", fileName: "yoti-media-x.jpg", bytes: `\xff\xd8\xff ${rejected!.id}` });
    clockAt(new Date(checkedAt.getTime() + (7 * 365 + 3) * DAY));
    await rolledBack(async (tx) => {
      await run(tx);
      expect(await evidenceOf(tx, rejected!.id)).toMatchObject({ files: 0, checks: 0, formerNames: [] });
    });
  });
});
