import { sql, type SQL } from "drizzle-orm";
import { openDatabase, rowsOf, type DatabaseHandle } from "@/db/client";
import { seedLarge } from "@/db/seed/large";
import { CLIENT_SORT_KEYS, DIRECTOR_SORT_KEYS, type SortKey } from "@/lib/schemas/client-search-params";
import { clientSearchSchema, type ClientSearchInput, type ClientSearchRequest } from "@/lib/schemas/client-search";
import { searchClients, type IndividualSearchRow } from "@/lib/server/clients/search-clients";
import { clientPageFromMatches, plainTextSearch, referenceGram } from "@/lib/server/clients/search/chooser";
import { SEARCH_THRESHOLDS } from "@/lib/server/clients/search/config";
import { runSearch } from "@/lib/server/clients/search/run";
import { createTestDatabase, dropTestDatabases } from "../setup/test-databases.mjs";
import { adminPrincipal } from "./support/test-users";

/*
 * The admin search against a plain reference query, on generated data: the same rows in the same
 * order, the same status counts and the same total, for every sort key in both directions and both
 * views, status tabs, filters, global searches, deleted rows and deep pages.
 *
 * The reference is the search as the specification states it, written the obvious way (one
 * join, one WHERE of ORs, count(*) per status, ORDER BY ... OFFSET), with none of the search's
 * means of speed: no kept counts, no stored director count, no partial indexes chosen by literal
 * conditions, no union of one-column matches, no reading of deep pages from the other end (each
 * comparison runs twice: as served, and with every page taken for deep).
 */

// Each test compares hundreds of searches with the reference: correctness, not speed (the benchmark
// measures speed), so a slow or busy machine gets time enough.
jest.setTimeout(300_000);

const NAME = `dvp_search_oracle_${Date.now()}_${process.pid}`;
let handle: DatabaseHandle;
const admin = adminPrincipal();

beforeAll(async () => {
  const url = await createTestDatabase(NAME);
  handle = await openDatabase({ databaseUrl: url, migrate: false });
  await seedLarge(handle.db, { clients: 150, directors: 1_800 });
  // Some ties and empty values beyond the generator's: equal names, no owner, a deleted client
  // with live directors.
  await handle.db.execute(sql`update clients set name = 'Tied Name Ltd' where id % 17 = 0`);
  await handle.db.execute(sql`update clients set is_deleted = true where id % 23 = 0`);
  // The generator gives every director its client's main contact's email domain, which a
  // director's search text leaves out (migration 0048). Some others: directors of another domain,
  // main contacts' emails in capitals, emails with two @.
  await handle.db.execute(sql`update directors set email = split_part(email, '@', 1) || '@Elsewhere-' || (id % 4)::text || '.example' where id % 9 = 0`);
  await handle.db.execute(sql`update clients set main_contact_email = upper(main_contact_email) where id % 11 = 0`);
  await handle.db.execute(sql`update directors set email = replace(email, '@', '@x@') where id % 97 = 0`);
  // Verify-by dates around today (the generator sets none): requested dates and confirmation
  // statements past and to come, and register entries (directors appointed before and after
  // 18 November 2025, PSCs), so that some clients have someone overdue and others none.
  await handle.db.execute(sql`update clients set verify_by = current_date + ((id * 13) % 120 - 40) where id % 3 = 0`);
  await handle.db.execute(sql`update clients set confirmation_statement_due = current_date + ((id * 7) % 400 - 60) where id % 4 <> 1`);
  await handle.db.execute(sql`update directors set register_role = case when id % 5 = 0 then 'psc' else 'director' end,
    register_appointed_on = date '2025-06-01' + (id * 11) % 700, register_birth_month = 1 + id % 12 where id % 6 = 0`);
}, 120_000);

afterAll(async () => {
  await handle?.close();
  await dropTestDatabases(NAME);
});

