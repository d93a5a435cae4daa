import { sql } from "drizzle-orm";
import { openDatabase, rowsOf, type DatabaseHandle } from "@/db/client";
import { seedLarge } from "@/db/seed/large";
import { directorStatusValues } from "@/db/schema";
import { clientSearchSchema, type ClientSearchInput } from "@/lib/schemas/client-search";
import { searchClients, type IndividualSearchRow } from "@/lib/server/clients/search-clients";
import { foldSearchCounts } from "@/lib/server/search-model/fold-search-counts";
import { createTestDatabase, dropTestDatabases } from "../setup/test-databases.mjs";
import { adminPrincipal } from "./support/test-users";

/*
 * The search's fast paths against the plain queries they replace, on generated data in a database
 * of this file's own (nothing else writes to it, so every count can be compared exactly):
 * - clients.director_count and the client view's status counts (search_counts), both kept by
 *   triggers, equal a count of the rows, as do each client's directors per status, the search's
 *   narrow copies of every director and client (director_search, client_search), the counts of
 *   short reference fragments (search_counts), and each client's earliest verify-by date (0040), and
 *   the individual view's status counts, read from search_counts (kept by triggers), equal
 *   a count(*) over directors joined to clients, after inserts, status changes, soft and hard
 *   deletes, a client deleted and restored, a director moved to another client, and after the
 *   deltas are folded;
 * - the individual view sorted by the individual's name or email (read from the partial indexes)
 *   gives the same pages as the plain ORDER BY.
 */

const NAME = `dvp_search_scale_${Date.now()}_${process.pid}`;
let handle: DatabaseHandle;
const admin = adminPrincipal();

beforeAll(async () => {
  const url = await createTestDatabase(NAME);
  handle = await openDatabase({ databaseUrl: url, migrate: false });
  await seedLarge(handle.db, { clients: 120, directors: 2_500 });
  // Verify-by dates (the generator sets none), so that each client's earliest (migration 0040) is
  // kept for real through the changes below.
  await handle.db.execute(sql`update clients set verify_by = current_date + ((id * 13) % 120 - 40) where id % 3 = 0`);
  await handle.db.execute(sql`update clients set confirmation_statement_due = current_date + ((id * 7) % 400 - 60) where id % 4 <> 1`);
  await handle.db.execute(sql`update directors set register_role = case when id % 5 = 0 then 'psc' else 'director' end,
    register_appointed_on = date '2025-06-01' + (id * 11) % 700, register_birth_month = 1 + id % 12 where id % 6 = 0`);
}, 120_000);

afterAll(async () => {
  await handle?.close();
  await dropTestDatabases(NAME);
});

const search = (input: ClientSearchInput) => searchClients({ db: handle.db, user: admin, query: clientSearchSchema.parse(input) });

/** The plain count the kept counts replace: status → count, zero counts left out. */
async function plainCounts(includeDeleted: boolean, status?: string): Promise<Record<string, number>> {
  const live = includeDeleted ? sql`true` : sql`d.is_deleted = false and c.is_deleted = false`;
  const only = status ? sql` and d.status = ${status}` : sql``;
  const rows = rowsOf<{ status: string; n: number }>(
    await handle.db.execute(sql`select d.status, count(*)::int as n from directors d join clients c on c.id = d.client_id where ${live}${only} group by 1`),
  );
  return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
}

/** The plain count of clients per status that search_counts replaces. */
async function plainClientCounts(includeDeleted: boolean): Promise<Record<string, number>> {
  const live = includeDeleted ? sql`true` : sql`is_deleted = false`;
  const rows = rowsOf<{ status: string; n: number }>(await handle.db.execute(sql`select status, count(*)::int as n from clients where ${live} group by 1`));
  return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
}

