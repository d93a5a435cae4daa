import { eq, inArray, sql } from "drizzle-orm";
import { getDb } from "@/db";
import { rowsOf } from "@/db/client";
import { clients, directors, type NewClient, type NewDirector } from "@/db/schema";
import { POST as searchPost } from "@/app/api/admin/director-verification/clients/search/route";
import { addDays } from "@/lib/domain/verify-by";
import { todayInUk } from "@/lib/domain/address-history";
import { clientSearchSchema, type ClientSearchInput } from "@/lib/schemas/client-search";
import { searchClients, type ClientSearchResult, type IndividualSearchRow } from "@/lib/server/clients/search-clients";
import { markOverdueClients } from "@/lib/server/clients/mark-overdue-clients";
import { insertClientWithDirectors } from "../support/factories";
import { jsonRequest } from "./support/requests";
import { setupTestDb } from "./support/setup-test-db";
import { adminPrincipal, asAdmin } from "./support/test-users";

/*
 * The admin search's verify-by dates (issue 20): each client's earliest date of its people still to
 * be verified (clients.next_verify_by, kept by triggers), the filter "someone due within N days"
 * (overdue included), the sort by that date, and the default order (newest first) putting clients
 * with someone overdue first. This file's clients carry a unique token in their names; every
 * search is narrowed to them. client-search-oracle.test.ts compares the same on generated data.
 */

const P = `qzvb${Date.now().toString(36)}`;
const today = todayInUk();
const at = (iso: string) => new Date(`${iso}T12:00:00Z`);
const id: Record<string, number> = {};
const person: Record<string, number> = {};

setupTestDb();

beforeAll(async () => {
  const db = await getDb();
  const make = async (key: string, client: Partial<NewClient>, people: Partial<Omit<NewDirector, "clientId">>[]) => {
    const made = await insertClientWithDirectors(db, { client: { name: `${P} ${key} Ltd`, ...client }, directors: people });
    id[key] = made.client.id;
    made.directors.forEach((d, i) => (person[`${key}${i}`] = d.id));
  };
  // The date the company asked for has passed, and someone is not verified: overdue.
  await make("past", { verifyBy: addDays(today, -5), createdAt: at("2024-01-01") }, [{ name: `Pat ${P}`, status: "AwaitingIDInfo" }, { name: `Paul ${P}`, status: "Complete" }]);
  // The next confirmation statement in 10 days binds a director appointed before 18 November 2025.
  await make("soon", { confirmationStatementDue: addDays(today, 10), createdAt: at("2024-02-01") }, [
    { name: `Sam ${P}`, status: "AwaitingAuthCode", registerRole: "director", registerAppointedOn: "2019-04-01" },
  ]);
  // A director appointed (in 40 days) on or after 18 November 2025: at appointment, earlier than the statement.
  await make("later", { confirmationStatementDue: addDays(today, 200), createdAt: at("2024-03-01") }, [
    { name: `Lee ${P}`, status: "UnderReview", registerRole: "director", registerAppointedOn: addDays(today, 40) },
  ]);
  // Everyone finished: no date, though the company's has passed.
  await make("done", { verifyBy: addDays(today, -30), createdAt: at("2024-04-01") }, [{ name: `Dee ${P}`, status: "Complete" }, { name: `Dan ${P}`, status: "Rejected" }]);
  // No date at all.
  await make("none", { createdAt: at("2024-05-01") }, [{ name: `Nia ${P}` }]);
});

const keyOf = (clientId: number) => Object.entries(id).find(([, v]) => v === clientId)?.[0] ?? `other:${clientId}`;
const keysOf = (r: ClientSearchResult) => r.clients.map((c) => keyOf(c.id));

function mine(input: ClientSearchInput = {}): Promise<ClientSearchResult> {
  return getDb().then((db) =>
    searchClients({ db, user: adminPrincipal(), query: clientSearchSchema.parse({ ...input, filters: { name: P, ...input.filters }, pagerModel: { pageSize: 100 } }) }),
  );
}

