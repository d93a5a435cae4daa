// One person, many companies (issue 20 item 5), against the Companies House simulator run as its own
// process and real PostgreSQL: a person's records at other clients are found by the register's
// officer id where both records know one, else by verified name and month and year of birth; and a
// person verified here before confirms it and re-enters their personal code instead of a second
// identity check, through the status machine, audited on both records, at no second charge.
import { randomUUID } from "node:crypto";
import { and, desc, eq, sql } from "drizzle-orm";
import { getDb } from "@/db";
import { auditEntries, clients, companiesHouseBudget, companiesHouseCache, directors, notifications, personLinks, registerChecks, type Director, type NewClient, type NewDirector } from "@/db/schema";
import { PATCH as ownDirectorPatch } from "@/app/api/director-verification/director/route";
import { POST as priorRoute } from "@/app/api/director-verification/director/prior-verification/route";
import { resetEnvCache } from "@/lib/env";
import { officersOf, seedCompanies } from "@/lib/integrations/companies-house/simulator/register";
import type { YotiSession } from "@/lib/integrations/yoti";
import { getJobQueue } from "@/lib/jobs/queue";
import { workDueJobs } from "@/lib/jobs/work-due-jobs";
import { getOwnPriorVerification } from "@/lib/server/companies-house/person-prior-offer";
import { listRegisterFindings } from "@/lib/server/companies-house/register-check-findings";
import { readPersonalCode } from "@/lib/server/directors/personal-code-keys";
import { applyYotiSession } from "@/lib/server/identity-check/apply-yoti-session";
import messages from "@/messages/en-GB.json";
import { completeDetails, insertClientWithDirectors } from "../support/factories";
import { startSimulatorProcess, type SimulatorProcess } from "./contracts/companies-house-simulator";
import { apiRequest, jsonRequest } from "./support/requests";
import { setupTestDb } from "./support/setup-test-db";
import { adminPrincipal, asDirector } from "./support/test-users";

setupTestDb();

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
});

const NORTHGATE = "13579246";
const FERNLEIGH = "10984562";
const O_BRIEN_OFFICER = (() => {
  const officer = officersOf(seedCompanies.find((c) => c.number === NORTHGATE)!).find((o) => o.name === "O'BRIEN, Siobhan Mary")!;
  return officer.links.officer.appointments.split("/")[2]!;
})();

async function oneDirector(client: Partial<NewClient>, values: Partial<NewDirector>) {
  const { client: c, directors: [d] } = await insertClientWithDirectors(await getDb(), { client: { status: "InProgress", ...client }, directors: [{ ...completeDetails(), ...values }] });
  return { client: c, director: d! };
}
const reload = async (id: number): Promise<Director> => (await (await getDb()).select().from(directors).where(eq(directors.id, id)))[0]!;
const work = async () => workDueJobs(await getJobQueue(), { names: ["register.check"] });

/** A passed identity check whose document reads `fullName`, born `dateOfBirth`; then the register check. */
async function passCheck(director: Director, fullName: string, dateOfBirth: string) {
  const db = await getDb();
  const sessionId = randomUUID();
  await db.update(directors).set({ sessionID: sessionId }).where(eq(directors.id, director.id));
  const session: YotiSession = {
    sessionId,
    state: "COMPLETED",
    userTrackingId: String(director.id),
    checks: [{ id: randomUUID(), type: "ID_DOCUMENT_AUTHENTICITY", state: "DONE", recommendation: "APPROVE" }],
    media: [{ id: randomUUID(), type: "JSON", source: "id_document.fields" }],
    documents: [{ resourceId: randomUUID(), documentType: "PASSPORT", fullName, dateOfBirth }],
  };
  expect(await applyYotiSession(db, session, "webhook")).toMatchObject({ applied: true });
  await work();
}

/** The individual enters their personal code at its step (Complete). */
async function enterCode(director: Director, code: string) {
  const res = await ownDirectorPatch(
    apiRequest("/api/director-verification/director", { method: "PATCH", headers: asDirector(director), body: [{ op: "replace", path: "/companiesHouseCode", value: code }], contentType: "application/json-patch+json" }),
  );
  expect(res.status).toBe(200);
}