const UK = "Europe/London";
const like = (term: string) => `%${term.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

/** The sort expression of the reference, over c (client), d (director) and n (live directors per client). */
const SORT_SQL: Record<SortKey, { expr: string; nullable: boolean; director: boolean }> = {
  createdAt: { expr: "c.created_at", nullable: false, director: false },
  updatedAt: { expr: "c.updated_at", nullable: false, director: false },
  name: { expr: "c.name", nullable: false, director: false },
  reference: { expr: "c.reference", nullable: false, director: false },
  sageId: { expr: "c.sage_id", nullable: true, director: false },
  companyId: { expr: "c.company_id", nullable: true, director: false },
  mainContactEmail: { expr: "c.main_contact_email", nullable: false, director: false },
  productTier: { expr: "c.product_tier", nullable: false, director: false },
  status: { expr: "c.status", nullable: false, director: false },
  journey: { expr: "c.journey", nullable: false, director: false },
  owner: { expr: "c.owner", nullable: true, director: false },
  unitPrice: { expr: "c.unit_price", nullable: true, director: false },
  fullPrice: { expr: "c.full_price", nullable: true, director: false },
  directorCount: { expr: "(select count(*) from directors x where x.client_id = c.id and not x.is_deleted)", nullable: false, director: false },
  kantataReference: { expr: "c.kantata_reference", nullable: true, director: false },
  inKantata: { expr: "c.in_kantata", nullable: false, director: false },
  nextVerifyBy: { expr: "", nullable: true, director: false },
  directorName: { expr: "d.name", nullable: false, director: true },
  directorEmail: { expr: "d.email", nullable: false, director: true },
  directorReference: { expr: "d.reference", nullable: false, director: true },
  directorStatus: { expr: "d.status", nullable: false, director: true },
  priceOverride: { expr: "d.price_override", nullable: true, director: true },
  idvNumber: { expr: "d.idv_number", nullable: true, director: true },
};

/**
 * A client's earliest verify-by date, counted the obvious way: the least of its people's still to
 * be verified (person_verify_by, migration 0040, is lib/domain/verify-by.ts in SQL; held to it by
 * tests/integration/verify-by-sql.test.ts), not the kept clients.next_verify_by.
 */
const NEXT_VERIFY_BY = `(select min(person_verify_by(c.verify_by, c.confirmation_statement_due, x.register_role, x.register_appointed_on, x.register_birth_month))
  from directors x where x.client_id = c.id and not x.is_deleted and x.status not in ('Complete', 'Rejected'))`;
const UK_TODAY = "(now() at time zone 'Europe/London')::date";
/** The clients with that date as `nv_ref`, computed once per client (`offset 0` keeps it from being pulled up into the join). */
const CLIENTS = `(select c.*, ${NEXT_VERIFY_BY} as nv_ref from clients c offset 0)`;

/** The reference's sort: the column, or for newest first clients with someone overdue first (then newest first). */
function sortSql(q: ClientSearchRequest): { expr: string; nullable: boolean; director: boolean } {
  if (q.sortBy === "nextVerifyBy") return { ...SORT_SQL.nextVerifyBy, expr: "c.nv_ref" };
  if (q.sortBy === "createdAt" && q.sortDirection === "desc") {
    return { ...SORT_SQL.createdAt, expr: `(case when c.nv_ref < ${UK_TODAY} then c.created_at + interval '10000 years' else c.created_at end)` };
  }
  return SORT_SQL[q.sortBy];
}

function dayFrom(column: string, value: string): SQL {
  return sql`${sql.raw(column)} >= (${value}::date::timestamp at time zone ${UK})`;
}
function dayTo(column: string, value: string): SQL {
  return sql`${sql.raw(column)} < ((${value}::date + 1)::timestamp at time zone ${UK})`;
}

/** The client's own columns match the term. */
const clientText = (p: string) =>
  sql`(c.name ilike ${p} or c.reference ilike ${p} or c.main_contact_email ilike ${p} or c.sage_id ilike ${p} or c.company_id ilike ${p})`;
/** The director's columns match the term. */
const directorText = (p: string, alias: string) => sql.raw(`(${alias}.name ilike $$${p}$$ or ${alias}.email ilike $$${p}$$ or ${alias}.reference ilike $$${p}$$)`);

/** Conditions of the reference on a director row `alias` (the individual filters). */
function directorFilters(q: ClientSearchRequest, alias: string): SQL[] {
  const f = q.filters;
  const out: SQL[] = [];
  if (!q.includeDeleted) out.push(sql.raw(`${alias}.is_deleted = false`));
  if (f.individual) out.push(sql.raw(`(${alias}.name ilike $$${like(f.individual)}$$ or ${alias}.email ilike $$${like(f.individual)}$$)`));
  if (f.individualReference) out.push(sql.raw(`${alias}.reference ilike $$${like(f.individualReference)}$$`));
  if (f.individualStatus) out.push(sql.raw(`${alias}.status = '${f.individualStatus}'`));
  return out;
}

function clientFilters(q: ClientSearchRequest): SQL[] {
  const f = q.filters;
  const out: SQL[] = [];
  if (!q.includeDeleted) out.push(sql`c.is_deleted = false`);
  if (f.name) out.push(sql`c.name ilike ${like(f.name)}`);
  if (f.reference) out.push(sql`c.reference ilike ${like(f.reference)}`);
  if (f.sageId) out.push(sql`c.sage_id ilike ${like(f.sageId)}`);
  if (f.companyId) out.push(sql`c.company_id ilike ${like(f.companyId)}`);
  if (f.kantataReference) out.push(sql`c.kantata_reference ilike ${like(f.kantataReference)}`);
  if (f.mainContact) {
    const p = like(f.mainContact);
    out.push(sql`(c.main_contact_email ilike ${p} or (coalesce(c.main_contact_first_name, '') || ' ' || coalesce(c.main_contact_last_name, '')) ilike ${p})`);
  }
  if (f.owner) out.push(sql`lower(c.owner) = lower(${f.owner})`);
  if (f.productTier) out.push(sql`c.product_tier = ${f.productTier}`);
  if (f.status) out.push(sql`c.status = ${f.status}`);
  if (f.createdAtFrom) out.push(dayFrom("c.created_at", f.createdAtFrom));
  if (f.createdAtTo) out.push(dayTo("c.created_at", f.createdAtTo));
  if (f.updatedAtFrom) out.push(dayFrom("c.updated_at", f.updatedAtFrom));
  if (f.priceFrom !== undefined) out.push(sql`c.unit_price >= ${f.priceFrom}`);
  if (f.priceTo !== undefined) out.push(sql`c.unit_price <= ${f.priceTo}`);
  if (f.fullPriceFrom !== undefined) out.push(sql`c.full_price >= ${f.fullPriceFrom}`);
  if (f.inKantata !== undefined) out.push(sql`c.in_kantata = ${f.inKantata}`);
  if (f.verifyWithinDays !== undefined) out.push(sql`c.nv_ref <= ${sql.raw(UK_TODAY)} + ${f.verifyWithinDays}::int`);
  return out;
}

const all = (parts: SQL[]) => (parts.length ? sql.join(parts, sql` and `) : sql`true`);

/** The reference answer: row ids in order, status counts, total. */
async function reference(q: ClientSearchRequest): Promise<{ ids: number[]; counts: Record<string, number>; total: number }> {
  const individual = q.tableViewMode === "individual";
  const sort = sortSql(q);
  const dir = q.sortDirection;
  const nulls = sort.nullable ? " nulls last" : "";
  const p = q.globalSearch ? like(q.globalSearch) : undefined;
  const offset = (q.pagerModel.currentPage - 1) * q.pagerModel.pageSize;
  const where = clientFilters(q);
  let from: SQL;
  let statusCol: string;
  let order: string;
  let idCol: string;
  if (!individual) {
    const df = directorFilters(q, "y");
    if (df.length > (q.includeDeleted ? 0 : 1)) where.push(sql`exists (select 1 from directors y where y.client_id = c.id and ${all(df)})`);
    if (p) {
      const live = q.includeDeleted ? "" : " and z.is_deleted = false";
      where.push(sql`(${clientText(p)} or exists (select 1 from directors z where z.client_id = c.id and ${directorText(p, "z")}${sql.raw(live)}))`);
    }
    from = sql.raw(`${CLIENTS} c`);
    statusCol = "c.status";
    idCol = "c.id";
    order = `${sort.expr} ${dir}${nulls}, c.id ${dir}`;
  } else {
    where.push(...directorFilters(q, "d"));
    if (p) where.push(sql`(${directorText(p, "d")} or ${clientText(p)})`);
    from = sql.raw(`directors d join ${CLIENTS} c on c.id = d.client_id`);
    statusCol = "d.status";
    idCol = "d.id";
    order = sort.director ? `${sort.expr} ${dir}${nulls}, d.id ${dir}` : `${sort.expr} ${dir}${nulls}, c.id ${dir}, d.id ${dir}`;
  }
  const countRows = rowsOf<{ status: string; n: number }>(
    await handle.db.execute(sql`select ${sql.raw(statusCol)} as status, count(*)::int as n from ${from} where ${all(where)} group by 1`),
  );
  const counts = Object.fromEntries(countRows.map((r) => [r.status, Number(r.n)]));
  const tab = q.status ? sql` and ${sql.raw(statusCol)} = ${q.status}` : sql``;
  const ids = rowsOf<{ id: number }>(
    await handle.db.execute(
      sql`select ${sql.raw(idCol)} as id from ${from} where ${all(where)}${tab} order by ${sql.raw(order)} limit ${q.pagerModel.pageSize} offset ${offset}`,
    ),
  ).map((r) => Number(r.id));
  const total = q.status ? (counts[q.status] ?? 0) : Object.values(counts).reduce((a, b) => a + b, 0);
  return { ids, counts, total };
}

async function expectSame(input: ClientSearchInput) {
  const q = clientSearchSchema.parse(input);
  const expected = await reference(q);
  // As served, and with every page taken for deep (counted first, the last half read from the far end).
  // A short reference fragment's page, or a page of clients filtered on text or owner, is also read
  // both ways: from its matches, and walked in order.
  // A text search counted first has its page both walked in order and read by sorting every match.
  const fewMatchesToo = referenceGram(q) || (q.tableViewMode === "client" && q.filters.individualReference) || clientPageFromMatches(q);
  const variants: { deepOffset?: number; fewMatches?: number; walkFactor?: number }[] = [
    {},
    { deepOffset: 0 },
    ...(fewMatchesToo ? [{ fewMatches: 0 }, { deepOffset: 0, fewMatches: 0 }] : []),
    ...(plainTextSearch(q) && q.tableViewMode === "individual" && (DIRECTOR_SORT_KEYS as readonly SortKey[]).includes(q.sortBy) ? [{ walkFactor: 0 }, { walkFactor: Infinity }] : []),
  ];
  for (const variant of variants) {
    // As served through the server function, and each other threshold through the internal entry point.
    const got = Object.keys(variant).length === 0 ? await searchClients({ db: handle.db, user: admin, query: q }) : await runSearch({ db: handle.db, query: q, thresholds: { ...SEARCH_THRESHOLDS, ...variant } });
    const ids = q.tableViewMode === "individual" ? (got.clients as IndividualSearchRow[]).map((r) => r.directorId) : got.clients.map((r) => r.id);
    const counts = Object.fromEntries(got.statusStats.filter((s) => s.count > 0).map((s) => [s.value, s.count]));
    expect({ input, variant, ids, counts, total: got.pager.totalCount }).toEqual({ input, variant, ...expected });
  }
}

/** The first page, a middle page, a page in the last half, and the last page of a shape. */
async function pagesOf(input: ClientSearchInput, pageSize = 10): Promise<number[]> {
  const q = clientSearchSchema.parse({ ...input, pagerModel: { currentPage: 1, pageSize } });
  const { total } = await reference(q);
  const last = Math.max(1, Math.ceil(total / pageSize));
  return [...new Set([1, Math.ceil(last / 2), Math.max(1, Math.floor((last * 4) / 5)), last, last + 1])];
}

const SORT_KEYS_BY_VIEW = {
  client: CLIENT_SORT_KEYS,
  individual: [...CLIENT_SORT_KEYS, ...DIRECTOR_SORT_KEYS],
} as const;

describe.each(["client", "individual"] as const)("%s view: the search equals the reference query", (view) => {
  test.each(SORT_KEYS_BY_VIEW[view].flatMap((key) => (["asc", "desc"] as const).map((dir) => [key, dir] as const)))(
    "sorted by %s %s, on the first, middle, late and last pages",
    async (sortBy, sortDirection) => {
      const input: ClientSearchInput = { tableViewMode: view, sortBy, sortDirection };
      for (const currentPage of await pagesOf(input)) await expectSame({ ...input, pagerModel: { currentPage, pageSize: 10 } });
    },
  );

  test("status tabs, with and without deleted rows", async () => {
    const statuses = view === "client" ? ["New", "InProgress", "Completed", "PaymentPending"] : ["AwaitingIDInfo", "Complete", "Rejected", "UnderReview"];
    for (const status of statuses) {
      for (const includeDeleted of [false, true]) {
        const input: ClientSearchInput = { tableViewMode: view, status, includeDeleted };
        for (const currentPage of await pagesOf(input)) await expectSame({ ...input, pagerModel: { currentPage, pageSize: 10 } });
      }
    }
  });

  test("global searches: surnames, company words, references, emails, sage ids, nothing found", async () => {
    // Across the @ of a director's email whose domain is its client's main contact's: the end of
    // its local part, the @ and the start of the domain, which its client's text does not hold.
    const [across] = rowsOf<{ term: string }>(
      await handle.db.execute(sql`select right(split_part(d.email, '@', 1), 2) || '@' || left(split_part(d.email, '@', 2), 4) as term
        from directors d join clients c on c.id = d.client_id
        where split_part(d.email, '@', 2) = lower(split_part(c.main_contact_email, '@', 2)) and not d.is_deleted and not c.is_deleted
        order by d.id limit 1`),
    );
    // Words of a domain, alone, after its @ and across it.
    for (const globalSearch of ["smith", "Kestrel", "ZD2223", "oliver.", "SG0001", "1000012", "no-such-thing", "50%_off", "@kestrel", across!.term, "elsewhere"]) {
      for (const sortBy of ["createdAt", "name", "directorCount", "nextVerifyBy", ...(view === "individual" ? ["directorName"] : [])] as SortKey[]) {
        const input: ClientSearchInput = { tableViewMode: view, globalSearch, sortBy };
        for (const currentPage of await pagesOf(input)) await expectSame({ ...input, pagerModel: { currentPage, pageSize: 10 } });
      }
      await expectSame({ tableViewMode: view, globalSearch, includeDeleted: true, status: view === "client" ? "InProgress" : "Complete" });
      await expectSame({ tableViewMode: view, globalSearch, filters: { individualStatus: "Complete" } });
      await expectSame({ tableViewMode: view, globalSearch, filters: { verifyWithinDays: 30 } });
      await expectSame({ tableViewMode: view, globalSearch, filters: { individualStatus: "Complete" }, includeDeleted: true, sortBy: view === "client" ? "name" : "directorName" });
    }
  });

  test("short reference fragments (counted from search_counts in individual view)", async () => {
    for (const individualReference of ["ZD", "zd0", "Q", "7k", "Z", "x%", "no"]) {
      for (const sortBy of ["createdAt", "name", "directorCount", ...(view === "individual" ? ["directorName", "directorReference", "idvNumber"] : [])] as SortKey[]) {
        for (const sortDirection of ["asc", "desc"] as const) {
          const input: ClientSearchInput = { tableViewMode: view, filters: { individualReference }, sortBy, sortDirection };
          for (const currentPage of await pagesOf(input)) await expectSame({ ...input, pagerModel: { currentPage, pageSize: 10 } });
        }
      }
      for (const includeDeleted of [false, true]) {
        await expectSame({ tableViewMode: view, filters: { individualReference, individualStatus: "Complete" }, includeDeleted });
        await expectSame({ tableViewMode: view, filters: { individualReference }, includeDeleted, status: view === "client" ? "InProgress" : "Rejected" });
      }
    }
  });

  test("filters alone and together", async () => {
    const filterSets: NonNullable<ClientSearchInput["filters"]>[] = [
      { name: "harbour" },
      { reference: "ZC00" },
      { owner: "TOM.REID@portal.example" },
      { productTier: "Managed" },
      { status: "Completed" },
      { createdAtFrom: "2025-01-01", createdAtTo: "2026-06-30" },
      { priceFrom: 6500 },
      { priceFrom: 6000, priceTo: 6500, fullPriceFrom: 20000 },
      { updatedAtFrom: "2025-06-01" },
      { sageId: "sg0001" },
      { companyId: "1000012" },
      { kantataReference: "kan" },
      { mainContact: "SMITH" },
      { mainContact: "a b" },
      { owner: "tom.reid@portal.example", productTier: "Managed", inKantata: false },
      { inKantata: true },
      { individual: "patel" },
      // In a name only (emails have no spaces), in an email only (names have no dots).
      { individual: "a p" },
      { individual: ".example" },
      // In a domain, in another domain after its @, across the @.
      { individual: "kestrel" },
      { individual: "@elsewhere-1" },
      { individual: "7@k" },
      { individualStatus: "Rejected" },
      // Generated references are ZD222 and three symbols here: about half of them, then a few.
      { individualReference: "ZD2223" },
      { individualReference: "2223a" },
      { productTier: "Managed", individual: "smith", individualStatus: "Complete" },
      { individual: "smith", individualStatus: "Complete" },
      { individualReference: "zd2223", individual: "a" },
    ];
    for (const filters of filterSets) {
      for (const sortBy of ["createdAt", "fullPrice", ...(view === "individual" ? ["idvNumber", "directorName", "directorStatus"] : [])] as SortKey[]) {
        const input: ClientSearchInput = { tableViewMode: view, filters, sortBy };
        for (const currentPage of await pagesOf(input)) await expectSame({ ...input, pagerModel: { currentPage, pageSize: 10 } });
      }
    }
    // A term in clients' domains (their directors of that domain counted per client): with deleted
    // rows, of one status, on a tab.
    for (const includeDeleted of [false, true]) {
      await expectSame({ tableViewMode: view, filters: { individual: "kestrel", individualStatus: "Complete" }, includeDeleted });
      await expectSame({ tableViewMode: view, filters: { individual: "example" }, includeDeleted, status: view === "client" ? "InProgress" : "Complete" });
    }
  });

  test("verify-by dates: someone due within N days (overdue included), the earliest date's sort, overdue first by default", async () => {
    const filterSets: NonNullable<ClientSearchInput["filters"]>[] = [
      { verifyWithinDays: 0 },
      { verifyWithinDays: 30 },
      { verifyWithinDays: 3650 },
      { verifyWithinDays: 45, productTier: "Managed" },
      { verifyWithinDays: 20, individual: "smith" },
      { verifyWithinDays: 60, individualStatus: "AwaitingIDInfo" },
      { verifyWithinDays: 60, individualReference: "ZD" },
    ];
    const sorts: [SortKey, "asc" | "desc"][] = [
      ["createdAt", "desc"],
      ["createdAt", "asc"],
      ["nextVerifyBy", "asc"],
      ["nextVerifyBy", "desc"],
      ...(view === "individual" ? ([["directorName", "asc"]] as [SortKey, "asc" | "desc"][]) : []),
    ];
    for (const filters of filterSets) {
      for (const [sortBy, sortDirection] of sorts) {
        const input: ClientSearchInput = { tableViewMode: view, filters, sortBy, sortDirection };
        for (const currentPage of await pagesOf(input)) await expectSame({ ...input, pagerModel: { currentPage, pageSize: 10 } });
      }
    }
    // The data has clients with someone overdue, so the default order does move them first.
    const overdue = rowsOf<{ n: number }>(await handle.db.execute(sql`select count(*)::int as n from clients where next_verify_by < ${sql.raw(UK_TODAY)} and not is_deleted`));
    expect(Number(overdue[0]!.n)).toBeGreaterThan(0);
  });
});
