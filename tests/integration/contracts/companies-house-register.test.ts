// Clients' register data from Companies House: the server function (refreshClientRegister) and the
// nightly job, against the Companies House simulator run as its own process.
import { and, eq, inArray, like } from "drizzle-orm";
import { getDb } from "@/db";
import { auditEntries, clients, companiesHouseCache } from "@/db/schema";
import type { Principal } from "@/lib/auth/principal";
import { parseEnv, resetEnvCache } from "@/lib/env";
import { chooseCompaniesHouse } from "@/lib/integrations/companies-house";
import { CompaniesHouseError } from "@/lib/integrations/companies-house/errors";
import { jobDefinition } from "@/lib/jobs/definitions";
import { jobSchedules } from "@/lib/jobs/schedules";
import { AppError } from "@/lib/server/app-error";
import { refreshClientRegister } from "@/lib/server/companies-house/refresh-client-register";
import { deleteCreatedRows, insertClient } from "../../support/factories";
import { startSimulatorProcess, type SimulatorProcess } from "./companies-house-simulator";

const admin: Principal = { type: "Admin", email: "admin@portal.example", via: "test-user" };
const contact: Principal = { type: "DV_CompanyContact", email: "olivia.bennett@hartwell-holdings.example", clientId: 1, via: "test-user" };
let sim: SimulatorProcess;
const saved: Record<string, string | undefined> = {};