const findings = async (id: number) => (await listRegisterFindings({ db: await getDb(), user: adminPrincipal(), directorIds: [id] })).get(id)!;
const confirm = (director: Director, body: unknown) => priorRoute(jsonRequest("/api/director-verification/director/prior-verification", body, { headers: asDirector(director) }));
const auditsOf = async (directorId: number, action: string) =>
  (await getDb())
    .select()
    .from(auditEntries)
    .where(and(eq(auditEntries.directorId, directorId), eq(auditEntries.action, action)))
    .orderBy(auditEntries.id);

describe("a person's records at other clients", () => {
  it("are found by the register's officer id: Siobhan O'Brien at Northgate and at Fernleigh", async () => {
    const a = await oneDirector({ companyId: NORTHGATE, name: `Northgate Property Services Ltd ${randomUUID().slice(0, 4)}` }, { name: "Siobhan O'Brien", firstName: "Siobhan", lastName: "O'Brien" });
    const b = await oneDirector({ companyId: FERNLEIGH, name: "Fernleigh Digital Ltd" }, { name: "Siobhan O'Brien", firstName: "Siobhan", lastName: "O'Brien" });
    // Different names on the two documents: only the officer id makes them one person.
    await passCheck(a.director, "Siobhan Mary O'Brien", "1979-03-21");
    await passCheck(b.director, "Siobhan O'Brien", "1979-03-21");
    expect((await reload(a.director.id)).registerOfficerId).toBe(O_BRIEN_OFFICER);
    expect((await reload(b.director.id)).registerOfficerId).toBe(O_BRIEN_OFFICER);

    const ofA = await findings(a.director.id);
    expect(ofA.otherRecords).toEqual([expect.objectContaining({ directorId: b.director.id, clientId: b.client.id, clientName: "Fernleigh Digital Ltd", status: "AwaitingAuthCode", matchedBy: "officerId" })]);
    expect(ofA.otherRecords[0]!.verifiedAt).toBeInstanceOf(Date);
    expect((await findings(b.director.id)).otherRecords.map((o) => o.directorId)).toEqual([a.director.id]);

    // A deleted record, or a deleted client, is nobody's other record.
    const db = await getDb();
    await db.update(directors).set({ isDeleted: true, deleteReason: "Left" }).where(eq(directors.id, b.director.id));
    expect((await findings(a.director.id)).otherRecords).toEqual([]);
    await db.update(directors).set({ isDeleted: false }).where(eq(directors.id, b.director.id));
    await db.update(clients).set({ isDeleted: true, deleteReason: "Gone" }).where(eq(clients.id, b.client.id));
    expect((await findings(a.director.id)).otherRecords).toEqual([]);
  });

  it("are found by verified name and month and year of birth where the register gives no officer id", async () => {
    const tag = randomUUID().slice(0, 6);
    const surname = `Clarke${tag.replace(/\d/g, "x")}`;
    const one = await oneDirector({ companyId: null, name: "First Client Ltd" }, { name: `Zoë ${surname}` });
    const two = await oneDirector({ companyId: null, name: "Second Client Ltd" }, { name: `Zoe ${surname}` });
    const older = await oneDirector({ companyId: null, name: "Third Client Ltd" }, { name: `Zoe ${surname}` });
    const other = await oneDirector({ companyId: null, name: "Fourth Client Ltd" }, { name: `Zoe ${surname}`, registerOfficerId: `someone-else-${tag}` });
    await passCheck(one.director, `ZOË ANNE ${surname.toUpperCase()}`, "1985-05-02");
    await passCheck(two.director, `Zoe ${surname}`, "1985-05-30");
    await passCheck(older.director, `Zoe ${surname}`, "1986-05-30");
    await passCheck(other.director, `Zoe ${surname}`, "1985-05-30");
    expect((await (await getDb()).select().from(registerChecks).where(eq(registerChecks.directorId, one.director.id)))[0]).toMatchObject({ outcome: "not_on_register", companyNumber: null });

    const found = (await findings(one.director.id)).otherRecords;
    // The same month and year and the same name (accents, case and a middle name aside); not the
    // one born a year later; and the one with an officer id counts too, as one side has none.
    expect(found.map((o) => [o.clientName, o.matchedBy]).sort()).toEqual([
      ["Fourth Client Ltd", "nameAndBirth"],
      ["Second Client Ltd", "nameAndBirth"],
    ]);
    expect((await findings(older.director.id)).otherRecords).toEqual([]);
  });
});

