// The register check after a passed identity check (issue 20 item 4), against the Companies House
// simulator run as its own process (as `npm run sim:companies-house` runs it) and real PostgreSQL:
// the pass sends the job in its own transaction; the job compares the verified name and month and
// year of birth with the register's officer or PSC entry of the client's company; a mismatch is
// recorded with both values, notified, shown to staff and resolved by them with an audited reason;
// a register that does not answer is retried, and given up with a record and a notification.
import { randomUUID } from "node:crypto";
import { and, desc, eq, sql } from "drizzle-orm";
import { getDb } from "@/db";
import { auditEntries, companiesHouseBudget, companiesHouseCache, directors, notifications, registerChecks, type Director, type NewClient, type NewDirector } from "@/db/schema";
import { POST as resolveRoute } from "@/app/api/admin/director-verification/directors/[id]/register-checks/[checkId]/resolve/route";
import { POST as recheckRoute } from "@/app/api/admin/director-verification/directors/[id]/register-checks/route";
import { POST as webhook } from "@/app/api/webhooks/yoti/route";
import { POST as startYoti } from "@/app/api/director-verification/director-verification/start-yoti/route";
import { resetEnvCache } from "@/lib/env";
import { officersOf, seedCompanies } from "@/lib/integrations/companies-house/simulator/register";
import type { YotiSession } from "@/lib/integrations/yoti";
import { expectedAuthorization } from "@/lib/integrations/yoti/notification-auth";
import { jobDefinition } from "@/lib/jobs/definitions";
import { getJobQueue } from "@/lib/jobs/queue";
import { workDueJobs } from "@/lib/jobs/work-due-jobs";
import { listRegisterFindings } from "@/lib/server/companies-house/register-check-findings";
import { decideReview } from "@/lib/server/directors/decide-review";
import { applyYotiSession } from "@/lib/server/identity-check/apply-yoti-session";
import { completeDetails, insertClientWithDirectors } from "../support/factories";
import { startSimulatorProcess, type SimulatorProcess } from "./contracts/companies-house-simulator";
import { apiRequest, jsonRequest, routeParams } from "./support/requests";
import { setupTestDb } from "./support/setup-test-db";
import { adminPrincipal, asAdmin, asContact, asDirector } from "./support/test-users";
import { yotiSimulatorForFile } from "./support/yoti-simulator";

setupTestDb();
const yoti = yotiSimulatorForFile();

