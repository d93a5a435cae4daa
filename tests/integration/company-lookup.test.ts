// The request form's Companies House look-ups: GET /api/companies-house/companies/{number} and
// /api/companies-house/search, and the request's own check of the company and its storing of the
// register entries of individuals picked from it, against the Companies House simulator run as its
// own process (as `npm run sim:companies-house` runs it), with the portal's real adapter, budget and
// cache.
import { eq, like } from "drizzle-orm";
import { getDb } from "@/db";
import { clients, companiesHouseCache, directors, rateLimits, securityEvents } from "@/db/schema";
import { GET as lookUpRoute } from "@/app/api/companies-house/companies/[number]/route";
import { GET as searchRoute } from "@/app/api/companies-house/search/route";
import { POST as requestRoute } from "@/app/api/requests/identity-verification/route";
import { CLIENT_ADDRESS_HEADER } from "@/lib/client-address";
import { resetEnvCache } from "@/lib/env";
import { withLocale } from "@/lib/i18n/current-locale";
import { companyLookupLimits } from "@/lib/server/companies-house/lookup-guard";
import type { CompanyLookup } from "@/lib/server/companies-house/lookup-company";
import type { CompanySuggestion } from "@/lib/server/companies-house/search-companies";
import { onboardingRequestInput, trackCreatedClient } from "../support/factories";
import { startSimulatorProcess, type SimulatorProcess } from "./contracts/companies-house-simulator";
import { apiRequest, human, jsonRequest, routeParams } from "./support/requests";
import { setupTestDb } from "./support/setup-test-db";

setupTestDb({ seed: false });

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
  await sim?.stop();
});
beforeEach(async () => {
  await (await getDb()).delete(companiesHouseCache);
  await sim.reset();
});

let callers = 0;
/** Each call from an address of its own unless told (the per-address limit has its own test). */
const freshIp = () => `198.18.20.${++callers}`;

async function lookUp(number: string, ip = freshIp()) {
  const res = await lookUpRoute(apiRequest(`/api/companies-house/companies/${encodeURIComponent(number)}`, { headers: { [CLIENT_ADDRESS_HEADER]: ip } }), routeParams({ number }));
  return { status: res.status, headers: res.headers, body: (await res.json()) as CompanyLookup & { error?: string; message?: string; reason?: string; companyName?: string } };
}

async function search(q: string, ip = freshIp()) {
  const res = await searchRoute(apiRequest(`/api/companies-house/search?${new URLSearchParams({ q })}`, { headers: { [CLIENT_ADDRESS_HEADER]: ip } }));
  return { status: res.status, body: (await res.json()) as { suggestions: CompanySuggestion[]; fields?: Record<string, string[]> } };
}

const names = (lookup: CompanyLookup) => lookup.people.map((p) => p.displayName);

