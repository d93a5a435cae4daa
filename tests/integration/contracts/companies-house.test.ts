// The Companies House adapter against the Companies House simulator run as its own process (as
// `npm run sim:companies-house` runs it), over HTTP, with the request budget and the cache in the
// database as in production.
import { eq, sql } from "drizzle-orm";
import { getDb } from "@/db";
import { companiesHouseBudget, companiesHouseCache } from "@/db/schema";
import { parseEnv } from "@/lib/env";
import { chooseCompaniesHouse } from "@/lib/integrations/companies-house";
import { createCompaniesHouseAdapter, type CompaniesHouseAdapterConfig } from "@/lib/integrations/companies-house/companies-house-adapter";
import { CompaniesHouseError } from "@/lib/integrations/companies-house/errors";
import { budgetKey, databaseRateBudget } from "@/lib/integrations/companies-house/rate-budget";
import { databaseResponseCache } from "@/lib/integrations/companies-house/response-cache";
import { startSimulatorProcess, type SimulatorProcess } from "./companies-house-simulator";

let sim: SimulatorProcess;
/** A second simulator that allows a key 3 requests in 2 seconds, for 429s. */
let strict: SimulatorProcess;

beforeAll(async () => {
  [sim, strict] = await Promise.all([
    startSimulatorProcess(),
    startSimulatorProcess({ COMPANIES_HOUSE_SIMULATOR_RATE_LIMIT: "3", COMPANIES_HOUSE_SIMULATOR_RATE_WINDOW_SECONDS: "2" }),
  ]);
});
afterAll(async () => {
  await Promise.all([sim?.stop(), strict?.stop()]);
});
beforeEach(async () => {
  const db = await getDb();
  await db.delete(companiesHouseCache);
  await db.delete(companiesHouseBudget);
  await Promise.all([sim.reset(), strict.reset()]);
});

function adapter(target: SimulatorProcess, overrides: Partial<CompaniesHouseAdapterConfig> & { limit?: number; windowSeconds?: number; apiKey?: string } = {}) {
  const { limit = 600, windowSeconds = 300, apiKey = target.apiKey, ...config } = overrides;
  return createCompaniesHouseAdapter(
    { apiUrl: target.origin, apiKey, cacheSeconds: 3600, maxWaitMs: 15_000, backoffMs: 20, ...config },
    {
      budget: databaseRateBudget({ db: getDb, key: budgetKey(target.origin, apiKey), limit, windowSeconds }),
      cache: databaseResponseCache({ db: getDb }),
    },
  );
}

async function caught(promise: Promise<unknown>): Promise<CompaniesHouseError> {
  const err = await promise.then(() => undefined, (e: unknown) => e);
  expect(err).toBeInstanceOf(CompaniesHouseError);
  return err as CompaniesHouseError;
}

const basic = (key: string) => `Basic ${Buffer.from(`${key}:`).toString("base64")}`;