let ch: SimulatorProcess;
const saved: Record<string, string | undefined> = {};
beforeAll(async () => {
  ch = await startSimulatorProcess();
  for (const [k, v] of Object.entries({ COMPANIES_HOUSE_API_URL: ch.origin, COMPANIES_HOUSE_API_KEY: ch.apiKey })) {
    saved[k] = process.env[k];
    process.env[k] = v;
  }
  resetEnvCache();
}, 60_000);
afterAll(async () => {
  await ch?.stop();
  for (const [k, v] of Object.entries(saved)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  resetEnvCache();
});
beforeEach(async () => {
  const db = await getDb();
  await db.delete(companiesHouseCache);
  await db.delete(companiesHouseBudget);
  await ch.reset();
});

/** The register's officer id of a seeded officer (the simulator's `links.officer.appointments`). */
function officerIdOf(companyNumber: string, registerName: string): string {
  const company = seedCompanies.find((c) => c.number === companyNumber)!;
  const officer = officersOf(company).find((o) => o.name === registerName)!;
  return officer.links.officer.appointments.split("/")[2]!;
}

async function oneDirector(client: Partial<NewClient>, values: Partial<NewDirector>) {
  const { client: c, directors: [d] } = await insertClientWithDirectors(await getDb(), { client: { status: "InProgress", ...client }, directors: [{ ...completeDetails(), ...values }] });
  return { client: c, director: d! };
}

async function reload(id: number): Promise<Director> {
  return (await (await getDb()).select().from(directors).where(eq(directors.id, id)))[0]!;
}

/** A passed identity check as the provider reports it, reading `fullName` and `dateOfBirth` from the document. */
async function passCheck(director: Director, document: { fullName: string; dateOfBirth?: string }) {
  const db = await getDb();
  const sessionId = randomUUID();
  await db.update(directors).set({ sessionID: sessionId }).where(eq(directors.id, director.id));
  const session: YotiSession = {
    sessionId,
    state: "COMPLETED",
    userTrackingId: String(director.id),
    checks: [{ id: randomUUID(), type: "ID_DOCUMENT_AUTHENTICITY", state: "DONE", recommendation: "APPROVE" }],
    media: [{ id: randomUUID(), type: "JSON", source: "id_document.fields" }],
    documents: [{ resourceId: randomUUID(), documentType: "PASSPORT", issuingCountry: "GBR", ...document }],
  };
  expect(await applyYotiSession(db, session, "webhook")).toMatchObject({ applied: true, outcome: "approved" });
}

const registerJobs = async (directorId: number) =>
  (await (await getJobQueue()).boss.findJobs<{ directorId: number }>("register.check")).filter((j) => j.data.directorId === directorId);
const work = async () => workDueJobs(await getJobQueue(), { names: ["register.check", "jobs.failed"] });

async function checksOf(directorId: number) {
  return (await getDb()).select().from(registerChecks).where(eq(registerChecks.directorId, directorId)).orderBy(desc(registerChecks.id));
}
async function noticesOf(directorId: number) {
  return (await getDb()).select().from(notifications).where(eq(notifications.directorId, directorId));
}
async function auditsOf(directorId: number, action: string) {
  return (await getDb())
    .select()
    .from(auditEntries)
    .where(and(eq(auditEntries.directorId, directorId), sql`${auditEntries.action} like ${`${action}%`}`))
    .orderBy(auditEntries.id);
}

const resolve = (id: number, checkId: number, body: unknown, headers: Record<string, string> = asAdmin()) =>
  resolveRoute(jsonRequest(`/api/admin/director-verification/directors/${id}/register-checks/${checkId}/resolve`, body, { headers }), routeParams({ id, checkId }));

describe("the register check after a passed identity check", () => {
  it("matches Siobhan O'Brien's document with her officer entry at Northgate (accents, case and a middle name aside), and links her record to the officer", async () => {
    const { director } = await oneDirector({ companyId: "13579246", name: "Northgate Property Services Ltd" }, { name: "Siobhan O'Brien", firstName: "Siobhan", lastName: "O'Brien" });
    await passCheck(director, { fullName: "SIOBHAN O’BRIEN", dateOfBirth: "1979-03-21" });

    // Sent by the pass, not run by it: the webhook did not wait for the register.
    expect(await registerJobs(director.id)).toHaveLength(1);
    expect(await checksOf(director.id)).toHaveLength(0);
    expect((await ch.stats()).requests).toBe(0);

    expect(await work()).toBe(1);
    const [check] = await checksOf(director.id);
    expect(check).toMatchObject({
      outcome: "matched",
      companyNumber: "13579246",
      verifiedName: "SIOBHAN O’BRIEN",
      verifiedFrom: "document",
      verifiedBirthMonth: 3,
      verifiedBirthYear: 1979,
      registerName: "Siobhan Mary O'Brien",
      registerRole: "director",
      registerOfficerId: officerIdOf("13579246", "O'BRIEN, Siobhan Mary"),
      registerBirthMonth: 3,
      registerBirthYear: 1979,
      nameResult: "match",
      birthResult: "match",
      attempts: 1,
    });
    expect(await noticesOf(director.id)).toHaveLength(0);
    const row = await reload(director.id);
    expect(row).toMatchObject({ registerOfficerId: check!.registerOfficerId, registerRole: "director", registerAppointedOn: "2021-08-02", registerBirthMonth: 3, registerBirthYear: 1979 });
    expect(await auditsOf(director.id, "Register check: matched")).toHaveLength(1);

    const findings = (await listRegisterFindings({ db: await getDb(), user: adminPrincipal(), directorIds: [director.id] })).get(director.id)!;
    expect(findings).toMatchObject({ pending: false, latest: { outcome: "matched", open: false } });

    // The job run again (a worker lost after its commit) records nothing more.
    const [job] = await registerJobs(director.id);
    await jobDefinition("register.check").run({ directorId: director.id }, { db: await getDb(), jobId: job!.id, attempt: 2 });
    expect(await checksOf(director.id)).toHaveLength(1);
  });

  it("compares with the entry the record is linked to: a different surname is a mismatch, notified with both values, shown to staff and resolved with an audited reason", async () => {
    const officerId = officerIdOf("10984562", "O'BRIEN, Siobhan Mary");
    const { client, director } = await oneDirector(
      { companyId: "10984562", name: "Fernleigh Digital Ltd" },
      { name: "Siobhan O'Brien", firstName: "Siobhan", lastName: "O'Brien", registerOfficerId: officerId, registerRole: "director" },
    );
    await passCheck(director, { fullName: "Siobhan Mary Murphy", dateOfBirth: "1979-03-02" });
    await work();

    const [check] = await checksOf(director.id);
    expect(check).toMatchObject({ outcome: "mismatch", verifiedName: "Siobhan Mary Murphy", registerName: "Siobhan Mary O'Brien", registerOfficerId: officerId, nameResult: "mismatch", birthResult: "match" });
    const notices = await noticesOf(director.id);
    expect(notices).toHaveLength(1);
    expect(notices[0]!.message).toBe(
      "Siobhan O'Brien (Fernleigh Digital Ltd): the Companies House register differs from the identity check. Identity check: Siobhan Mary Murphy, born March 1979. Register: Siobhan Mary O'Brien, born March 1979",
    );
    expect(notices[0]!.link).toBe(`/administration/client-management/${client.id}`);

    // Staff see it open, with both sides.
    const findings = (await listRegisterFindings({ db: await getDb(), user: adminPrincipal(), directorIds: [director.id] })).get(director.id)!;
    expect(findings.latest).toMatchObject({ id: check!.id, open: true, verifiedName: "Siobhan Mary Murphy", registerName: "Siobhan Mary O'Brien", verifiedBirthMonth: 3, registerBirthYear: 1979 });

    // Resolving: a reason of more than 10 characters, staff only; once.
    expect((await resolve(director.id, check!.id, { reason: "Too short" })).status).toBe(400);
    expect((await resolve(director.id, check!.id, { reason: "Married in 2024, certificate seen" }, asContact(client))).status).toBe(403);
    expect((await resolve(director.id + 100_000, check!.id, { reason: "Married in 2024, certificate seen" })).status).toBe(404);
    const reason = "Married in 2024; marriage certificate seen, register to be updated by the company.";
    const res = await resolve(director.id, check!.id, { reason });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true });
    const [resolved] = await checksOf(director.id);
    expect(resolved).toMatchObject({ resolutionReason: reason, resolvedBy: "admin@portal.example" });
    expect(resolved!.resolvedAt).not.toBeNull();
    const audit = await auditsOf(director.id, "Register check resolved");
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ user: "admin@portal.example", oldValue: { outcome: "mismatch", resolved: false }, newValue: { outcome: "mismatch", resolved: true, reason } });
    expect((await resolve(director.id, check!.id, { reason })).status).toBe(409);
    // A mismatch leaves the record's register link as it was.
    expect((await reload(director.id)).registerOfficerId).toBe(officerId);
  });

  it("finds the document's James Whitaker (Yoti simulator) at Hartwell by name, and shows his month and year of birth differ", async () => {
    const { director } = await oneDirector({ companyId: "09417262", name: "Hartwell Holdings Limited" }, { name: "James Whitaker", firstName: "James", lastName: "Whitaker" });
    const started = await startYoti(jsonRequest("/api/director-verification/director-verification/start-yoti", {}, { headers: asDirector(director) }));
    expect(started.status).toBe(200);
    const { sessionID } = await reload(director.id);
    const chosen = await fetch(`${yoti().base}/_simulator/sessions/${sessionID}/outcome`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ outcome: "approve" }) });
    expect(chosen.status).toBe(200);
    await yoti().simulator.idle();
    const notified = await webhook(apiRequest("/api/webhooks/yoti", { method: "POST", headers: { authorization: expectedAuthorization(yoti().webhookToken, "BASIC") }, body: { session_id: sessionID, topic: "session_completion" } }));
    expect(await notified.json()).toEqual({ received: true, applied: true });
    expect((await reload(director.id)).status).toBe("AwaitingAuthCode");

    await work();
    const [check] = await checksOf(director.id);
    // The simulator's document: James Whitaker, 12 April 1978; the register: James Edward Whitaker, June 1971.
    expect(check).toMatchObject({ outcome: "mismatch", verifiedName: "James Whitaker", verifiedBirthMonth: 4, verifiedBirthYear: 1978, registerName: "James Edward Whitaker", registerBirthMonth: 6, registerBirthYear: 1971, nameResult: "match", birthResult: "mismatch" });
    const [notice] = await noticesOf(director.id);
    expect(notice!.message).toContain("Identity check: James Whitaker, born April 1978. Register: James Edward Whitaker, born June 1971");
  });

  it("records an individual the register does not list, and a client without a company number, for staff to resolve", async () => {
    const { director } = await oneDirector({ companyId: "13579246" }, { name: "Oliver Stranger", firstName: "Oliver", lastName: "Stranger" });
    await passCheck(director, { fullName: "Oliver Stranger", dateOfBirth: "1990-01-01" });
    const { director: noNumber } = await oneDirector({ companyId: null }, { name: "Nina Nonumber", firstName: "Nina", lastName: "Nonumber" });
    await passCheck(noNumber, { fullName: "Nina Nonumber", dateOfBirth: "1985-05-05" });
    await work();

    expect((await checksOf(director.id))[0]).toMatchObject({ outcome: "not_on_register", companyNumber: "13579246", registerName: null });
    expect((await noticesOf(director.id))[0]!.message).toContain("not found among the officers and people with significant control of company 13579246");
    expect((await checksOf(noNumber.id))[0]).toMatchObject({ outcome: "not_on_register", companyNumber: null });
    expect((await noticesOf(noNumber.id))[0]!.message).toContain("the client has no company number");
    const [check] = await checksOf(director.id);
    expect((await resolve(director.id, check!.id, { reason: "Appointed last week; the filing is pending." })).status).toBe(200);
  });

  it("matches a person with significant control by their name elements", async () => {
    // Mark Ellis resigned as director of Hartwell and ceased as a PSC: both entries are his.
    const { director } = await oneDirector({ companyId: "09417262" }, { name: "Mark Ellis", firstName: "Mark", lastName: "Ellis" });
    await passCheck(director, { fullName: "Mark Ellis", dateOfBirth: "1966-09-14" });
    await work();
    expect((await checksOf(director.id))[0]).toMatchObject({ outcome: "matched", registerName: "Mark Ellis", registerActive: false, registerBirthMonth: 9, registerBirthYear: 1966 });
  });

  it("is sent by staff's approval of a review too", async () => {
    const { director } = await oneDirector({ companyId: "11820457" }, { name: "Grace Calder", firstName: "Grace", lastName: "Calder", status: "UnderReview" });
    await decideReview({ db: await getDb(), user: adminPrincipal(), id: director.id, decision: "approve", reason: "Document checked by hand, all good." });
    expect(await registerJobs(director.id)).toHaveLength(1);
    await work();
    // No document read: the name she gave is compared, and her month of birth is not known.
    expect((await checksOf(director.id))[0]).toMatchObject({ outcome: "matched", verifiedFrom: "details", verifiedName: "Grace Calder", birthResult: "unknown", registerName: "Grace Elizabeth Calder" });
  });
});