describe("GET /api/companies-house/companies/{number}", () => {
  it("answers the company, its registered office as billing fields, and its current people who are individuals, each once", async () => {
    // Typed without the leading zero.
    const { status, headers, body } = await lookUp("9417262");
    expect(status).toBe(200);
    expect(headers.get("cache-control")).toBe("no-store");
    expect(body.company).toEqual({
      number: "09417262",
      name: "HARTWELL HOLDINGS LIMITED",
      displayName: "Hartwell Holdings Limited",
      status: "active",
      statusLabel: "Active",
      registeredOffice: { line1: "14 Albemarle Street", line2: "", city: "London", region: "", postCode: "W1S 4HW", country: "GB" },
      confirmationStatementDue: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
    // In the register's order (by appointment). Mark Ellis resigned (and ceased as a PSC); the
    // corporate secretary is a company: both left out.
    expect(names(body)).toEqual(["James Edward Whitaker", "Thomas Owen Hughes", "Mohammed Rahman", "Priya Sharma", "Eleanor Grace Clarke", "Sophie Turner"]);
    const james = body.people[0]!;
    expect(james).toEqual({
      key: expect.any(String),
      displayName: "James Edward Whitaker",
      role: "Director and person with significant control",
      kind: "officer",
      officerId: expect.stringMatching(/^[\w-]+$/),
      appointedOn: "2015-02-03",
      birthMonth: 6,
      birthYear: 1971,
      register: { officerId: james.officerId, role: "director", appointedOn: "2015-02-03", birthMonth: 6, birthYear: 1971 },
    });
    expect(body.people[3]).toMatchObject({ displayName: "Priya Sharma", role: "Director", kind: "officer", appointedOn: "2018-09-12" });
  });

  it("lists all 120 officers' current ones, the second page's too, and none of the 92 resigned", async () => {
    const { status, body } = await lookUp("05123456");
    expect(status).toBe(200);
    expect(body.people).toHaveLength(28);
    expect(body.people.every((p) => p.kind === "officer" && p.appointedOn! >= "2018-12-01")).toBe(true);
    expect(new Set(body.people.map((p) => p.key)).size).toBe(28);
    // Both pages of the register's officer list were read (100 a page).
    const stats = await sim.stats();
    expect(stats.byPath["/company/05123456/officers"]).toBe(2);
    // The register lists them by appointment, the trust's every 58 days from 10 May 2004: the 101st
    // to the 120th are on the second page, and all 20 are listed; a secretary among them.
    const day = (n: number) => new Date(Date.UTC(2004, 4, 10) + n * 58 * 86_400_000).toISOString().slice(0, 10);
    expect(body.people.filter((p) => p.appointedOn! >= day(100)).map((p) => p.appointedOn)).toEqual(Array.from({ length: 20 }, (_, i) => day(100 + i)));
    expect(body.people.filter((p) => p.role === "Secretary").length).toBeGreaterThan(0);
    expect(body.company.registeredOffice).toMatchObject({ line1: "The Old Goods Shed", line2: "Station Road", city: "York", country: "GB" });
  });

  it("leaves out corporate officers and PSCs, ceased PSCs and legal persons; lists an officer who is also a PSC once", async () => {
    const brightwater = (await lookUp("04682913")).body;
    expect(names(brightwater)).toEqual(["Martin Shaw", "Rebecca Anne Lloyd", "Gareth Rhys Evans", "Hannah Louise Price", "Aisha Ngozi Okafor", "Callum James Fraser"]);
    expect(brightwater.people[0]).toMatchObject({ role: "Secretary", birthMonth: null, birthYear: null });

    const fernleigh = (await lookUp("10984562")).body;
    expect(fernleigh.people.map((p) => [p.displayName, p.role])).toEqual([
      ["Siobhan Mary O'Brien", "Director and person with significant control"],
      ["Pieter van der Berg", "Director"],
    ]);

    // A PSC who is no officer; an LLP's members; a Welsh registered office.
    const calder = (await lookUp("11820457")).body;
    expect(calder.people.map((p) => [p.displayName, p.kind])).toEqual([
      ["Grace Elizabeth Calder", "officer"],
      ["Daniel Patrick Murphy", "officer"],
    ]);
    const maple = (await lookUp("OC428817")).body;
    expect(maple.people.map((p) => p.role)).toEqual(["LLP designated member and person with significant control", "LLP designated member and person with significant control", "LLP member"]);
    expect(maple.company.registeredOffice).toMatchObject({ line1: "Tŷ Glas, 15 Mount Stuart Square", city: "Cardiff", country: "GB" });
    expect(maple.company.displayName).toBe("Maple & Stone Architects LLP");
  });

  it("answers from the cache the second time, without asking the register", async () => {
    await lookUp("SC611204");
    const before = (await sim.stats()).requests;
    const again = await lookUp("sc 611204");
    expect(again.status).toBe(200);
    expect(again.body.company.registeredOffice).toMatchObject({ line1: "7 Bernard Street", line2: "Leith", city: "Edinburgh", postCode: "EH6 6PW" });
    expect((await sim.stats()).requests).toBe(before);
  });

  it("refuses a dissolved company (409 company_dissolved) and an unknown number (404 company_not_found) with clear messages", async () => {
    const dissolved = await lookUp("08812345");
    expect(dissolved.status).toBe(409);
    expect(dissolved.body).toMatchObject({
      error: "conflict",
      reason: "company_dissolved",
      companyName: "KESTREL & WREN TRADING LIMITED",
      message: "KESTREL & WREN TRADING LIMITED is dissolved: only an active company's people can be verified for it.",
    });
    const unknown = await lookUp("01234567");
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({
      error: "not_found",
      reason: "company_not_found",
      message: "Companies House has no company with the number 01234567. Check the number on your company's register entry.",
    });
    // A company in liquidation still exists: its people are listed.
    expect((await lookUp("07311947")).body.company).toMatchObject({ status: "liquidation", statusLabel: "In liquidation" });
  });

  it("answers 400 for what cannot be a company number, without asking the register", async () => {
    const res = await lookUp("ABC");
    expect(res.status).toBe(400);
    expect(res.body.error).toBe("bad_request");
    expect((await sim.stats()).requests).toBe(0);
  });

  it("answers 503 when the register fails, so the form asks for the details by hand", async () => {
    await sim.failNext(503, 503, 503, 503);
    const res = await lookUp("09876543");
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ error: "unavailable", reason: "register_unavailable", message: expect.stringContaining("Companies House cannot be reached") });
  });

  it("names roles and statuses in the language of the request", async () => {
    const res = await withLocale("cy", () => lookUpRoute(apiRequest("/api/companies-house/companies/09417262", { headers: { [CLIENT_ADDRESS_HEADER]: freshIp() } }), routeParams({ number: "09417262" })));
    const body = (await res.json()) as CompanyLookup;
    expect(body.company.statusLabel).toBe("Gweithredol");
    expect(body.people[1]!.role).toBe("Cyfarwyddwr");
  });

  it(`lets ${companyLookupLimits.perIp} look-ups from one address through in a window, then 429 with Retry-After, recorded`, async () => {
    const ip = freshIp();
    const db = await getDb();
    // The window's count as if the address had already looked up all but one.
    await db.insert(rateLimits).values({ key: `companies-house:lookup:ip:${ip}`, count: companyLookupLimits.perIp - 1, windowStart: new Date() });
    expect((await lookUp("09417262", ip)).status).toBe(200);
    const limited = await lookUp("09417262", ip);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect((await lookUp("09417262")).status).toBe(200);
    const events = await db.select().from(securityEvents).where(eq(securityEvents.ip, ip));
    expect(events).toEqual([expect.objectContaining({ event: "RateLimited", actor: "anonymous", detail: { limit: "ip", form: "company-lookup" } })]);
    await db.delete(rateLimits).where(like(rateLimits.key, `%${ip}`));
  });
});

