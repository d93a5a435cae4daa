// Deadline reminders (issue 20) on a moved clock, against a database of its own (a run reminds
// everyone due in the database): the 30-, 14-, 7- and 1-day steps before each person's verify-by
// date once each, on top of the 2/5/10-day reminders and never two emails to one person the same
// day, nothing to people complete, rejected, deleted or under review or without a date, in the
// recipient's language, and the steps again for a new date.
import { eq, inArray } from "drizzle-orm";
import { closeDb, getDb } from "@/db";
import { clients, directors, type Director, type NewClient, type NewDirector } from "@/db/schema";
import { resetEnvCache } from "@/lib/env";
import { getJobQueue, stopJobQueue } from "@/lib/jobs/queue";
import { sendJob } from "@/lib/jobs/send-job";
import { workDueJobs } from "@/lib/jobs/work-due-jobs";
import { sendDueReminders } from "@/lib/server/reminders/send-due-reminders";
import { createTestDatabase, dropTestDatabases } from "../setup/test-databases.mjs";
import { insertAuditEntries, insertClientWithDirectors } from "../support/factories";
import { startSmtpServer, type ReceivedMail } from "./support/smtp";

const dbName = `dvp_deadline_reminders_${Date.now()}_${process.pid}`;
const saved = { DATABASE_URL: process.env.DATABASE_URL, SMTP_URL: process.env.SMTP_URL, REMINDER_DAYS: process.env.REMINDER_DAYS, VERIFY_BY_REMINDER_DAYS: process.env.VERIFY_BY_REMINDER_DAYS };
const describeWithPostgres = process.env.TEST_DB_NAME ? describe : describe.skip;

const DAY = 24 * 60 * 60 * 1000;
/** Day 0: invitations at noon UK time on a winter Monday (no clock change in the next 45 days). */
const day0 = new Date("2025-01-06T12:00:00Z");
const dayOf = (n: number) => new Date(day0.getTime() + n * DAY).toISOString().slice(0, 10);
/** The reminder run's time on day n: 09:43, as scheduled. */
const runAt = (n: number) => new Date(day0.getTime() + n * DAY - (2 * 60 + 17) * 60 * 1000);

/** Individuals invited on day 0, each with the invitation their invitation job audits. */
async function company(client: Partial<NewClient>, people: Partial<NewDirector>[], invitedOn = 0) {
  const db = await getDb();
  const at = new Date(day0.getTime() + invitedOn * DAY);
  const made = await insertClientWithDirectors(db, { client: { createdAt: at, status: "InProgress", ...client }, directors: people.map((p) => ({ createdAt: at, ...p })) });
  await insertAuditEntries(
    db,
    made.directors.map((d, i) => ({
      action: "Email sent: invitation",
      auditType: "Email" as const,
      entityType: "Director",
      entityId: String(d.id),
      clientId: d.clientId,
      directorId: d.id,
      user: "system",
      timestamp: new Date(at.getTime() + i),
    })),
  );
  return made;
}

/** What an email is, from its subject (the wording lives in messages/en-GB.json and cy.json). */
function kindOf(subject: string): string {
  if (subject.startsWith("Verify your identity for") || subject.startsWith("Dilyswch eich hunaniaeth ar gyfer")) return "deadline";
  if (subject.startsWith("Reminder: please verify")) return "reminder";
  if (subject.startsWith("Reminder: finish your identity check")) return "idv";
  if (subject.includes("what is outstanding")) return "contact";
  return `other: ${subject}`;
}