describe("the client's earliest verify-by date", () => {
  it("is on each row: the date of its earliest person still to be verified, and whether it has passed", async () => {
    const rows = Object.fromEntries((await mine()).clients.map((c) => [keyOf(c.id), { nextVerifyBy: c.nextVerifyBy, overdue: c.overdue }]));
    expect(rows).toEqual({
      past: { nextVerifyBy: addDays(today, -5), overdue: true },
      soon: { nextVerifyBy: addDays(today, 10), overdue: false },
      later: { nextVerifyBy: addDays(today, 40), overdue: false },
      done: { nextVerifyBy: null, overdue: false },
      none: { nextVerifyBy: null, overdue: false },
    });
  });

  it("puts clients with someone overdue first in the default order (newest first), and nowhere else", async () => {
    expect(keysOf(await mine())).toEqual(["past", "none", "done", "later", "soon"]);
    expect(keysOf(await mine({ sortBy: "createdAt", sortDirection: "asc" }))).toEqual(["past", "soon", "later", "done", "none"]);
    expect(keysOf(await mine({ sortBy: "name", sortDirection: "desc" }))).toEqual(["soon", "past", "none", "later", "done"]);
  });

  it("sorts by the date, earliest first, clients without one last either way", async () => {
    expect(keysOf(await mine({ sortBy: "nextVerifyBy", sortDirection: "asc" }))).toEqual(["past", "soon", "later", "done", "none"]);
    expect(keysOf(await mine({ sortBy: "nextVerifyBy", sortDirection: "desc" }))).toEqual(["later", "soon", "past", "none", "done"]);
  });

  it("filters on someone due within N days, overdue ones included, in both views", async () => {
    expect(keysOf(await mine({ filters: { verifyWithinDays: 0 } }))).toEqual(["past"]);
    expect(keysOf(await mine({ filters: { verifyWithinDays: 10 } }))).toEqual(["past", "soon"]);
    expect(keysOf(await mine({ filters: { verifyWithinDays: 39 } }))).toEqual(["past", "soon"]);
    expect(keysOf(await mine({ filters: { verifyWithinDays: 40 } }))).toEqual(["past", "later", "soon"]);
    const people = await mine({ tableViewMode: "individual", filters: { verifyWithinDays: 10 }, sortBy: "directorName", sortDirection: "asc" });
    expect((people.clients as IndividualSearchRow[]).map((r) => r.directorName)).toEqual([`Pat ${P}`, `Paul ${P}`, `Sam ${P}`]);
    expect(people.pager.totalCount).toBe(3);
    expect(people.statusStats.filter((s) => s.count > 0).map((s) => [s.value, s.count])).toEqual([
      ["AwaitingIDInfo", 1],
      ["AwaitingAuthCode", 1],
      ["Complete", 1],
    ]);
  });

  it("is taken through the search route, and a bad number of days is refused naming the field", async () => {
    const ok = await searchPost(jsonRequest("/api/admin/director-verification/clients/search", { filters: { name: P, verifyWithinDays: 10 }, sortBy: "nextVerifyBy", sortDirection: "asc" }, { headers: asAdmin() }));
    expect(ok.status).toBe(200);
    const body = (await ok.json()) as { clients: { id: number; nextVerifyBy: string | null; overdue: boolean }[] };
    expect(body.clients.map((c) => [keyOf(c.id), c.nextVerifyBy, c.overdue])).toEqual([
      ["past", addDays(today, -5), true],
      ["soon", addDays(today, 10), false],
    ]);
    const bad = await searchPost(jsonRequest("/api/admin/director-verification/clients/search", { filters: { verifyWithinDays: -1 } }, { headers: asAdmin() }));
    expect(bad.status).toBe(400);
    expect((await bad.json()).fields).toEqual({ "filters.verifyWithinDays": ["invalidDays"] });
  });
});

describe("kept by the triggers as people and companies change", () => {
  const kept = async (key: string) => (await (await getDb()).select({ d: clients.nextVerifyBy }).from(clients).where(eq(clients.id, id[key]!)))[0]!.d;

  it("follows a person finishing, being deleted, moving company or coming back; and the company's own dates", async () => {
    const db = await getDb();
    // The overdue person completes: the client has no date left and leaves the front.
    await db.update(directors).set({ status: "Complete" }).where(eq(directors.id, person.past0!));
    expect(await kept("past")).toBeNull();
    expect(keysOf(await mine())).toEqual(["none", "done", "later", "soon", "past"]);
    // Re-opened: overdue again, first again.
    await db.update(directors).set({ status: "OutstandingIDInfo" }).where(eq(directors.id, person.past0!));
    expect(await kept("past")).toBe(addDays(today, -5));
    expect(keysOf(await mine())[0]).toBe("past");
    // The company's next confirmation statement moves on (it filed one): its date follows.
    await db.update(clients).set({ confirmationStatementDue: addDays(today, 50) }).where(eq(clients.id, id.soon!));
    expect(await kept("soon")).toBe(addDays(today, 50));
    // A person moves company: both companies' dates follow.
    await db.update(directors).set({ clientId: id.none! }).where(eq(directors.id, person.later0!));
    expect([await kept("later"), await kept("none")]).toEqual([null, addDays(today, 40)]);
    // Soft and hard deletion.
    await db.update(directors).set({ isDeleted: true, deleteReason: "Left the company" }).where(eq(directors.id, person.later0!));
    expect(await kept("none")).toBeNull();
    await db.update(directors).set({ isDeleted: false, deleteReason: null }).where(eq(directors.id, person.later0!));
    expect(await kept("none")).toBe(addDays(today, 40));
    // The company asks for an earlier date than the register's.
    await db.update(clients).set({ verifyBy: addDays(today, 3) }).where(eq(clients.id, id.soon!));
    expect(await kept("soon")).toBe(addDays(today, 3));
    const check = rowsOf(await db.execute(sql`select * from client_next_verify_by_check() where client_id = any(${`{${Object.values(id).join(",")}}`}::int[])`));
    expect(check).toEqual([]);
  });

  it("the nightly job moves a client whose date passed without a write to the front, once", async () => {
    const db = await getDb();
    // As if soon's date had passed overnight: its place written when the date was still to come.
    await db.update(clients).set({ verifyBy: addDays(today, -1) }).where(eq(clients.id, id.soon!));
    await db.transaction(async (tx) => {
      await tx.execute(sql`alter table clients disable trigger clients_verify_by`);
      await tx.execute(sql`update clients set priority_at = created_at where id = ${id.soon!}`);
      await tx.execute(sql`alter table clients enable trigger clients_verify_by`);
    });
    const before = keysOf(await mine());
    expect(before.indexOf("soon")).toBeGreaterThan(before.indexOf("none"));
    expect(await markOverdueClients({ db })).toBeGreaterThanOrEqual(1);
    expect(keysOf(await mine()).slice(0, 2).sort()).toEqual(["past", "soon"]);
    expect(await markOverdueClients({ db })).toBe(0);
    const rows = await db.select({ id: clients.id }).from(clients).where(inArray(clients.id, Object.values(id)));
    expect(rows).toHaveLength(5);
  });
});
