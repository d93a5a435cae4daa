// The director's own record: GET / PATCH /api/director-verification/director (details, former
// names, 12-month address history, the personal code step), the client's status following its
// directors, and the code encrypted at rest.
import { and, asc, eq, sql } from "drizzle-orm";
import { getDb } from "@/db";
import { auditEntries, clients, directorAddresses, directors, notifications, type Director } from "@/db/schema";
import { GET, PATCH } from "@/app/api/director-verification/director/route";
import { coverageStart, dayNumber, isoOfDay, todayInUk } from "@/lib/domain/address-history";
import { readPersonalCode } from "@/lib/server/directors/personal-code-keys";
import messages from "@/messages/en-GB.json";
import { insertClientWithDirectors } from "../support/factories";
import { apiRequest } from "./support/requests";
import { asAdmin, asContact, asDirector } from "./support/test-users";
import { setupTestDb } from "./support/setup-test-db";

setupTestDb();

const URL = "/api/director-verification/director";
const get = (headers: Record<string, string>) => GET(apiRequest(URL, { headers }));
const patch = (headers: Record<string, string>, body: unknown) => PATCH(apiRequest(URL, { method: "PATCH", headers, body, contentType: "application/json-patch+json" }));

const today = todayInUk();
const daysAgo = (n: number) => isoOfDay(dayNumber(today)! - n);
/** A start date that leaves the current address short of 12 months by `short` days. */
const shortOf = (short: number) => isoOfDay(dayNumber(coverageStart(today))! + short);

async function freshDirector(values: Partial<Director> = {}, client: Partial<typeof clients.$inferInsert> = {}) {
  const db = await getDb();
  const { client: c, directors: [d] } = await insertClientWithDirectors(db, { client: { status: "New", ...client }, directors: [{ firstName: null, lastName: null, ...values }] });
  return { client: c, director: d!, headers: asDirector(d!) };
}

const address = { addressLine1: "14 Elm Grove", city: "York", postcode: "YO1 7HH", country: "GB" };
const replace = (path: string, value: unknown) => ({ op: "replace", path: `/${path}`, value });

describe("GET /api/director-verification/director", () => {
  it("answers the director's own record with their next step, and nobody else's", async () => {
    const { director, headers } = await freshDirector();
    const res = await get(headers);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ id: director.id, status: "AwaitingIDInfo", nextStep: "details", detailsComplete: false, companiesHouseCodeMasked: null });
    expect(body).not.toHaveProperty("sessionToken");
    expect(body).not.toHaveProperty("companiesHouseCode");
    expect((await get(asContact())).status).toBe(403);
    expect((await get(asAdmin())).status).toBe(403);
    expect((await get({})).status).toBe(401);
    for (const [who, status] of [[asContact(), 403], [asAdmin(), 403], [{}, 401]] as const) {
      expect((await patch(who, [replace("firstName", "Mallory")])).status).toBe(status);
    }
  });
});