describe("Companies House adapter against the simulator process", () => {
  describe("company profile", () => {
    it("reads an active company's register entry, by a number typed without its leading zero", async () => {
      const profile = await adapter(sim).getCompanyProfile("9417262");
      expect(profile).toMatchObject({
        companyNumber: "09417262",
        name: "HARTWELL HOLDINGS LIMITED",
        status: "active",
        type: "ltd",
        jurisdiction: "england-wales",
        dateOfCessation: null,
        registeredOfficeAddress: { premises: "14", line1: "Albemarle Street", line2: null, locality: "London", postalCode: "W1S 4HW", country: "England" },
        confirmationStatementOverdue: false,
      });
      expect(profile!.confirmationStatementNextDue).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(Date.parse(profile!.confirmationStatementNextDue!)).toBeGreaterThan(Date.now());
    });

    it("reads an LLP, a dissolved company and an overdue confirmation statement", async () => {
      const ch = adapter(sim);
      expect(await ch.getCompanyProfile("oc428817")).toMatchObject({ companyNumber: "OC428817", type: "llp", status: "active" });
      expect(await ch.getCompanyProfile("08812345")).toMatchObject({ status: "dissolved", dateOfCessation: "2024-06-18", confirmationStatementNextDue: null });
      const overdue = await ch.getCompanyProfile("SC611204");
      expect(overdue).toMatchObject({ jurisdiction: "scotland", confirmationStatementOverdue: true });
      expect(Date.parse(overdue!.confirmationStatementNextDue!)).toBeLessThan(Date.now());
    });

    it("answers null for a company the register does not have (404), and for a number that cannot be one without asking", async () => {
      const raw = await fetch(`${sim.origin}/company/00000001`, { headers: { Authorization: basic(sim.apiKey) } });
      expect(raw.status).toBe(404);
      expect(await raw.json()).toEqual({ errors: [{ error: "company-profile-not-found", type: "ch:service" }] });

      const ch = adapter(sim);
      expect(await ch.getCompanyProfile("00000001")).toBeNull();
      expect(await ch.listOfficers("00000001")).toBeNull();
      expect(await ch.listPscs("00000001")).toBeNull();
      const before = (await sim.stats()).requests;
      expect(await ch.getCompanyProfile("not a number")).toBeNull();
      expect((await sim.stats()).requests).toBe(before);
    });

    it("refuses a bad key with 401 and a non-retryable unauthorized error", async () => {
      const raw = await fetch(`${sim.origin}/company/09417262`, { headers: { Authorization: basic("wrong-key") } });
      expect(raw.status).toBe(401);
      expect((await fetch(`${sim.origin}/company/09417262`)).status).toBe(401);
      const err = await caught(adapter(sim, { apiKey: "wrong-key" }).getCompanyProfile("09417262"));
      expect(err).toMatchObject({ code: "unauthorized", status: 401, retryable: false });
      expect((await sim.stats()).unauthorized).toBe(3);
    });

    it("is what the configuration chooses (COMPANIES_HOUSE_API_URL and _API_KEY)", async () => {
      const env = parseEnv({ APP_ENV: "test", COMPANIES_HOUSE_API_URL: sim.origin, COMPANIES_HOUSE_API_KEY: sim.apiKey });
      expect(await chooseCompaniesHouse(env).getCompanyProfile("13579246")).toMatchObject({ name: "NORTHGATE PROPERTY SERVICES LTD" });
    });
  });

  describe("officers and persons with significant control", () => {
    it("pages through all 120 officers of a company, 100 at a time", async () => {
      const raw = await fetch(`${sim.origin}/company/05123456/officers?items_per_page=35&start_index=105`, { headers: { Authorization: basic(sim.apiKey) } });
      expect(await raw.json()).toMatchObject({ items_per_page: 35, start_index: 105, total_results: 120, active_count: 28, resigned_count: 92 });

      const officers = await adapter(sim).listOfficers("05123456");
      expect(officers).toHaveLength(120);
      expect(new Set(officers!.map((o) => o.officerId)).size).toBe(120);
      expect(officers!.filter((o) => o.active)).toHaveLength(28);
      expect(officers!.filter((o) => o.resignedOn)).toHaveLength(92);
      expect((await sim.stats()).byPath["/company/05123456/officers"]).toBe(2 + 1);
    });

    it("reads officers in people's form: resigned, corporate, LLP members", async () => {
      const ch = adapter(sim);
      const hartwell = await ch.listOfficers("09417262");
      expect(hartwell!.find((o) => o.surname === "Whitaker")).toMatchObject({ name: "WHITAKER, James Edward", displayName: "James Edward Whitaker", forenames: "James Edward", role: "director", corporate: false, active: true, dateOfBirth: { month: 6, year: 1971 } });
      expect(hartwell!.find((o) => o.surname === "Ellis")).toMatchObject({ active: false, resignedOn: "2024-11-30" });
      expect(hartwell!.find((o) => o.corporate)).toMatchObject({ displayName: "ALBEMARLE COMPANY SECRETARIES LIMITED", role: "corporate-secretary", forenames: null, surname: null, dateOfBirth: null });
      // Resigned officers come after the serving ones, as the register lists them.
      expect(hartwell!.findIndex((o) => !o.active)).toBe(hartwell!.length - 1);
      const llp = await ch.listOfficers("OC428817");
      expect(llp!.map((o) => o.role)).toEqual(expect.arrayContaining(["llp-designated-member", "llp-member", "corporate-llp-member"]));
      const fernleigh = await ch.listOfficers("10984562");
      expect(fernleigh!.find((o) => o.surname === "van der Berg")).toMatchObject({ displayName: "Pieter van der Berg" });
    });

    it("gives one person the same officer id in each of their three companies", async () => {
      const ch = adapter(sim);
      const ids = await Promise.all(
        ["13579246", "08812345", "10984562"].map(async (n) => (await ch.listOfficers(n))!.find((o) => o.displayName === "Siobhan Mary O'Brien")!.officerId),
      );
      expect(ids[0]).toMatch(/^[\w-]{10,}$/);
      expect(new Set(ids).size).toBe(1);
      const others = (await ch.listOfficers("09417262"))!.map((o) => o.officerId);
      expect(others).not.toContain(ids[0]);
    });

    it("reads persons with significant control: individuals, ceased, corporate and legal persons", async () => {
      const pscs = await adapter(sim).listPscs("10984562");
      expect(pscs).toHaveLength(4);
      expect(pscs!.find((p) => p.nameElements?.surname === "Patel")).toMatchObject({ displayName: "Ravi Patel", active: false, ceasedOn: "2022-05-01", corporate: false });
      expect(pscs!.find((p) => p.kind === "corporate-entity-person-with-significant-control")).toMatchObject({ name: "KESTREL & WREN TRADING LIMITED", corporate: true, active: false });
      expect(pscs!.find((p) => p.kind === "legal-person-person-with-significant-control")).toMatchObject({ corporate: true, active: true });
      expect(pscs!.find((p) => p.displayName === "Siobhan Mary O'Brien")).toMatchObject({ active: true, naturesOfControl: ["ownership-of-shares-50-to-75-percent", "voting-rights-50-to-75-percent"] });
      expect(await adapter(sim).listPscs("05123456")).toEqual([]);
    });
  });

  it("searches companies by name", async () => {
    const found = await adapter(sim).searchCompanies("hartwell holdings");
    expect(found).toEqual([expect.objectContaining({ companyNumber: "09417262", name: "HARTWELL HOLDINGS LIMITED", status: "active", addressSnippet: "14 Albemarle Street, London, W1S 4HW" })]);
    expect(await adapter(sim).searchCompanies("  ")).toEqual([]);
    expect((await adapter(sim).searchCompanies("limited", { limit: 2 })).length).toBe(2);
  });

  describe("cache", () => {
    it("answers a second time from PostgreSQL without asking the register; maxAgeSeconds 0 asks again", async () => {
      const ch = adapter(sim);
      const path = "/company/11820457";
      expect(await ch.getCompanyProfile("11820457")).toMatchObject({ name: "CALDER & FINCH CONSULTING LTD" });
      expect((await sim.stats()).byPath[path]).toBe(1);
      // Another process (another adapter) finds it in the database too.
      expect(await adapter(sim).getCompanyProfile("11820457")).toMatchObject({ name: "CALDER & FINCH CONSULTING LTD" });
      expect((await sim.stats()).byPath[path]).toBe(1);
      const [row] = await (await getDb()).select().from(companiesHouseCache).where(eq(companiesHouseCache.key, `${sim.origin}${path}`));
      expect(row!.body).toMatchObject({ company_number: "11820457" });

      await ch.getCompanyProfile("11820457", { maxAgeSeconds: 0 });
      expect((await sim.stats()).byPath[path]).toBe(2);
      // Officer lists are cached whole.
      await ch.listOfficers("05123456");
      await ch.listOfficers("05123456");
      expect((await sim.stats()).byPath["/company/05123456/officers"]).toBe(2);
    });

    it("uses no answer older than the cache time", async () => {
      const db = await getDb();
      await adapter(sim).getCompanyProfile("04682913");
      await db.update(companiesHouseCache).set({ fetchedAt: sql`now() - interval '2 hours'` });
      await adapter(sim, { cacheSeconds: 3600 }).getCompanyProfile("04682913");
      expect((await sim.stats()).byPath["/company/04682913"]).toBe(2);
    });
  });

  describe("rate limits and failures", () => {
    it("waits out a 429 until X-Ratelimit-Reset instead of failing", async () => {
      const ch = adapter(strict);
      const started = Date.now();
      const numbers = ["09417262", "11820457", "04682913", "13579246", "OC428817"];
      const names = [];
      for (const n of numbers) names.push((await ch.getCompanyProfile(n, { maxAgeSeconds: 0 }))!.name);
      expect(names).toHaveLength(5);
      const stats = await strict.stats();
      expect(stats.rateLimited).toBeGreaterThanOrEqual(1);
      expect(stats.requests).toBe(5);
      // The fourth request had to wait for the simulator's two-second window to end.
      expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    });

    it("answers 429 with the rate-limit headers beyond the window's budget", async () => {
      for (let i = 0; i < 3; i++) await (await fetch(`${strict.origin}/company/09417262`, { headers: { Authorization: basic(strict.apiKey) } })).body?.cancel();
      const res = await fetch(`${strict.origin}/company/09417262`, { headers: { Authorization: basic(strict.apiKey) } });
      expect(res.status).toBe(429);
      expect(res.headers.get("x-ratelimit-limit")).toBe("3");
      expect(res.headers.get("x-ratelimit-remain")).toBe("0");
      expect(res.headers.get("x-ratelimit-window")).toBe("2s");
      const reset = Number(res.headers.get("x-ratelimit-reset"));
      expect(reset * 1000).toBeGreaterThan(Date.now());
      expect(reset * 1000).toBeLessThanOrEqual(Date.now() + 3000);
    });

    it("gives up with rate_limited when waiting would take longer than the call may wait", async () => {
      const ch = adapter(strict, { maxWaitMs: 50 });
      for (const n of ["09417262", "11820457", "04682913"]) await ch.getCompanyProfile(n, { maxAgeSeconds: 0 });
      expect(await caught(ch.getCompanyProfile("13579246", { maxAgeSeconds: 0 }))).toMatchObject({ code: "rate_limited", retryable: true });
    });

    it("retries 5xx answers with backoff, and says unavailable when they go on", async () => {
      const ch = adapter(sim, { retries: 3 });
      await sim.failNext(503, 502);
      expect(await ch.getCompanyProfile("09876543", { maxAgeSeconds: 0 })).toMatchObject({ name: "ASHCOMBE ENGINEERING LTD" });
      expect((await sim.stats()).failed).toBe(2);
      await sim.failNext(500, 500, 500, 500);
      expect(await caught(ch.getCompanyProfile("09876543", { maxAgeSeconds: 0 }))).toMatchObject({ code: "unavailable", status: 500, retryable: true });
      expect((await sim.stats()).failed).toBe(6);
    });
  });

  describe("the budget shared in PostgreSQL", () => {
    it("counts every process's requests in one row and makes the next one wait for the window", async () => {
      // Two app instances (two adapters) with one key: 4 requests per 2 seconds between them.
      const a = adapter(sim, { limit: 4, windowSeconds: 2 });
      const b = adapter(sim, { limit: 4, windowSeconds: 2 });
      const key = budgetKey(sim.origin, sim.apiKey);
      const started = Date.now();
      await a.getCompanyProfile("09417262", { maxAgeSeconds: 0 });
      await b.getCompanyProfile("11820457", { maxAgeSeconds: 0 });
      await a.getCompanyProfile("04682913", { maxAgeSeconds: 0 });
      await b.getCompanyProfile("13579246", { maxAgeSeconds: 0 });
      const db = await getDb();
      const [row] = await db.select().from(companiesHouseBudget).where(eq(companiesHouseBudget.key, key));
      expect(row!.used).toBe(4);
      expect(Date.now() - started).toBeLessThan(2000);
      // The fifth, from either, waits for the next window.
      await a.getCompanyProfile("OC428817", { maxAgeSeconds: 0 });
      expect(Date.now() - started).toBeGreaterThanOrEqual(1900);
      const [after] = await db.select().from(companiesHouseBudget).where(eq(companiesHouseBudget.key, key));
      expect(after!.used).toBe(1);
      expect(after!.windowStart.getTime()).toBeGreaterThan(row!.windowStart.getTime());
      // The register itself never had to refuse.
      expect((await sim.stats()).rateLimited).toBe(0);
    });

    it("never grants more than the budget to requests made at once", async () => {
      const instances = [adapter(sim, { limit: 3, windowSeconds: 60, maxWaitMs: 200 }), adapter(sim, { limit: 3, windowSeconds: 60, maxWaitMs: 200 })];
      const numbers = ["09417262", "11820457", "04682913", "13579246", "OC428817", "SC611204", "09876543", "SC612345"];
      const results = await Promise.allSettled(numbers.map((n, i) => instances[i % 2]!.getCompanyProfile(n, { maxAgeSeconds: 0 })));
      expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(3);
      for (const r of results.filter((r) => r.status === "rejected")) expect((r as PromiseRejectedResult).reason).toMatchObject({ code: "rate_limited" });
      expect((await sim.stats()).requests).toBe(3);
    });

    it("leaves background work's reserve to others", async () => {
      const background = adapter(sim, { limit: 5, windowSeconds: 60, budgetReserve: 2, maxWaitMs: 100 });
      const person = adapter(sim, { limit: 5, windowSeconds: 60, maxWaitMs: 100 });
      for (const n of ["09417262", "11820457", "04682913"]) await background.getCompanyProfile(n, { maxAgeSeconds: 0 });
      expect(await caught(background.getCompanyProfile("13579246", { maxAgeSeconds: 0 }))).toMatchObject({ code: "rate_limited" });
      await person.getCompanyProfile("13579246", { maxAgeSeconds: 0 });
      await person.getCompanyProfile("OC428817", { maxAgeSeconds: 0 });
      expect(await caught(person.getCompanyProfile("SC611204", { maxAgeSeconds: 0 }))).toMatchObject({ code: "rate_limited" });
    });
  });
});
