import type { NewAuditEntry } from "@/db/schema";
import { getDb } from "@/db";
import { GET as auditGet } from "@/app/api/admin/audit/route";
import { listAuditEntries } from "@/lib/server/audit/list-audit-entries";
import { insertAuditEntries, insertClientWithDirectors } from "../support/factories";
import { apiRequest } from "./support/requests";
import { setupTestDb } from "./support/setup-test-db";
import { adminPrincipal, anonymous, asAdmin, asContact, demo as demoUsers, TEST_API_KEY, withApiKey } from "./support/test-users";

const demoAdminEmail = demoUsers.admin;

setupTestDb();

/** Entries of this test carry their own entity type, apart from the demo data. */
const ENTITY = "AuditAreaTest";

function get(query: string, headers = asAdmin()) {
  return auditGet(apiRequest(`/api/admin/audit${query}`, { headers }));
}

interface Body {
  entries: { id: number; auditType: string; entityType: string; entityId: string | null; timestamp: string; action: string }[];
  pager: { totalPages: number; totalCount: number; itemFromNo: number; itemToNo: number; currentPage: number; pageSize: number };
}

async function body(query: string): Promise<Body> {
  const res = await get(query);
  expect(res.status).toBe(200);
  return (await res.json()) as Body;
}

const base = Date.parse("2021-03-01T12:00:00Z");
const types = ["ClientModified", "SageError", "DirectorModified", "EmailError", "Email"] as const;

beforeAll(async () => {
  const rows: Partial<NewAuditEntry>[] = [];
  // 23 entries one hour apart, types in turn, entity ids 1..23.
  for (let i = 0; i < 23; i++) {
    rows.push({
      action: `test entry ${i}`,
      auditType: types[i % types.length]!,
      entityType: ENTITY,
      entityId: String(i + 1),
      user: "tester@portal.example",
      timestamp: new Date(base + i * 3600_000),
      oldValue: { n: i },
      newValue: { n: i + 1 },
    });
  }
  // Two entries at the same instant: the higher id comes first.
  rows.push({ action: "tie A", auditType: "Notification", entityType: `${ENTITY}Tie`, entityId: "a", timestamp: new Date("2021-04-01T00:00:00Z") });
  rows.push({ action: "tie B", auditType: "Notification", entityType: `${ENTITY}Tie`, entityId: "b", timestamp: new Date("2021-04-01T00:00:00Z") });
  // UK days: 22:30 UTC on 15 June is 23:30 on the 15th in London; 23:30 UTC is 00:30 on the 16th.
  rows.push({ action: "late on the 15th", auditType: "Email", entityType: `${ENTITY}Day`, entityId: "15", timestamp: new Date("2020-06-15T22:30:00Z") });
  rows.push({ action: "early on the 16th", auditType: "Email", entityType: `${ENTITY}Day`, entityId: "16", timestamp: new Date("2020-06-15T23:30:00Z") });
  await insertAuditEntries(await getDb(), rows);
});