describe("PATCH /api/director-verification/director: details", () => {
  it("saves names, former names with dates and a 12-month history, and moves the client to InProgress", async () => {
    const { client, director, headers } = await freshDirector();
    const previous = { ...address, addressLine1: "2 Old Lane", startDate: daysAgo(900), endDate: shortOf(10) };
    const res = await patch(headers, [
      replace("firstName", "  Ada "),
      replace("lastName", "Lovelace"),
      replace("formerNames", [{ name: "Ada Byron", from: null, to: daysAgo(2000) }]),
      ...Object.entries(address).map(([k, v]) => replace(k, v)),
      replace("currentAddressStartDate", shortOf(10)),
      replace("previousAddresses", [previous]),
    ]);
    const body = await res.json();
    expect({ status: res.status, body }).toMatchObject({ status: 200 });
    expect(body).toMatchObject({ name: "Ada Lovelace", firstName: "Ada", detailsComplete: true, nextStep: "identityCheck", formerNames: ["Ada Byron"] });
    expect(body.formerNameHistory).toEqual([{ name: "Ada Byron", from: null, to: daysAgo(2000) }]);
    expect(body.previousAddresses).toHaveLength(1);

    const db = await getDb();
    const rows = await db.select().from(directorAddresses).where(eq(directorAddresses.directorId, director.id)).orderBy(asc(directorAddresses.startDate));
    expect(rows.map((r) => [r.addressLine1, r.startDate, r.endDate])).toEqual([
      ["2 Old Lane", daysAgo(900), shortOf(10)],
      ["14 Elm Grove", shortOf(10), null],
    ]);
    const [c] = await db.select().from(clients).where(eq(clients.id, client.id));
    expect(c!.status).toBe("InProgress");
    const audit = await db.select().from(auditEntries).where(and(eq(auditEntries.directorId, director.id), eq(auditEntries.auditType, "DirectorModified")));
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(["Changed firstName", "Changed previousAddresses", "Changed currentAddressStartDate"]));
    expect(audit.every((a) => a.user === director.email)).toBe(true);
  });

  it.each([
    ["a gap", { startDate: daysAgo(900), endDate: shortOf(5) }, shortOf(10), "history.gap"],
    ["an overlap", { startDate: daysAgo(900), endDate: shortOf(20) }, shortOf(10), "history.overlap"],
    ["a future end", { startDate: daysAgo(900), endDate: daysAgo(-3) }, shortOf(10), "history.future"],
    ["too short a history", { startDate: shortOf(2), endDate: shortOf(10) }, shortOf(10), "history.notCovered"],
  ])("refuses %s in the address history and changes nothing", async (_, period, currentStart, problem) => {
    const { director, headers } = await freshDirector();
    const res = await patch(headers, [
      ...Object.entries(address).map(([k, v]) => replace(k, v)),
      replace("currentAddressStartDate", currentStart),
      replace("previousAddresses", [{ ...address, ...period }]),
    ]);
    const body = await res.json();
    expect({ status: res.status, fields: body.fields }).toMatchObject({ status: 400 });
    const messagesOf = [...(body.fields.previousAddresses ?? []), ...(body.fields.currentAddressStartDate ?? [])] as string[];
    expect(messagesOf).toContainEqual(expect.stringMatching(new RegExp(`^${problem.replace(".", "\\.")}`)));
    const [row] = await (await getDb()).select().from(directors).where(eq(directors.id, director.id));
    expect(row!.addressLine1).toBeNull();
    expect(await (await getDb()).$count(directorAddresses, eq(directorAddresses.directorId, director.id))).toBe(0);
  });

  it("refuses a current address start in the future", async () => {
    const { headers } = await freshDirector();
    const res = await patch(headers, [replace("currentAddressStartDate", daysAgo(-1))]);
    expect(res.status).toBe(400);
    expect((await res.json()).fields.currentAddressStartDate[0]).toMatch(/^history\.future/);
  });

  it("refuses fields outside the director's allow-list: status, email, prices, the session, prototype keys", async () => {
    const { director, headers } = await freshDirector();
    for (const op of [
      replace("status", "Complete"),
      replace("email", "other@factory.example"),
      replace("priceOverride", 1),
      replace("sessionID", "x"),
      replace("statusOverride", "Complete"),
      { op: "add", path: "/__proto__", value: { polluted: true } },
      replace("name", "Someone Else"),
    ]) {
      const res = await patch(headers, [op]);
      expect(res.status).toBe(400);
    }
    const [row] = await (await getDb()).select().from(directors).where(eq(directors.id, director.id));
    expect(row).toMatchObject({ status: "AwaitingIDInfo", email: director.email, priceOverride: null, name: director.name });
  });

  it("keeps details as they were once the identity check has verified the director", async () => {
    const { headers } = await freshDirector({ status: "AwaitingAuthCode", firstName: "Kim", lastName: "Lee" });
    const res = await patch(headers, [replace("firstName", "Kimberley")]);
    expect(res.status).toBe(409);
    expect((await res.json()).message).toBe(messages.apiErrors.detailsLocked);
  });

  it("refuses a cross-site request", async () => {
    const { headers } = await freshDirector();
    const res = await PATCH(apiRequest(URL, { method: "PATCH", headers: { ...headers, origin: "https://evil.example" }, body: [replace("firstName", "X")] }));
    expect(res.status).toBe(403);
  });
});