describeWithPostgres("deadline reminders before each person's verify-by date", () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

  beforeAll(async () => {
    const databaseUrl = await createTestDatabase(dbName);
    await stopJobQueue();
    await closeDb();
    process.env.DATABASE_URL = databaseUrl;
    delete process.env.REMINDER_DAYS;
    delete process.env.VERIFY_BY_REMINDER_DAYS;
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

  /** Runs day n three times (two runs at once, then the job) and answers what went, as "<to> <kind>" (or the emails). */
  async function runDay(n: number): Promise<string[]>;
  async function runDay(n: number, raw: true): Promise<ReceivedMail[]>;
  async function runDay(n: number, raw = false): Promise<string[] | ReceivedMail[]> {
    const db = await getDb();
    const now = runAt(n);
    await Promise.all([sendDueReminders({ db, now, batchSize: 2 }), sendDueReminders({ db, now, batchSize: 2 })]);
    await sendJob(db, "reminders.send", { now: new Date(now.getTime() + 3600_000).toISOString(), batchSize: 3 });
    await workDueJobs(await getJobQueue());
    const mails = smtp.received.splice(0);
    return raw ? mails : mails.map((m) => `${m.to.join(",")} ${kindOf(m.subject)}`).sort();
  }

  it("sends the 30, 14, 7 and 1-day steps once each, on top of the 2/5/10-day reminders, never two the same day", async () => {
    const db = await getDb();
    // Verify by day 40: the company's requested date.
    const x = await company({ verifyBy: dayOf(40) }, [
      { name: "Not started" },
      { name: "Code to give", status: "AwaitingAuthCode" },
      { name: "Complete", status: "Complete" },
      { name: "Rejected", status: "Rejected", yotiLinkClicked: true },
      { name: "Deleted", isDeleted: true, deleteReason: "Left the company" },
      { name: "Under review", status: "UnderReview", yotiLinkClicked: true },
      { name: "Welsh", status: "OutstandingIDInfo", locale: "cy" },
    ]);
    // Verify by day 12 (the next confirmation statement): at the first run only the 14-day step
    // is still to come, then 7 and 1; none on the day itself or after.
    const y = await company({ confirmationStatementDue: dayOf(12) }, [{ name: "Soon", status: "OutstandingIDInfo", registerRole: "director", registerAppointedOn: "2018-05-01" }]);
    // No date binds them: the 2/5/10-day reminders alone.
    const z = await company({}, [{ name: "No date" }]);
    const [notStarted, code, , , , , welsh] = x.directors as Director[];
    const soon = y.directors[0]!;
    const noDate = z.directors[0]!;

    const expected = new Map<number, string[]>();
    const add = (days: number[], who: string, kind: string) => days.forEach((n) => expected.set(n, [...(expected.get(n) ?? []), `${who} ${kind}`].sort()));
    // Not started: reminders on days 2 and 5; on day 10 the 30-day step and the third reminder are
    // both due: the deadline goes, the reminder waits its 5 days from it (day 15).
    add([2, 5, 15], notStarted!.email, "reminder");
    add([10, 26, 33, 39], notStarted!.email, "deadline");
    for (const p of [code!, welsh!]) add([10, 26, 33, 39], p.email, "deadline");
    add([0, 5, 11], soon.email, "deadline");
    add([2, 5, 10], noDate.email, "reminder");
    // The contacts: their summary once someone is outstanding past the last step (day 11, then 3 and 5 days on).
    for (const c of [x.client, y.client, z.client]) add([11, 14, 19], c.mainContactEmail, "contact");

    for (let n = 0; n <= 41; n++) {
      const sent = await runDay(n);
      expect({ day: n, sent }).toEqual({ day: n, sent: expected.get(n) ?? [] });
    }

    // Each person's last step and the date it was for; the others untouched.
    const rows = await db.select().from(directors).where(inArray(directors.clientId, [x.client.id, y.client.id, z.client.id]));
    const byName = Object.fromEntries(rows.map((r) => [r.name, r]));
    expect(byName["Not started"]).toMatchObject({ verifyByRemindedFor: dayOf(40), verifyByReminderDays: 1, reminderCount: 3, lastReminderDate: runAt(39) });
    expect(byName["Soon"]).toMatchObject({ verifyByRemindedFor: dayOf(12), verifyByReminderDays: 1 });
    for (const never of ["Complete", "Rejected", "Deleted", "Under review", "No date"]) {
      expect({ never, step: byName[never]!.verifyByReminderDays, for: byName[never]!.verifyByRemindedFor }).toEqual({ never, step: null, for: null });
    }
  }, 240_000);

  it("names the date and the days left, in the recipient's language, and starts again for a new date", async () => {
    const db = await getDb();
    const start = 100;
    const w = await company({ verifyBy: dayOf(start + 14), locale: "cy" }, [{ name: "English", status: "AwaitingAuthCode", locale: "en-GB" }, { name: "Cymraeg", status: "AwaitingAuthCode" }], start);
    const [english, welsh] = w.directors as Director[];
    const people = [english!.email, welsh!.email];
    /** Day n's emails to these two people (their contact's summaries left aside). */
    const theirs = async (n: number) => (await runDay(n, true)).filter((m) => people.includes(m.to[0]!));

    const mails = await theirs(start);
    const to = (who: Director) => mails.filter((m) => m.to.includes(who.email));
    expect([to(english!).length, to(welsh!).length]).toEqual([1, 1]);
    expect(to(english!)[0]!.subject).toBe(`Verify your identity for ${w.client.name} by 30 April 2025`);
    expect(to(english!)[0]!.text).toContain("by 30 April 2025: 14 days from now.");
    expect(to(english!)[0]!.text).toContain(`This is the date ${w.client.name} asked for.`);
    expect(to(welsh!)[0]!.subject).toBe(`Dilyswch eich hunaniaeth ar gyfer ${w.client.name} erbyn 30 Ebrill 2025`);
    expect(to(welsh!)[0]!.text).toContain("14 diwrnod o nawr");

    // The company moves its date 20 days on: nothing while more than 30 days are left, then the
    // 30-day step of the new date, and its 14-day step again, each once.
    await db.update(clients).set({ verifyBy: dayOf(start + 34) }).where(eq(clients.id, w.client.id));
    expect(await theirs(start + 1)).toEqual([]);
    expect((await theirs(start + 4)).map((m) => m.to[0]).sort()).toEqual([...people].sort());
    expect(await theirs(start + 5)).toEqual([]);
    expect((await theirs(start + 20)).map((m) => m.to[0]).sort()).toEqual([...people].sort());
    expect(await theirs(start + 21)).toEqual([]);
  }, 120_000);
});