beforeAll(async () => {
  sim = await startSimulatorProcess();
  for (const [k, v] of Object.entries({ COMPANIES_HOUSE_API_URL: sim.origin, COMPANIES_HOUSE_API_KEY: sim.apiKey })) {
    saved[k] = process.env[k];
    process.env[k] = v;
  }
  resetEnvCache();
});
afterAll(async () => {
  for (const [k, v] of Object.entries(saved)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  resetEnvCache();
  await deleteCreatedRows(await getDb());
  await sim?.stop();
});
beforeEach(async () => {
  await (await getDb()).delete(companiesHouseCache);
  await sim.reset();
});

const companiesHouse = () => chooseCompaniesHouse(parseEnv({ APP_ENV: "test", COMPANIES_HOUSE_API_URL: sim.origin, COMPANIES_HOUSE_API_KEY: sim.apiKey }));
const rowOf = async (id: number) => (await (await getDb()).select().from(clients).where(eq(clients.id, id)))[0]!;
const registerAudit = async (id: number) =>
  (await getDb())
    .select({ action: auditEntries.action, user: auditEntries.user, oldValue: auditEntries.oldValue, newValue: auditEntries.newValue })
    .from(auditEntries)
    .where(and(eq(auditEntries.clientId, id), like(auditEntries.action, "Changed c%")));

describe("refreshClientRegister", () => {
  it("fills an LLP's status, type and confirmation statement date, audited as the admin who asked", async () => {
    const db = await getDb();
    const client = await insertClient(db, { companyId: "oc428817" });
    const result = await refreshClientRegister({ db, user: admin, clientId: client.id, companiesHouse: companiesHouse() });
    expect(result).toEqual({ outcome: "updated", changed: ["companyStatus", "companyType", "confirmationStatementDue"] });
    const row = await rowOf(client.id);
    expect(row).toMatchObject({ companyStatus: "active", companyType: "llp", updatedBy: admin.email });
    expect(row.confirmationStatementDue).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(row.registerCheckedAt).toBeInstanceOf(Date);
    expect(await registerAudit(client.id)).toEqual(
      expect.arrayContaining([
        { action: "Changed companyStatus", user: admin.email, oldValue: { companyStatus: null }, newValue: { companyStatus: "active" } },
        { action: "Changed companyType", user: admin.email, oldValue: { companyType: null }, newValue: { companyType: "llp" } },
      ]),
    );
  });

  it("changes nothing but the check time when the register says the same again (updatedAt kept, nothing audited)", async () => {
    const db = await getDb();
    const client = await insertClient(db, { companyId: "04682913" });
    await refreshClientRegister({ db, user: "system", clientId: client.id, companiesHouse: companiesHouse() });
    const before = await rowOf(client.id);
    const audited = (await registerAudit(client.id)).length;
    const again = await refreshClientRegister({ db, user: "system", clientId: client.id, companiesHouse: companiesHouse(), maxAgeSeconds: 0, now: new Date(Date.now() + 60_000) });
    expect(again).toEqual({ outcome: "updated", changed: [] });
    const after = await rowOf(client.id);
    expect(after.updatedAt.getTime()).toBe(before.updatedAt.getTime());
    expect(after.registerCheckedAt!.getTime()).toBeGreaterThan(before.registerCheckedAt!.getTime());
    expect((await registerAudit(client.id)).length).toBe(audited);
  });

  it("clears the register data of a company the register does not have, and of a number that cannot be one", async () => {
    const db = await getDb();
    const client = await insertClient(db, { companyId: "00000001", companyStatus: "active", companyType: "ltd", confirmationStatementDue: "2026-01-01" });
    expect(await refreshClientRegister({ db, user: "system", clientId: client.id, companiesHouse: companiesHouse() })).toEqual({
      outcome: "not_found",
      changed: ["companyStatus", "companyType", "confirmationStatementDue"],
    });
    expect(await rowOf(client.id)).toMatchObject({ companyStatus: null, companyType: null, confirmationStatementDue: null });
    const typo = await insertClient(db, { companyId: "12-34" });
    expect((await refreshClientRegister({ db, user: "system", clientId: typo.id, companiesHouse: companiesHouse() })).outcome).toBe("not_found");
  });

  it("records a dissolved company as dissolved", async () => {
    const db = await getDb();
    const client = await insertClient(db, { companyId: "08812345", companyStatus: "active" });
    await refreshClientRegister({ db, user: "system", clientId: client.id, companiesHouse: companiesHouse() });
    expect(await rowOf(client.id)).toMatchObject({ companyStatus: "dissolved", confirmationStatementDue: null, updatedBy: "system" });
    expect(await registerAudit(client.id)).toEqual(expect.arrayContaining([{ action: "Changed companyStatus", user: "system", oldValue: { companyStatus: "active" }, newValue: { companyStatus: "dissolved" } }]));
  });

  it("skips a client without a number or deleted, refuses anyone but admins, and throws the register's failures", async () => {
    const db = await getDb();
    const none = await insertClient(db, { companyId: null });
    expect(await refreshClientRegister({ db, user: "system", clientId: none.id, companiesHouse: companiesHouse() })).toEqual({ outcome: "skipped", changed: [] });
    const deleted = await insertClient(db, { companyId: "09417262", isDeleted: true });
    expect((await refreshClientRegister({ db, user: "system", clientId: deleted.id, companiesHouse: companiesHouse() })).outcome).toBe("skipped");
    await expect(refreshClientRegister({ db, user: contact, clientId: none.id, companiesHouse: companiesHouse() })).rejects.toMatchObject({ code: "forbidden" });
    await expect(refreshClientRegister({ db, user: admin, clientId: 999_999_999, companiesHouse: companiesHouse() })).rejects.toBeInstanceOf(AppError);

    const client = await insertClient(db, { companyId: "09417262" });
    const badKey = chooseCompaniesHouse(parseEnv({ APP_ENV: "test", COMPANIES_HOUSE_API_URL: sim.origin, COMPANIES_HOUSE_API_KEY: "not-the-key" }));
    await expect(refreshClientRegister({ db, user: "system", clientId: client.id, companiesHouse: badKey })).rejects.toBeInstanceOf(CompaniesHouseError);
    expect((await rowOf(client.id)).registerCheckedAt).toBeNull();
  });
});

describe("the nightly companies-house.refresh-register job", () => {
  const job = jobDefinition("companies-house.refresh-register");
  const ctx = async () => ({ db: await getDb(), jobId: "test", attempt: 1 });

  it("is scheduled every night", () => {
    expect(jobSchedules).toEqual(expect.arrayContaining([expect.objectContaining({ job: "companies-house.refresh-register", cron: expect.stringMatching(/^\d+ [0-5] \* \* \*$/) })]));
  });

  it("refreshes the live clients with a company number not checked lately, and prunes stale cached answers", async () => {
    const db = await getDb();
    const due = await insertClient(db, { companyId: "SC611204" });
    const recent = await insertClient(db, { companyId: "NI654321", registerCheckedAt: new Date(Date.now() - 3600_000) });
    const stale = await insertClient(db, { companyId: "11820457", registerCheckedAt: new Date(Date.now() - 2 * 86_400_000) });
    await db.insert(companiesHouseCache).values({ key: "https://old.example/company/1", body: {}, fetchedAt: new Date(Date.now() - 2 * 86_400_000) });

    await job.run({}, await ctx());
    expect(await rowOf(due.id)).toMatchObject({ companyStatus: "active", companyType: "ltd" });
    expect((await rowOf(due.id)).registerCheckedAt).toBeInstanceOf(Date);
    expect((await rowOf(recent.id)).companyStatus).toBeNull();
    expect((await rowOf(stale.id)).companyStatus).toBe("active");
    expect(await db.select().from(companiesHouseCache).where(inArray(companiesHouseCache.key, ["https://old.example/company/1"]))).toEqual([]);
    expect((await sim.stats()).byPath["/company/NI654321"]).toBeUndefined();

    // A second run tonight finds nothing left to ask.
    const requests = (await sim.stats()).requests;
    await job.run({}, await ctx());
    expect((await sim.stats()).requests).toBe(requests);
  });

  it("fails the run when Companies House refuses the key", async () => {
    const db = await getDb();
    await insertClient(db, { companyId: "09876543" });
    process.env.COMPANIES_HOUSE_API_KEY = "revoked-key";
    resetEnvCache();
    try {
      await expect(job.run({}, await ctx())).rejects.toMatchObject({ code: "unauthorized" });
    } finally {
      process.env.COMPANIES_HOUSE_API_KEY = sim.apiKey;
      resetEnvCache();
    }
  });
});