describe("PATCH /api/director-verification/director: the personal code", () => {
  it("accepts lower case and spaces, stores it encrypted in upper case, masks it, and completes the director and the client", async () => {
    const { client, director, headers } = await freshDirector({ status: "AwaitingAuthCode", firstName: "Kim", lastName: "Lee", name: "Kim Lee" }, { status: "InProgress" });
    const res = await patch(headers, [replace("companiesHouseCode", " rh4k 7q2x m9t")]);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ status: "Complete", nextStep: "done", companiesHouseCodeMasked: "••••••••M9T" });
    expect(JSON.stringify(body)).not.toContain("RH4K7Q2XM9T");

    const db = await getDb();
    const [row] = await db.select().from(directors).where(eq(directors.id, director.id));
    expect(row!.companiesHouseCode).toMatch(/^pc1:/);
    expect(row!.companiesHouseCode).not.toContain("RH4K7Q2XM9T");
    expect(readPersonalCode(row!)).toBe("RH4K7Q2XM9T");
    expect(row!.companiesHouseCodeReceivedAt).toBeInstanceOf(Date);

    // Nothing at rest in clear: not in the audit either.
    const audit = await db.select().from(auditEntries).where(eq(auditEntries.directorId, director.id));
    expect(JSON.stringify(audit)).not.toContain("RH4K7Q2XM9T");

    const [c] = await db.select().from(clients).where(eq(clients.id, client.id));
    expect(c!.status).toBe("Completed");
    const notes = await db.select().from(notifications).where(eq(notifications.clientId, client.id));
    expect(notes.length).toBeGreaterThanOrEqual(2); // the director's completion and the client's
    const mails = await db.execute(sql`select count(*)::int as n from pgboss.job where name = 'email.send' and data->>'to' = ${director.email}`);
    expect(mails.rows[0]).toEqual({ n: 1 });

    // Entered once: after Complete the step is over.
    expect((await patch(headers, [replace("companiesHouseCode", "ZX98WV76UT5")])).status).toBe(409);
  });

  it.each(["AB12 CD34 EF5", "ab12cd34ef5"])("refuses the example code the page shows (%j), saying so", async (code) => {
    const { director, headers } = await freshDirector({ status: "AwaitingAuthCode" });
    const res = await patch(headers, [replace("companiesHouseCode", code)]);
    expect(res.status).toBe(400);
    expect((await res.json()).fields.companiesHouseCode).toEqual(["personalCodeExample"]);
    const [row] = await (await getDb()).select().from(directors).where(eq(directors.id, director.id));
    expect(row).toMatchObject({ status: "AwaitingAuthCode", companiesHouseCode: null });
  });

  it.each(["RH4K7Q2XM9", "RH4K7Q2XM9T1", "RH4K-7Q2XM9", "RH4K7Q2XM9É", ""])("refuses the code %j", async (code) => {
    const { director, headers } = await freshDirector({ status: "AwaitingAuthCode" });
    const res = await patch(headers, [replace("companiesHouseCode", code)]);
    expect(res.status).toBe(400);
    expect((await res.json()).fields.companiesHouseCode).toEqual(["personalCode"]);
    const [row] = await (await getDb()).select().from(directors).where(eq(directors.id, director.id));
    expect(row).toMatchObject({ status: "AwaitingAuthCode", companiesHouseCode: null });
  });

  it("refuses the code before the identity check has verified the director", async () => {
    const { headers } = await freshDirector({ status: "AwaitingIDInfo" });
    const res = await patch(headers, [replace("companiesHouseCode", "RH4K7Q2XM9T")]);
    expect(res.status).toBe(409);
    expect((await res.json()).message).toBe(messages.apiErrors.personalCodeNotExpected);
  });

  it("completes the client only when every live director is Complete, even when the last two finish at once", async () => {
    const db = await getDb();
    const { client, directors: people } = await insertClientWithDirectors(db, {
      client: { status: "InProgress" },
      directors: [{ status: "AwaitingAuthCode" }, { status: "AwaitingAuthCode" }, { status: "Rejected", isDeleted: true, deleteReason: "Left the company" }],
    });
    const [a, b] = people;
    const results = await Promise.all([patch(asDirector(a!), [replace("companiesHouseCode", "AAAAAAAAAA1")]), patch(asDirector(b!), [replace("companiesHouseCode", "BBBBBBBBBB2")])]);
    expect(results.map((r) => r.status)).toEqual([200, 200]);
    const [c] = await db.select().from(clients).where(eq(clients.id, client.id));
    expect(c!.status).toBe("Completed");
  });
});