async function expectCountsExact() {
  for (const includeDeleted of [false, true]) {
    const result = await search({ includeDeleted });
    expect(Object.fromEntries(result.statusStats.filter((s) => s.count > 0).map((s) => [s.value, s.count]))).toEqual(await plainClientCounts(includeDeleted));
  }
  // clients.director_count (migration 0012): no client whose kept count differs from its rows.
  expect(rowsOf(await handle.db.execute(sql`select * from director_count_check()`))).toEqual([]);
  // Per client and status (migration 0017), and the search's narrow copy of every director.
  expect(rowsOf(await handle.db.execute(sql`select * from client_director_counts_check()`))).toEqual([]);
  expect(rowsOf(await handle.db.execute(sql`select * from director_search_check()`))).toEqual([]);
  expect(rowsOf(await handle.db.execute(sql`select * from client_search_check()`))).toEqual([]);
  // Every kept count: per status of directors and clients, per reference fragment.
  expect(rowsOf(await handle.db.execute(sql`select * from search_counts_check()`))).toEqual([]);
  // Each client's earliest verify-by date and its place in the default order (migration 0040).
  expect(rowsOf(await handle.db.execute(sql`select * from client_next_verify_by_check()`))).toEqual([]);
  for (const includeDeleted of [false, true]) {
    const expected = await plainCounts(includeDeleted);
    const result = await search({ tableViewMode: "individual", includeDeleted });
    const got = Object.fromEntries(result.statusStats.filter((s) => s.count > 0).map((s) => [s.value, s.count]));
    expect(got).toEqual(expected);
    expect(result.pager.totalCount).toBe(Object.values(expected).reduce((a, b) => a + b, 0));
    // A status tab and the individual status filter count that status alone.
    const tab = await search({ tableViewMode: "individual", includeDeleted, status: "Complete" });
    expect(tab.pager.totalCount).toBe(expected.Complete ?? 0);
    const filtered = await search({ tableViewMode: "individual", includeDeleted, filters: { individualStatus: "Rejected" } });
    expect(Object.fromEntries(filtered.statusStats.filter((s) => s.count > 0).map((s) => [s.value, s.count]))).toEqual(await plainCounts(includeDeleted, "Rejected"));
  }
}

test("generated data: the kept counts equal a count of the directors", async () => {
  const [all] = rowsOf<{ n: number }>(await handle.db.execute(sql`select count(*)::int as n from directors`));
  expect(Number(all!.n)).toBeGreaterThanOrEqual(2_500);
  await expectCountsExact();
});

test("the kept counts follow inserts, status changes, deletions, a client deleted and restored, directors moved", async () => {
  const db = handle.db;
  const ids = (rows: unknown) => rowsOf<{ id: number }>(rows).map((r) => Number(r.id));
  const clientIds = ids(await db.execute(sql`select id from clients order by id limit 3`));
  const [a, b, c] = clientIds as [number, number, number];

  await db.execute(sql`update directors set status = 'Complete' where id in (select id from directors where client_id = ${a} and status <> 'Complete' limit 3)`);
  await expectCountsExact();
  await db.execute(sql`update directors set is_deleted = true where id in (select id from directors where client_id = ${b} and is_deleted = false limit 2)`);
  await expectCountsExact();
  await db.execute(sql`update clients set is_deleted = true where id = ${c}`);
  await expectCountsExact();
  // Changes to a deleted client's directors leave the live counts alone.
  await db.execute(sql`update directors set status = 'Rejected' where client_id = ${c}`);
  await expectCountsExact();
  await db.execute(sql`update clients set is_deleted = false where id = ${c}`);
  await expectCountsExact();
  // Moved from a live client to a deleted one, and several statuses in one statement.
  await db.execute(sql`update clients set is_deleted = true where id = ${b}`);
  await db.execute(sql`update directors set client_id = ${b} where id in (select id from directors where client_id = ${a} order by id limit 2)`);
  await expectCountsExact();
  await db.execute(sql`update directors set status = (case when id % 2 = 0 then 'UnderReview' else 'Verified' end)::director_status where client_id = ${a}`);
  await expectCountsExact();
  // Searched columns changed: the narrow copy follows (and a search finds the new text only).
  await db.execute(sql`update directors set name = 'Quentin Renamed', email = 'quentin.renamed@example.test', price_override = 4200, idv_number = 'IDV-RENAMED'
    where id = (select min(x.id) from directors x join clients y on y.id = x.client_id where not x.is_deleted and not y.is_deleted)`);
  await expectCountsExact();
  expect((await search({ tableViewMode: "individual", globalSearch: "quentin renamed" })).clients.map((r) => (r as IndividualSearchRow).directorName)).toEqual(["Quentin Renamed"]);
  expect((await search({ tableViewMode: "individual", filters: { individual: "QUENTIN.RENAMED@" } })).pager.totalCount).toBe(1);
  // A reference changed: the client's joined references follow, read by the client view's short fragment.
  const [moved] = rowsOf<{ clientId: number }>(await db.execute(sql`update directors set reference = 'ZZRENAME' where name = 'Quentin Renamed' returning client_id as "clientId"`));
  await expectCountsExact();
  expect((await search({ filters: { individualReference: "zzr" } })).clients.map((r) => r.id)).toEqual([Number(moved!.clientId)]);
  // Inserted (one live, one deleted) and removed outright.
  await db.execute(sql`insert into directors (client_id, name, email, reference, status, is_deleted)
    values (${a}, 'Scale One', 'scale.one@example.test', 'ZZSCALE1', 'Verified', false), (${a}, 'Scale Two', 'scale.two@example.test', 'ZZSCALE2', 'Complete', true)`);
  await expectCountsExact();
  await db.execute(sql`delete from directors where reference in ('ZZSCALE1', 'ZZSCALE2')`);
  await expectCountsExact();
  // Client columns the filters test changed: the narrow copy follows.
  await db.execute(sql`update clients set main_contact_first_name = 'Zebedee', owner = 'tom.reid@portal.example', unit_price = 7100, in_kantata = not in_kantata where id = ${a}`);
  await expectCountsExact();
  expect((await search({ filters: { mainContact: "zebedee" } })).clients.map((r) => r.id)).toEqual([a]);
  // Clients: statuses changed in one statement, one inserted and removed outright.
  await db.execute(sql`update clients set status = (case when id % 2 = 0 then 'Completed' else 'New' end)::client_status where id in (${a}, ${b}, ${c})`);
  await expectCountsExact();
  await db.execute(sql`insert into clients (name, reference, main_contact_email, product_tier, journey, status)
    values ('Scale Client Ltd', 'ZZSCALEC', 'scale.client@example.test', 'OneOff', 'PayByInvoice', 'Onboarding')`);
  await expectCountsExact();
  await db.execute(sql`delete from clients where reference = 'ZZSCALEC'`);
  await expectCountsExact();
  // Register entries and the company's dates changed: each client's earliest verify-by date follows.
  await db.execute(sql`update directors set register_role = 'psc', register_appointed_on = current_date - 3, register_birth_month = null where client_id = ${a}`);
  await expectCountsExact();
  await db.execute(sql`update clients set confirmation_statement_due = current_date - 1, verify_by = null where id in (${a}, ${c})`);
  await expectCountsExact();
  // An update that changes nothing counted adds no delta row.
  const before = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from search_counts where subject = 'director' and gram = ''`))[0]!.n;
  await db.execute(sql`update directors set first_name = first_name where client_id = ${a}`);
  expect(rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from search_counts where subject = 'director' and gram = ''`))[0]!.n).toBe(before);
});