describe("a person verified here before, invited for another company", () => {
  /** Siobhan O'Brien verified at Northgate, with her personal code: the earlier verification. */
  async function verifiedAtNorthgate(code: string) {
    const prior = await oneDirector({ companyId: NORTHGATE, name: "Northgate Property Services Ltd" }, { name: "Siobhan O'Brien", firstName: "Siobhan", lastName: "O'Brien", email: `siobhan-${randomUUID()}@northgate.example` });
    await passCheck(prior.director, "Siobhan Mary O'Brien", "1979-03-21");
    await enterCode(prior.director, code);
    expect((await reload(prior.director.id)).status).toBe("Complete");
    return prior;
  }

  /** Invited at Fernleigh, picked from its register on the request form (its officer id). */
  const invitedAtFernleigh = (client: Partial<NewClient> = {}, values: Partial<NewDirector> = {}) =>
    oneDirector({ companyId: FERNLEIGH, name: "Fernleigh Digital Ltd", ...client }, { name: "Siobhan O'Brien", firstName: null, lastName: null, addressLine1: null, registerOfficerId: O_BRIEN_OFFICER, registerRole: "director", ...values });

  it("confirms it and re-enters the code instead of a second identity check: Complete, linked and audited on both records, at no second charge", async () => {
    const code = "SOB12345678";
    const prior = await verifiedAtNorthgate(code);
    const { client, director } = await invitedAtFernleigh();
    const db = await getDb();

    const offer = await getOwnPriorVerification({ db, user: { type: "DV_Director", email: director.email, clientId: client.id, directorId: director.id, via: "test-user" } });
    expect(offer).toEqual({ companyName: "Northgate Property Services Ltd", verifiedAt: (await reload(prior.director.id)).checkPassedAt });

    // The checkbox, and the earlier verification's own code.
    expect((await confirm(director, { confirm: false, companiesHouseCode: code })).status).toBe(400);
    const wrong = await confirm(director, { confirm: true, companiesHouseCode: "WRONG123456" });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ fields: { companiesHouseCode: ["priorCodeMismatch"] } });
    expect(await auditsOf(director.id, "Personal code did not match the earlier verification")).toHaveLength(1);
    expect((await reload(director.id)).status).toBe("AwaitingIDInfo");

    const res = await confirm(director, { confirm: true, companiesHouseCode: "sob1 2345 678" });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, status: "Complete" });
    const row = await reload(director.id);
    expect(row).toMatchObject({ status: "Complete", priceOverride: 0, priceOverrideReason: "Verified with us before, for Northgate Property Services Ltd: no second charge", sessionID: null });
    expect(row.checkPassedAt).not.toBeNull();
    expect(readPersonalCode(row)).toBe(code);

    // The link, both ids, audited on both records; the status moved through the machine's event.
    expect(await db.select().from(personLinks).where(eq(personLinks.directorId, director.id))).toEqual([expect.objectContaining({ linkedDirectorId: prior.director.id, matchedBy: "officerId" })]);
    expect((await auditsOf(director.id, "Verified through an earlier verification of the same person"))[0]).toMatchObject({ newValue: { directorId: director.id, linkedDirectorId: prior.director.id, linkedClientId: prior.client.id } });
    expect((await auditsOf(prior.director.id, "Linked to another record of the same person"))[0]).toMatchObject({ clientId: prior.client.id, newValue: { directorId: director.id, linkedDirectorId: prior.director.id } });
    const moves = await auditsOf(director.id, "Changed status");
    expect(moves.map((m) => [m.oldValue, m.newValue])).toEqual([
      [{ status: "AwaitingIDInfo" }, expect.objectContaining({ status: "AwaitingAuthCode", event: "priorVerificationConfirmed" })],
      [{ status: "AwaitingAuthCode" }, expect.objectContaining({ status: "Complete", event: "codeEntered" })],
    ]);
    // No second charge: the client's full price is now the other individual's only (none here).
    expect((await db.select({ fullPrice: clients.fullPrice }).from(clients).where(eq(clients.id, client.id)))[0]!.fullPrice).toBe(0);

    // Staff see how the record was verified, and the register check runs on the earlier document.
    expect((await findings(director.id)).verifiedThrough).toMatchObject({ directorId: prior.director.id, clientName: "Northgate Property Services Ltd", matchedBy: "officerId" });
    await work();
    expect((await db.select().from(registerChecks).where(eq(registerChecks.directorId, director.id)).orderBy(desc(registerChecks.id)))[0]).toMatchObject({
      outcome: "matched",
      companyNumber: FERNLEIGH,
      verifiedName: "Siobhan Mary O'Brien",
      verifiedFrom: "document",
    });

    // Done: nothing more to confirm.
    expect((await confirm(director, { confirm: true, companiesHouseCode: code })).status).toBe(409);
  });

  it("keeps a price staff set, and tells the admins when the company has already paid", async () => {
    const code = "SOB87654321";
    await verifiedAtNorthgate(code);
    const priced = await invitedAtFernleigh({}, { priceOverride: 2500, priceOverrideReason: "Agreed rate" });
    expect((await confirm(priced.director, { confirm: true, companiesHouseCode: code })).status).toBe(200);
    expect(await reload(priced.director.id)).toMatchObject({ status: "Complete", priceOverride: 2500, priceOverrideReason: "Agreed rate" });

    const paid = await invitedAtFernleigh({ paid: true, journey: "PayByCard" });
    expect((await confirm(paid.director, { confirm: true, companiesHouseCode: code })).status).toBe(200);
    expect(await reload(paid.director.id)).toMatchObject({ status: "Complete", priceOverride: null });
    const told = await (await getDb()).select().from(notifications).where(eq(notifications.directorId, paid.director.id));
    expect(told.map((n) => n.message)).toContain(
      "Siobhan O'Brien (Fernleigh Digital Ltd) was verified with us before, for Northgate Property Services Ltd, and confirmed it instead of a second identity check. Their company had already paid or been invoiced for them: credit the charge if agreed",
    );
  });

  it("is not offered without an earlier completed verification, nor once the journey has moved on", async () => {
    const nobody = await oneDirector({ companyId: FERNLEIGH }, { name: "Robert Finch", registerOfficerId: `finch-${randomUUID()}` });
    expect(await getOwnPriorVerification({ db: await getDb(), user: { type: "DV_Director", email: nobody.director.email, clientId: nobody.client.id, directorId: nobody.director.id, via: "test-user" } })).toBeNull();
    const res = await confirm(nobody.director, { confirm: true, companiesHouseCode: "ABC12345678" });
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ error: "conflict", message: messages.apiErrors.priorVerificationNotOffered });

    // Verified at Northgate, but this record is already under review at Fernleigh.
    const code = "SOB11223344";
    await verifiedAtNorthgate(code);
    const reviewing = await invitedAtFernleigh({}, { status: "UnderReview" });
    expect((await confirm(reviewing.director, { confirm: true, companiesHouseCode: code })).status).toBe(409);
    expect((await reload(reviewing.director.id)).status).toBe("UnderReview");
  });

  it("allows ten codes a day", async () => {
    await verifiedAtNorthgate("SOB99887766");
    const { director } = await invitedAtFernleigh();
    for (let i = 0; i < 10; i++) expect((await confirm(director, { confirm: true, companiesHouseCode: `WRONG${String(i).padStart(6, "0")}` })).status).toBe(400);
    expect((await confirm(director, { confirm: true, companiesHouseCode: "SOB99887766" })).status).toBe(429);
    await (await getDb()).execute(sql`delete from rate_limits where key = ${`prior-code:${director.id}`}`);
    expect((await confirm(director, { confirm: true, companiesHouseCode: "SOB99887766" })).status).toBe(200);
  });
});