describe("when the register does not answer", () => {
  it("retries the check later, auditing each failed attempt, and records the result of the attempt that gets through", async () => {
    const { director } = await oneDirector({ companyId: "11820457" }, { name: "Daniel Murphy", firstName: "Daniel", lastName: "Murphy" });
    await passCheck(director, { fullName: "Daniel Patrick Murphy", dateOfBirth: "1980-12-09" });
    // The adapter's own retries (1 + 3) all fail: the job's attempt fails.
    await ch.failNext(503, 503, 503, 503);
    await work();
    expect(await checksOf(director.id)).toHaveLength(0);
    const [job] = await registerJobs(director.id);
    expect(job!.state).toBe("retry");
    expect(job!.startAfter.getTime()).toBeGreaterThan(Date.now());
    const failed = await auditsOf(director.id, "Register check: Companies House unavailable");
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({ auditType: "DirectorError", newValue: { attempt: 1, willRetry: true, code: "unavailable" } });
    expect(await noticesOf(director.id)).toHaveLength(0);

    // Its time comes; the register answers.
    await (await getDb()).execute(sql`update pgboss.job set start_after = now() where state = 'retry' and name = 'register.check'`);
    await work();
    expect((await checksOf(director.id))[0]).toMatchObject({ outcome: "matched", attempts: 2, registerName: "Daniel Patrick Murphy" });
  }, 60_000);

  it("after the last attempt records the register as unavailable, tells the admins, and staff can ask for the check again", async () => {
    const { director } = await oneDirector({ companyId: "11820457", name: "Calder & Finch Consulting Ltd" }, { name: "Grace Calder", firstName: "Grace", lastName: "Calder" });
    await passCheck(director, { fullName: "Grace Calder", dateOfBirth: "1982-07-01" });
    const [job] = await registerJobs(director.id);
    // What the failed-jobs queue calls once pg-boss gives up.
    await jobDefinition("register.check").onFailed!({ directorId: director.id }, { db: await getDb(), jobId: job!.id, error: "Companies House unavailable" });
    const [check] = await checksOf(director.id);
    expect(check).toMatchObject({ outcome: "register_unavailable", attempts: 9, verifiedName: "Grace Calder", verifiedBirthYear: 1982, registerName: null });
    const notices = await noticesOf(director.id);
    expect(notices.map((n) => n.message)).toEqual(["Grace Calder (Calder & Finch Consulting Ltd): the Companies House register could not be checked (attempts made: 9). Check it again from the client page"]);

    const again = await recheckRoute(apiRequest(`/api/admin/director-verification/directors/${director.id}/register-checks`, { method: "POST", headers: asAdmin() }), routeParams({ id: director.id }));
    expect(again.status).toBe(200);
    await (await getDb()).execute(sql`delete from pgboss.job where id = ${job!.id}::uuid`);
    await work();
    const [latest] = await checksOf(director.id);
    expect(latest).toMatchObject({ outcome: "matched", registerName: "Grace Elizabeth Calder" });
    expect(await auditsOf(director.id, "Register check asked for again")).toHaveLength(1);
  });

  it("cannot be asked for again before an identity check has passed", async () => {
    const { director } = await oneDirector({ companyId: "11820457" }, {});
    const res = await recheckRoute(apiRequest(`/api/admin/director-verification/directors/${director.id}/register-checks`, { method: "POST", headers: asAdmin() }), routeParams({ id: director.id }));
    expect(res.status).toBe(409);
  });
});