describe("GET /api/admin/audit", () => {
  it("answers a page of entries with its pager, newest first", async () => {
    const { entries, pager } = await body("");
    expect(pager).toMatchObject({ currentPage: 1, pageSize: 25, itemFromNo: 1 });
    expect(pager.totalCount).toBeGreaterThan(50);
    expect(pager.itemToNo).toBe(25);
    expect(pager.totalPages).toBe(Math.ceil(pager.totalCount / 25));
    expect(entries).toHaveLength(25);
    const times = entries.map((e) => Date.parse(e.timestamp));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it("pages through a filtered list, with the pager right at the edges", async () => {
    const first = await body(`?entityType=${ENTITY}&pageSize=10`);
    expect(first.pager).toEqual({ totalPages: 3, totalCount: 23, itemFromNo: 1, itemToNo: 10, currentPage: 1, pageSize: 10 });
    expect(first.entries.map((e) => e.entityId)).toEqual(["23", "22", "21", "20", "19", "18", "17", "16", "15", "14"]);

    const last = await body(`?entityType=${ENTITY}&pageSize=10&page=3`);
    expect(last.pager).toEqual({ totalPages: 3, totalCount: 23, itemFromNo: 21, itemToNo: 23, currentPage: 3, pageSize: 10 });
    expect(last.entries.map((e) => e.entityId)).toEqual(["3", "2", "1"]);

    const beyond = await body(`?entityType=${ENTITY}&pageSize=10&page=4`);
    expect(beyond.entries).toEqual([]);
    expect(beyond.pager).toEqual({ totalPages: 3, totalCount: 23, itemFromNo: 0, itemToNo: 0, currentPage: 4, pageSize: 10 });

    const none = await body(`?entityType=NoSuchEntity`);
    expect(none.entries).toEqual([]);
    expect(none.pager).toEqual({ totalPages: 0, totalCount: 0, itemFromNo: 0, itemToNo: 0, currentPage: 1, pageSize: 25 });
  });

  it("orders entries at the same instant by id, newest first", async () => {
    const { entries } = await body(`?entityType=${ENTITY}Tie`);
    expect(entries.map((e) => e.action)).toEqual(["tie B", "tie A"]);
  });

  it("filters by audit type", async () => {
    const { entries, pager } = await body(`?entityType=${ENTITY}&auditType=SageError&pageSize=100`);
    expect(pager.totalCount).toBe(5);
    expect(new Set(entries.map((e) => e.auditType))).toEqual(new Set(["SageError"]));
  });

  it("finds integration errors: errorsOnly=true and auditType=errors select every *Error type", async () => {
    const a = await body(`?entityType=${ENTITY}&errorsOnly=true&pageSize=100`);
    const b = await body(`?entityType=${ENTITY}&auditType=errors&pageSize=100`);
    expect(a.pager.totalCount).toBe(9); // SageError at i%5==1 (5) + EmailError at i%5==3 (4)
    expect(b.entries).toEqual(a.entries);
    expect(new Set(a.entries.map((e) => e.auditType))).toEqual(new Set(["SageError", "EmailError"]));
    const all = await body("?errorsOnly=true&pageSize=200");
    expect(all.entries.every((e) => e.auditType.endsWith("Error"))).toBe(true);
    expect(all.entries.some((e) => e.entityType === "Client" || e.entityType === "Director")).toBe(true); // demo errors too
  });

  it("filters by entity type and id", async () => {
    const { entries } = await body(`?entityType=${ENTITY}&entityId=7`);
    expect(entries.map((e) => e.action)).toEqual(["test entry 6"]);
  });

  it("filters by days in UK time, both ends included", async () => {
    const day16 = await body(`?entityType=${ENTITY}Day&from=2020-06-16&to=2020-06-16`);
    expect(day16.entries.map((e) => e.action)).toEqual(["early on the 16th"]);
    const day15 = await body(`?entityType=${ENTITY}Day&to=2020-06-15`);
    expect(day15.entries.map((e) => e.action)).toEqual(["late on the 15th"]);
    const both = await body(`?entityType=${ENTITY}Day&from=2020-06-15&to=2020-06-16`);
    expect(both.pager.totalCount).toBe(2);
  });

  it("filters by exact instants", async () => {
    const { entries } = await body(`?entityType=${ENTITY}&from=${encodeURIComponent("2021-03-01T14:00:00Z")}&to=${encodeURIComponent("2021-03-01T16:00:00+00:00")}`);
    expect(entries.map((e) => e.entityId)).toEqual(["5", "4", "3"]);
  });

  it("treats empty values, as a form sends them, as no filter", async () => {
    const { pager } = await body(`?entityType=${ENTITY}&auditType=&entityId=&from=&to=&page=&pageSize=`);
    expect(pager).toMatchObject({ totalCount: 23, currentPage: 1, pageSize: 25 });
  });

  it.each([
    ["?page=0", "page"],
    ["?page=abc", "page"],
    ["?page=1.5", "page"],
    ["?pageSize=0", "pageSize"],
    ["?pageSize=201", "pageSize"],
    ["?auditType=NotAType", "auditType"],
    ["?errorsOnly=maybe", "errorsOnly"],
    ["?entityType=Client%3Bdrop", "entityType"],
    ["?from=2021-02-30", "from"],
    ["?from=yesterday", "from"],
    ["?from=2021-03-02&to=2021-03-01", "to"],
    [`?entityId=${"x".repeat(101)}`, "entityId"],
  ])("answers 400 naming the field for %s", async (query, field) => {
    const res = await get(query);
    expect(res.status).toBe(400);
    const json = (await res.json()) as { error: string; fields: Record<string, string[]> };
    expect(json.error).toBe("bad_request");
    expect(Object.keys(json.fields)).toContain(field);
  });

  it("is for admins and the api-key only", async () => {
    expect((await get("", anonymous)).status).toBe(401);
    expect((await get("", asContact())).status).toBe(403);
    expect((await get("", withApiKey())).status).toBe(200);
    expect((await get("", withApiKey(`${TEST_API_KEY}x`))).status).toBe(401);
  });
});

describe("listAuditEntries", () => {
  it("keeps its plain-list contract, optionally for one client", async () => {
    const db = await getDb();
    const admin = adminPrincipal();
    const list = await listAuditEntries({ db, user: admin, limit: 5 });
    expect(list).toHaveLength(5);
    const [someClient] = (await listAuditEntries({ db, user: admin, limit: 200 })).filter((e) => e.clientId);
    const forClient = await listAuditEntries({ db, user: admin, clientId: someClient!.clientId! });
    expect(forClient.length).toBeGreaterThan(0);
    expect(forClient.every((e) => e.clientId === someClient!.clientId)).toBe(true);
    await expect(listAuditEntries({ db, user: { type: "DV_Director", email: "x@example.com", via: "session" } })).rejects.toMatchObject({ code: "forbidden" });
  });
});

describe("nameAuditEntries", () => {
  it("names the actor (staff, contact or individual) and the entity and its client, leaving the entries as stored", async () => {
    const db = await getDb();
    const { client, directors } = await insertClientWithDirectors(db, {
      client: { name: "Named Audit Ltd", mainContactEmail: "named.contact@test.example", mainContactFirstName: "Nora", mainContactLastName: "Named" },
      directors: [{ name: "Ida Named", email: "ida.named@test.example" }],
    });
    const d = directors[0]!;
    const entry = (user: string, entityType: string, entityId: number) => ({
      action: "Changed email",
      auditType: "DirectorModified" as const,
      entityType,
      entityId: String(entityId),
      user,
      clientId: client.id,
      directorId: entityType === "Director" ? d.id : null,
      oldValue: { email: "old@test.example" },
      newValue: { email: "new@test.example" },
    });
    await insertAuditEntries(db, [entry("named.contact@test.example", "Director", d.id), entry("ida.named@test.example", "Director", d.id), entry("system", "Client", client.id), entry(demoAdminEmail, "Client", client.id)]);
    const entries = await listAuditEntries({ db, user: adminPrincipal(), clientId: client.id });
    const names = entries.map((e) => [e.user, e.actorName, e.entityName, e.clientName]);
    expect(names).toEqual(
      expect.arrayContaining([
        ["named.contact@test.example", "Nora Named", "Ida Named", "Named Audit Ltd"],
        ["ida.named@test.example", "Ida Named", "Ida Named", "Named Audit Ltd"],
        ["system", null, "Named Audit Ltd", "Named Audit Ltd"],
        [demoAdminEmail, "Portal Administrator", "Named Audit Ltd", "Named Audit Ltd"],
      ]),
    );
    expect(entries.every((e) => e.action === "Changed email")).toBe(true);
  });
});
