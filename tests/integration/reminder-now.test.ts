// "Send reminder now" on the admin's client page: POST /api/admin/director-verification/clients/{id}/remind.
import { eq } from "drizzle-orm";
import { POST as remindRoute } from "@/app/api/admin/director-verification/clients/[id]/remind/route";
import { getDb } from "@/db";
import { auditEntries, clients, directors } from "@/db/schema";
import { failedJobsQueue, getJobQueue } from "@/lib/jobs/queue";
import { workDueJobs } from "@/lib/jobs/work-due-jobs";
import { ukDate } from "@/lib/server/reminders/claim-reminders";
import messages from "@/messages/en-GB.json";
import { insertClientWithDirectors } from "../support/factories";
import { apiRequest, routeParams } from "./support/requests";
import { setupTestDb } from "./support/setup-test-db";
import { asAdmin, asContact } from "./support/test-users";

setupTestDb();

// The emails queued here are sent before the next file of this worker runs, which may count due jobs.
afterAll(async () => {
  await workDueJobs(await getJobQueue(), { names: ["email.send", failedJobsQueue] });
});

function remind(clientId: number, body: object, headers = asAdmin()) {
  return remindRoute(apiRequest(`/api/admin/director-verification/clients/${clientId}/remind`, { method: "POST", headers, body }), routeParams({ id: clientId }));
}

async function jobKeys(clientId: number) {
  const jobs = await (await getJobQueue()).boss.findJobs("email.send", { data: { about: { clientId } } });
  return jobs.map((j) => j.singletonKey).sort();
}

describe("POST /api/admin/director-verification/clients/{id}/remind", () => {
  it("reminds an individual or the contact now, counted and dated, once a day, and never a deleted, complete or rejected record", async () => {
    const db = await getDb();
    const { client, directors: people } = await insertClientWithDirectors(db, {
      client: { status: "InProgress" },
      directors: [{}, { yotiLinkClicked: true }, { status: "Complete" }, { status: "Rejected" }, { isDeleted: true, deleteReason: "Left the company" }],
    });
    const [fresh, opened, complete, rejected, deleted] = people;
    const today = ukDate(new Date());

    let res = await remind(client.id, { directorId: fresh!.id });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ sent: "director" });
    res = await remind(client.id, { directorId: opened!.id });
    expect(await res.json()).toEqual({ sent: "idv" });
    res = await remind(client.id, {});
    expect(await res.json()).toEqual({ sent: "contact" });

    // Once a day per person.
    res = await remind(client.id, { directorId: fresh!.id });
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ message: messages.apiErrors.reminder_already_sent_today });
    expect((await remind(client.id, {})).status).toBe(409);
    // Never these.
    for (const person of [complete, rejected, deleted]) {
      res = await remind(client.id, { directorId: person!.id });
      expect(res.status).toBe(409);
      expect(await res.json()).toMatchObject({ message: messages.apiErrors.reminder_not_applicable });
    }

    expect(await jobKeys(client.id)).toEqual([`contact-reminder:${client.id}:${today}`, `idv-reminder:${opened!.id}:${today}`, `reminder:${fresh!.id}:${today}`].sort());
    const [f] = await db.select().from(directors).where(eq(directors.id, fresh!.id));
    expect(f).toMatchObject({ reminderCount: 1, idvReminderCount: 0, lastReminderDate: expect.any(Date) });
    const [o] = await db.select().from(directors).where(eq(directors.id, opened!.id));
    expect(o).toMatchObject({ reminderCount: 0, idvReminderCount: 1, lastIDVReminderDate: expect.any(Date) });
    const [c] = await db.select().from(clients).where(eq(clients.id, client.id));
    expect(c).toMatchObject({ reminderCount: 1, lastReminderDate: expect.any(Date) });

    // Each email, once sent, is audited on the client's record.
    await workDueJobs(await getJobQueue(), { names: ["email.send"] });
    const audit = await db.select({ action: auditEntries.action, auditType: auditEntries.auditType }).from(auditEntries).where(eq(auditEntries.clientId, client.id));
    expect(audit.filter((a) => a.auditType === "Email").map((a) => a.action).sort()).toEqual(["Email sent: contact reminder", "Email sent: identity-check reminder", "Email sent: reminder"]);
  });

  it("answers 404 for another client's individual or an unknown client, 403 to a contact, and sends nothing", async () => {
    const db = await getDb();
    const a = await insertClientWithDirectors(db, { directors: 1 });
    const b = await insertClientWithDirectors(db, { directors: 1 });
    expect((await remind(a.client.id, { directorId: b.directors[0]!.id })).status).toBe(404);
    expect((await remind(999_999_999, {})).status).toBe(404);
    expect((await remind(a.client.id, {}, asContact(a.client))).status).toBe(403);
    expect((await remind(a.client.id, { directorId: "x" })).status).toBe(400);
    expect(await jobKeys(a.client.id)).toEqual([]);
    expect(await jobKeys(b.client.id)).toEqual([]);
  });

  it("does not remind the individuals of an unpaid request (they are not invited yet), but does its contact", async () => {
    const db = await getDb();
    const { client, directors: people } = await insertClientWithDirectors(db, { client: { status: "PaymentPending", journey: "PayByCard" }, directors: 1 });
    expect((await remind(client.id, { directorId: people[0]!.id })).status).toBe(409);
    expect(await (await remind(client.id, {})).json()).toEqual({ sent: "contact" });
  });
});