describe("GET /api/companies-house/search", () => {
  it("suggests at most eight companies with their number, status in words and address", async () => {
    const hartwell = await search("hartwell");
    expect(hartwell.status).toBe(200);
    expect(hartwell.body.suggestions).toEqual([
      { number: "09417262", name: "HARTWELL HOLDINGS LIMITED", status: "active", statusLabel: "Active", closed: false, address: "14 Albemarle Street, London, W1S 4HW" },
    ]);
    const kestrel = (await search("kestrel")).body.suggestions;
    expect(kestrel).toEqual([expect.objectContaining({ number: "08812345", status: "dissolved", statusLabel: "Dissolved", closed: true })]);
    // "ER" is in nine of the register's names.
    expect((await search("er")).body.suggestions).toHaveLength(8);
  });

  it("refuses fewer than two characters without asking the register", async () => {
    const res = await search(" h ");
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({ q: ["searchTooShort"] });
    expect((await sim.stats()).requests).toBe(0);
  });

  it("answers 503 when the register fails", async () => {
    await sim.failNext(503, 503, 503, 503);
    expect((await search("hartwell")).status).toBe(503);
  });
});

describe("the request and the register", () => {
  const submit = async (overrides: Parameters<typeof onboardingRequestInput>[0]) => {
    const res = await requestRoute(jsonRequest("/api/requests/identity-verification", { ...onboardingRequestInput(overrides, { individuals: 1 }), ...human }, { headers: { [CLIENT_ADDRESS_HEADER]: freshIp() } }));
    const json = (await res.json()) as { reference?: string; fields?: Record<string, string[]> };
    if (res.status === 200) {
      const [c] = await (await getDb()).select({ id: clients.id }).from(clients).where(eq(clients.reference, json.reference!));
      trackCreatedClient(c!.id);
    }
    return { status: res.status, json };
  };

  it("stores the register entry of each individual picked from it, and nothing for one typed by hand", async () => {
    const people = (await lookUp("09417262")).body.people;
    const picked = ["James Edward Whitaker", "Priya Sharma"].map((name) => people.find((p) => p.displayName === name));
    const { status, json } = await submit({
      company: { name: "HARTWELL HOLDINGS LIMITED", companyId: "09417262" },
      individuals: [
        { name: picked[0]!.displayName, email: "james@example.com", register: picked[0]!.register },
        { name: "Zoe Hand", email: "zoe@example.com" },
        { name: picked[1]!.displayName, email: "priya@example.com", register: picked[1]!.register },
      ],
    });
    expect(status).toBe(200);
    const db = await getDb();
    const [client] = await db.select({ id: clients.id }).from(clients).where(eq(clients.reference, json.reference!));
    const rows = await db
      .select({
        name: directors.name,
        officerId: directors.registerOfficerId,
        role: directors.registerRole,
        appointedOn: directors.registerAppointedOn,
        birthMonth: directors.registerBirthMonth,
        birthYear: directors.registerBirthYear,
      })
      .from(directors)
      .where(eq(directors.clientId, client!.id))
      .orderBy(directors.id);
    expect(rows).toEqual([
      { name: "James Edward Whitaker", officerId: picked[0]!.officerId, role: "director", appointedOn: "2015-02-03", birthMonth: 6, birthYear: 1971 },
      { name: "Zoe Hand", officerId: null, role: null, appointedOn: null, birthMonth: null, birthYear: null },
      { name: "Priya Sharma", officerId: picked[1]!.officerId, role: "director", appointedOn: "2018-09-12", birthMonth: 3, birthYear: 1984 },
    ]);
  });

  it("refuses a register entry of the wrong shape", async () => {
    const { status, json } = await submit({
      company: { name: "HARTWELL HOLDINGS LIMITED", companyId: "09417262" },
      individuals: [{ name: "James Whitaker", email: "james@example.com", register: { role: "Director!", birthMonth: 13 } as never }],
    });
    expect(status).toBe(400);
    expect(json.fields).toMatchObject({ "individuals.0.register.role": ["invalidValue"], "individuals.0.register.birthMonth": ["invalidValue"] });
  });

  it("refuses a company the register does not have, or has dissolved, on the company number", async () => {
    const unknown = await submit({ company: { name: "Nobody Ltd", companyId: "01234567" } });
    expect(unknown).toMatchObject({ status: 400, json: { fields: { "company.companyId": ["companyNotOnRegister"] } } });
    const dissolved = await submit({ company: { name: "Kestrel & Wren Trading Limited", companyId: "08812345" } });
    expect(dissolved).toMatchObject({ status: 400, json: { fields: { "company.companyId": ["companyClosed"] } } });
  });

  it("accepts the request as before when the register cannot answer at once", async () => {
    await sim.failNext(503);
    const started = Date.now();
    const { status } = await submit({ company: { name: "Nobody Ltd", companyId: "01234567" } });
    expect(status).toBe(200);
    // No backoff and retries on the request's path.
    expect(Date.now() - started).toBeLessThan(3000);
  });
});