test("piled-up deltas are counted by a search as they are, then folded by the job, and the counts stay the same", async () => {
  const db = handle.db;
  for (let i = 0; i < 210; i++) {
    await db.execute(sql`update directors set status = (case when status = 'Verified' then 'Complete' else 'Verified' end)::director_status where id = (select min(id) from directors)`);
  }
  const piled = Number(rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from search_counts where subject = 'director' and gram = ''`))[0]!.n);
  expect(piled).toBeGreaterThan(200);
  await expectCountsExact();
  // The search only reads: the rows are still there after it.
  await search({ tableViewMode: "individual" });
  expect(Number(rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from search_counts where subject = 'director' and gram = ''`))[0]!.n)).toBe(piled);
  await foldSearchCounts({ db });
  expect(Number(rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from search_counts where subject = 'director' and gram = ''`))[0]!.n)).toBeLessThanOrEqual(2 * directorStatusValues.length);
  await expectCountsExact();
});

test("individual view sorted by the individual's name or email: the same pages as the plain ORDER BY", async () => {
  for (const [sortBy, column] of [
    ["directorName", sql`d.name`],
    ["directorEmail", sql`d.email`],
  ] as const) {
    for (const dir of ["asc", "desc"] as const) {
      for (const currentPage of [1, 7, 40]) {
        const result = await search({ tableViewMode: "individual", sortBy, sortDirection: dir, pagerModel: { currentPage, pageSize: 25 } });
        const expected = rowsOf<{ id: number }>(
          await handle.db.execute(sql`select d.id from directors d join clients c on c.id = d.client_id
            where d.is_deleted = false and c.is_deleted = false
            order by ${column} ${sql.raw(dir)}, d.id ${sql.raw(dir)} limit 25 offset ${(currentPage - 1) * 25}`),
        ).map((r) => Number(r.id));
        expect((result.clients as IndividualSearchRow[]).map((r) => r.directorId)).toEqual(expected);
      }
    }
  }
});
