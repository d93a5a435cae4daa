import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { alias, type AnyPgColumn } from "drizzle-orm/pg-core";
import { rowsOf, type Db } from "@/db/client";
import {
  clients,
  clientStatusValues,
  directors,
  directorStatusValues,
  type ClientStatus,
  type DirectorStatus,
  type Journey,
  type ProductTier,
} from "@/db/schema";
import { can } from "@/lib/auth/permissions";
import type { Principal } from "@/lib/auth/principal";
import { translator } from "@/lib/i18n/translator";
import type { SortKey } from "@/lib/schemas/client-search-params";
import type { ClientSearchRequest } from "@/lib/schemas/client-search";
import { clientStatusLifecycleOrder, directorStatusLifecycleOrder } from "@/lib/domain/values";
import { AppError } from "@/lib/server/app-error";
import { pagerFor, pageWindow, type Pager, type PageWindow } from "@/lib/pager";

/*
 * The admin client search (docs/domain.md "Client search request" / "Search response"): the status counts
 * and the page's rows come back as JSON, from one SQL statement for a global search or two that run
 * side by side otherwise. How it stays fast (docs/speed.md; measured by `npm run bench`):
 * - Text matches are `ILIKE '%term%'` with `%`, `_` and `\` escaped. Directors' text is matched on
 *   director_search (migration 0017), a narrow copy of each director kept by triggers, as
 *   `text like lower(pattern)` on one trigram index of its stored lower-cased name, email and
 *   reference joined with a separator no term can hold (0026); clients' text on client_search's
 *   indexes of each lower-cased column (0022), or clients' own expression index (0014).
 * - A global search or an individual text filter with nothing else (buildTextSearchStatements)
 *   reads each match once, counts clients by the status each director's row carries (0025), sums
 *   the directors of clients whose own text matches, and walks the clients' sort index on the
 *   hashed matches for the page.
 * - The set of matches of a text search is computed once (a CTE that the counts and the page share).
 * - Counts come from one grouped query (the total is their sum, or the count of the status tab), or
 *   from what triggers keep: director_status_counts and client_status_counts (migrations 0011,
 *   0015) without conditions, each client's directors per status in client_search (0018) with
 *   conditions on the client only, director_reference_grams (0019) for a short reference fragment
 *   (in client view, the clients whose joined directors' references in client_search contain it, 0028).
 * - In individual view, client conditions are tested on client_search, the clients' filtered columns
 *   under the same names, next to each client's directors per status.
 * - The page is found on ids and sort keys only; the row JSON and the director count are built for
 *   the rows of the page alone.
 * - Individual view sorted by a client column orders the clients first and joins their directors
 *   lazily (nested loop + incremental sort), so a page costs a few index probes instead of a sort
 *   of 100,000 joined rows; sorted by an individual's name, email, reference or status, it reads
 *   director_search's (column, id) index, which carries the status and deletion flags.
 * - The number of individuals is clients.director_count, kept by triggers (migration 0012): sorting
 *   by it reads the partial (director_count, id) index instead of counting every director.
 * - `is_deleted = false` is written as a literal so that partial indexes stay usable.
 * The pool turns JIT compilation off (db/client.ts): it would add 10–300 ms, and a text search sorted
 * by an individual's column is estimated above the threshold, since its plan holds both pages, the
 * walked one and the sorted one (only one runs).
 */

const c = alias(clients, "c");
const d = alias(directors, "d");

const UK = "Europe/London";

export interface ClientSearchRow {
  /** `c-<client id>` in client view, `d-<director id>` in individual view. */
  tableRowId: string;
  id: number;
  name: string;
  reference: string;
  sageId: string | null;
  companyId: string | null;
  mainContactEmail: string;
  productTier: ProductTier;
  status: ClientStatus;
  journey: Journey;
  owner: string | null;
  /** Pence. */
  unitPrice: number | null;
  /** Pence. */
  fullPrice: number | null;
  /** Directors of the client that are not deleted. */
  directorCount: number;
  createdAt: Date;
  updatedAt: Date;
  inKantata: boolean;
  kantataReference: string | null;
  isDeleted: boolean;
  /** The earliest verify-by date (`YYYY-MM-DD`) of the client's people still to be verified, or null. */
  nextVerifyBy: string | null;
  /** That date has passed (UK date): someone is overdue. */
  overdue: boolean;
}

export interface IndividualSearchRow extends ClientSearchRow {
  directorId: number;
  directorName: string;
  directorEmail: string;
  directorReference: string;
  directorStatus: DirectorStatus;
  /** Pence. */
  priceOverride: number | null;
  idvNumber: string | null;
  directorIsDeleted: boolean;
}

export interface StatusStat {
  value: string;
  label?: string;
  count: number;
}

export interface ClientSearchResult {
  /** Every status of the view (client statuses, or director statuses in individual view), in spec order. */
  statusStats: StatusStat[];
  clients: ClientSearchRow[] | IndividualSearchRow[];
  pager: Pager;
}

/** `%term%` for ILIKE, with the pattern characters of the term (`%`, `_`, `\`) taken literally. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

const isDay = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v);

function dateRange(column: AnyPgColumn, from?: string, to?: string): SQL[] {
  const out: SQL[] = [];
  if (from) out.push(isDay(from) ? sql`${column} >= (${from}::date::timestamp at time zone ${UK})` : sql`${column} >= ${from}::timestamptz`);
  if (to) out.push(isDay(to) ? sql`${column} < ((${to}::date + 1)::timestamp at time zone ${UK})` : sql`${column} <= ${to}::timestamptz`);
  return out;
}

const and = (parts: SQL[]) => (parts.length ? sql.join(parts, sql` and `) : sql`true`);

type Filters = ClientSearchRequest["filters"];

/** Conditions on the client (alias c), deleted clients included or not. */
function clientConditions(f: Filters, includeDeleted: boolean): { all: SQL[]; filtered: boolean; onSearchRow: SQL[] } {
  /**
   * The conditions served by client_search's own indexes (clients has none for most of them):
   * text (migration 0022), owner (0023).
   * `lower(x) like lower(p)` is what ILIKE does, at about half its cost per row checked.
   */
  const onSearchRow: SQL[] = [];
  const contains = (column: AnyPgColumn, value?: string) => {
    if (value) onSearchRow.push(sql`lower(${column}) like lower(${containsPattern(value)})`);
  };
  contains(c.name, f.name);
  contains(c.sageId, f.sageId);
  contains(c.reference, f.reference);
  contains(c.companyId, f.companyId);
  contains(c.kantataReference, f.kantataReference);
  if (f.mainContact) {
    const p = containsPattern(f.mainContact);
    onSearchRow.push(
      sql`(lower(${c.mainContactEmail}) like lower(${p}) or lower(coalesce(${c.mainContactFirstName}, '') || ' ' || coalesce(${c.mainContactLastName}, '')) like lower(${p}))`,
    );
  }
  if (f.owner) onSearchRow.push(sql`lower(${c.owner}) = lower(${f.owner})`);
  const out: SQL[] = [...onSearchRow];
  if (f.productTier) out.push(sql`${c.productTier} = ${f.productTier}`);
  if (f.status) out.push(sql`${c.status} = ${f.status}`);
  out.push(...dateRange(c.createdAt, f.createdAtFrom, f.createdAtTo));
  out.push(...dateRange(c.updatedAt, f.updatedAtFrom, f.updatedAtTo));
  if (f.priceFrom !== undefined) out.push(sql`${c.unitPrice} >= ${f.priceFrom}`);
  if (f.priceTo !== undefined) out.push(sql`${c.unitPrice} <= ${f.priceTo}`);
  if (f.fullPriceFrom !== undefined) out.push(sql`${c.fullPrice} >= ${f.fullPriceFrom}`);
  if (f.fullPriceTo !== undefined) out.push(sql`${c.fullPrice} <= ${f.fullPriceTo}`);
  if (f.inKantata !== undefined) out.push(f.inKantata ? sql`${c.inKantata} = true` : sql`${c.inKantata} = false`);
  if (f.verifyWithinDays !== undefined) {
    // Someone of the client is to be verified by today + N days, or is overdue: the client's
    // earliest date (kept by triggers, migration 0040) on its index. Written on the id so that it
    // reads the same on clients and on client_search (which has no such column).
    out.push(sql`${c.id} in (select "x"."id" from ${clients} "x" where "x"."next_verify_by" <= uk_today() + ${f.verifyWithinDays}::int)`);
  }
  const filtered = out.length > 0;
  if (!includeDeleted) out.unshift(sql`${c.isDeleted} = false`);
  return { all: out, filtered, onSearchRow };
}

/**
 * A client's searchable columns in one text, as indexed by clients_search_text_trgm_idx (migration
 * 0014): one trigram index scan for the five. The separator, \x01, cannot be in a term (control
 * characters are refused), so a term never matches across two columns: the match is exactly "one
 * of the columns contains the term".
 */
const clientSearchText = sql`(${clients.name} || E'\\x01' || ${clients.reference} || E'\\x01' || ${clients.mainContactEmail}
  || E'\\x01' || coalesce(${clients.sageId}, '') || E'\\x01' || coalesce(${clients.companyId}, ''))`;

/** Ids of clients whose own columns match a global search. */
function clientsMatching(term: string): SQL {
  return sql`select ${clients.id} from ${clients} where ${clientSearchText} ilike ${containsPattern(term)}`;
}

/**
 * The same match on a client_search row (alias k): each of the five columns on its own trigram index
 * of the lower-cased text (migration 0022), read from the narrow row, which also carries the client's
 * directors per status.
 */
const k = sql.identifier("k");
const searchRowClientMatches = (pattern: string) =>
  sql`(${sql.join(
    ["name", "reference", "main_contact_email", "sage_id", "company_id"].map((name) => sql`lower(${k}.${sql.identifier(name)}) like lower(${pattern})`),
    sql` or `,
  )})`;

/*
 * director_search (migration 0017): one narrow row per director (s), kept by triggers in the same
 * transaction as every change, with the columns a text search matches and sorts on, the status and
 * whether the director or its client is deleted. Every text condition on directors is read there:
 * the trigram index on the lower-cased text finds the candidates, and checking and counting them
 * touches narrow rows instead of the wide directors table. `lower(text) like lower(pattern)` is
 * what ILIKE does (PostgreSQL lower-cases both sides), so the matches are the same.
 */
const s = sql.identifier("s");
const directorSearch = sql`"director_search" ${s}`;
/** The row's name, email and reference in one lower-cased text, stored (migration 0026) and indexed by director_search_text_trgm_idx. */
const searchRowText = sql`${s}."search_text"`;
const rowContains = (column: "name" | "email" | "reference", pattern: string) => sql`lower(${s}.${sql.identifier(column)}) like lower(${pattern})`;
/** The row's text contains the pattern: one trigram index scan, then a check of the narrow row. */
const rowMatches = (pattern: string) => sql`${searchRowText} like lower(${pattern})`;

/**
 * The same test as rowContains on a director_text row (alias s), which holds the text alone: the
 * column's part of it (the separator cannot be in a term).
 */
const textPartContains = (column: "name" | "email" | "reference", pattern: string) =>
  sql`split_part(${s}."search_text", E'\\x01', ${sql.raw(String(["name", "email", "reference"].indexOf(column) + 1))}) like lower(${pattern})`;

/**
 * Conditions on a director_search row for the individual filters (other than a global search):
 * name or email, reference, status; deleted directors (and directors of deleted clients, unless
 * the client is joined and checked) left out unless `includeDeleted`. `form`: "probe" tests the
 * reference on director_search's client index alone (migration 0021), "text" writes the same
 * conditions on a director_text row.
 */
function searchRowConditions(f: Filters, includeDeleted: boolean, clientChecked: boolean, form: "row" | "probe" | "text" = "row"): SQL[] {
  const out: SQL[] = [];
  const part = form === "text" ? textPartContains : rowContains;
  if (f.individual) {
    const p = containsPattern(f.individual);
    out.push(sql`${rowMatches(p)} and (${part("name", p)} or ${part("email", p)})`);
  }
  if (f.individualReference) {
    const p = containsPattern(f.individualReference);
    out.push(form === "probe" ? rowContains("reference", p) : sql`${rowMatches(p)} and ${part("reference", p)}`);
  }
  return [...out, ...scopeConditions(f.individualStatus, includeDeleted, clientChecked)];
}

/**
 * The rows of director_search (or director_text, alias s) in scope without any text: of the
 * individual status if one is asked for; deleted directors (and directors of deleted clients,
 * unless the client is joined and checked) left out unless `includeDeleted`.
 */
function scopeConditions(status: DirectorStatus | undefined, includeDeleted: boolean, clientChecked: boolean): SQL[] {
  const out: SQL[] = [];
  if (status) out.push(sql`${s}."status" = ${status}`);
  if (!includeDeleted) {
    out.push(sql`${s}."is_deleted" = false`);
    if (!clientChecked) out.push(sql`${s}."client_deleted" = false`);
  }
  return out;
}

/** 1-based position of a director status in the per-client count arrays (the enum's order). */
const statusPosition = (status: DirectorStatus) => directorStatusValues.indexOf(status) + 1;

/**
 * client_search (migration 0018): a narrow copy of each client, kept by triggers, with the columns
 * the client filters test under the same names as in clients (so that the same conditions on alias
 * c apply to it) and the client's directors per status: `live` counts those not deleted, `alld`
 * every one.
 */
const clientSearch = sql`"client_search" ${c}`;
const perClientCounts = (includeDeleted: boolean, alias: SQL = sql`${c}`) => sql`${alias}.${sql.identifier(includeDeleted ? "alld" : "live")}`;

/** Conditions on the director (alias d) when no text filter applies: status, deletion. */
function directorConditions(f: Filters, includeDeleted: boolean): { all: SQL[]; filtered: boolean; text: boolean } {
  const out: SQL[] = [];
  if (f.individualStatus) out.push(sql`${d.status} = ${f.individualStatus}`);
  const filtered = out.length > 0 || !!(f.individual || f.individualReference);
  if (!includeDeleted) out.unshift(sql`${d.isDeleted} = false`);
  return { all: out, filtered, text: !!(f.individual || f.individualReference) };
}

interface SortSpec {
  expr: SQL;
  nullable: boolean;
  director: boolean;
  /** The same column of director_search (alias s), for a director's column. */
  searchRow?: SQL;
}

/** Director columns with an index on director_search (migration 0018). */
const INDEXED_SEARCH_ROW_SORTS = new Set<SortKey>(["directorName", "directorEmail", "directorReference", "directorStatus"]);

const column = (expr: SQL, nullable = false, director = false, searchRow?: string): SortSpec => ({
  expr,
  nullable,
  director,
  searchRow: searchRow ? sql`${s}.${sql.identifier(searchRow)}` : undefined,
});

const SORTS: Record<SortKey, SortSpec> = {
  createdAt: column(sql`${c.createdAt}`),
  updatedAt: column(sql`${c.updatedAt}`),
  name: column(sql`${c.name}`),
  reference: column(sql`${c.reference}`),
  sageId: column(sql`${c.sageId}`, true),
  companyId: column(sql`${c.companyId}`, true),
  mainContactEmail: column(sql`${c.mainContactEmail}`),
  productTier: column(sql`${c.productTier}`),
  status: column(sql`${c.status}`),
  journey: column(sql`${c.journey}`),
  owner: column(sql`${c.owner}`, true),
  unitPrice: column(sql`${c.unitPrice}`, true),
  fullPrice: column(sql`${c.fullPrice}`, true),
  directorCount: column(sql`${c.directorCount}`),
  kantataReference: column(sql`${c.kantataReference}`, true),
  inKantata: column(sql`${c.inKantata}`),
  nextVerifyBy: column(sql`${c.nextVerifyBy}`, true),
  directorName: column(sql`${d.name}`, false, true, "name"),
  directorEmail: column(sql`${d.email}`, false, true, "email"),
  directorReference: column(sql`${d.reference}`, false, true, "reference"),
  directorStatus: column(sql`${d.status}`, false, true, "status"),
  priceOverride: column(sql`${d.priceOverride}`, true, true, "price_override"),
  idvNumber: column(sql`${d.idvNumber}`, true, true, "idv_number"),
};

/**
 * The default order, newest first, puts clients with someone overdue first: it reads
 * clients.priority_at (created_at, moved 10,000 years on while the client's earliest verify-by date
 * has passed; kept by triggers and a nightly job, migration 0040), one non-null column with its own
 * (priority_at, id) index, so the page is still an index walk. Oldest first is created_at alone.
 */
const PRIORITY: SortSpec = column(sql`${c.priorityAt}`);

/** How a search is sorted: its column, or for newest first the default order (PRIORITY). */
export function sortOf(query: Pick<ClientSearchRequest, "sortBy" | "sortDirection">): SortSpec {
  return query.sortBy === "createdAt" && query.sortDirection === "desc" ? PRIORITY : SORTS[query.sortBy];
}

/** `expr asc|desc`; empty values last either way (non-null columns keep their index order). */
function orderTerm(expr: SQL, direction: "asc" | "desc", nullable = false): SQL {
  const dir = sql.raw(direction);
  return nullable ? sql`${expr} ${dir} nulls last` : sql`${expr} ${dir}`;
}

/** orderTerm's exact reverse: the same rows read from the other end (empty values first). */
function reverseTerm(expr: SQL, direction: "asc" | "desc", nullable = false): SQL {
  const dir = sql.raw(direction === "asc" ? "desc" : "asc");
  return nullable ? sql`${expr} ${dir} nulls first` : sql`${expr} ${dir}`;
}


const clientJson = sql`'id', ${c.id}, 'name', ${c.name}, 'reference', ${c.reference}, 'sageId', ${c.sageId},
  'companyId', ${c.companyId}, 'mainContactEmail', ${c.mainContactEmail}, 'productTier', ${c.productTier},
  'status', ${c.status}, 'journey', ${c.journey}, 'owner', ${c.owner}, 'unitPrice', ${c.unitPrice},
  'fullPrice', ${c.fullPrice}, 'createdAt', ${c.createdAt}, 'updatedAt', ${c.updatedAt}, 'inKantata', ${c.inKantata},
  'kantataReference', ${c.kantataReference}, 'isDeleted', ${c.isDeleted},
  'directorCount', ${c.directorCount}, 'nextVerifyBy', ${c.nextVerifyBy}, 'overdue', coalesce(${c.nextVerifyBy} < uk_today(), false)`;

const directorJson = sql`'directorId', ${d.id}, 'directorName', ${d.name}, 'directorEmail', ${d.email},
  'directorReference', ${d.reference}, 'directorStatus', ${d.status}, 'priceOverride', ${d.priceOverride},
  'idvNumber', ${d.idvNumber}, 'directorIsDeleted', ${d.isDeleted}`;

/** The JSON rows of a client-view page, from the CTE "page" (`id`, sort key `k`), in its order. */
function clientRows(query: ClientSearchRequest): SQL {
  const sort = sortOf(query);
  return sql`select coalesce(json_agg(json_build_object(${clientJson})
      order by ${orderTerm(sql`"p"."k"`, query.sortDirection, sort.nullable)}, ${orderTerm(sql`"p"."id"`, query.sortDirection)}), '[]'::json)
    from "page" as "p" join ${clients} ${c} on ${c.id} = "p"."id"`;
}

/** The JSON rows of an individual-view page, from the CTE `from` (`id`, sort key `k`, client `cid`), in its order. */
function individualRows(query: ClientSearchRequest, from = "page"): SQL {
  const sort = sortOf(query);
  const dir = query.sortDirection;
  const rowOrder = [orderTerm(sql`"p"."k"`, dir, sort.nullable), ...(sort.director ? [] : [orderTerm(sql`"p"."cid"`, dir)]), orderTerm(sql`"p"."id"`, dir)];
  return sql`select coalesce(json_agg(json_build_object(${clientJson}, ${directorJson}) order by ${sql.join(rowOrder, sql`, `)}), '[]'::json)
    from ${sql.identifier(from)} as "p" join ${directors} ${d} on ${d.id} = "p"."id" join ${clients} ${c} on ${c.id} = ${d.clientId}`;
}

/**
 * An individual-view page in the order of a client column: the clients walked in that order (their
 * sort index), each one's directors that meet `rowConditions` probed on director_search's client
 * index (a lateral join kept apart by `offset 0`), until the page is full. The clients' query
 * reads the sort index alone: a column from the client's row there would make the planner sort
 * every client rather than walk the index.
 */
function clientOrderWalk(o: {
  clientWhere: SQL[];
  sort: SortSpec;
  dir: "asc" | "desc";
  term: typeof orderTerm;
  rowConditions: SQL[];
  range: SQL;
}): SQL {
  const { sort, dir, term } = o;
  return sql`select "r"."id", "o"."k" as "k", "o"."id" as "cid" from (
      select ${c.id} as "id", ${sort.expr} as "k" from ${clients} ${c} where ${and(o.clientWhere)}
      order by ${term(sql`"k"`, dir, sort.nullable)}, ${term(sql`${c.id}`, dir)} offset 0
    ) as "o" cross join lateral (
      select ${s}."director_id" as "id" from ${directorSearch} where ${s}."client_id" = "o"."id" and ${and(o.rowConditions)} offset 0
    ) as "r"
    order by ${term(sql`"o"."k"`, dir, sort.nullable)}, ${term(sql`"o"."id"`, dir)}, ${term(sql`"r"."id"`, dir)}
    ${o.range}`;
}

/**
 * Directors per status summed over per-client count arrays (client_search's `live` or `alld`, in the
 * enum's order) of the rows `from` gives: (value, count) rows, zero counts and, with `onlyStatus`,
 * every other status left out.
 */
function summedStatusCounts(counts: SQL, from: SQL, onlyStatus?: DirectorStatus): SQL {
  const sums = sql.join(directorStatusValues.map((_, i) => sql`coalesce(sum(${counts}[${i + 1}]), 0)::int`), sql`, `);
  return sql`select "e"."value"::text as "value", "e"."count" from (select array[${sums}] as "a" from ${from}) as "x"
    cross join unnest(enum_range(null::director_status), "x"."a") as "e"("value", "count")
    where "e"."count" <> 0${onlyStatus ? sql` and "e"."value" = ${onlyStatus}` : sql``}`;
}

/** A statement's counts as JSON, `[[status, count], ...]`. */
const statsJson = (stats: SQL) => sql`(select coalesce(json_agg(json_build_array("s"."value", "s"."count")), '[]'::json) from (${stats}) as "s")`;

/** Tables of status counts kept by triggers (migrations 0011 and 0015). */
type KeptCounts = "client_status_counts" | "director_status_counts";

/**
 * Status counts summed from a kept-counts table: exact, from a handful of rows instead of a count
 * of every row. Scope 'live' leaves out deleted rows (and, for directors, the directors of deleted
 * clients).
 */
function keptCounts(table: KeptCounts, includeDeleted: boolean, onlyStatus?: string): SQL {
  const only = onlyStatus ? sql` and "status" = ${onlyStatus}` : sql``;
  return sql`select "status" as "value", sum("delta")::int as "count" from ${sql.identifier(table)}
    where "scope" = ${includeDeleted ? "all" : "live"}${only} group by 1 having sum("delta") <> 0`;
}

/**
 * The fragment whose counts director_reference_grams keeps, when it alone decides the search: the
 * individual reference filter with one to three characters, in individual view, with no other text
 * (global search, individual name) and no condition on the client.
 */
export function referenceGram(query: ClientSearchRequest): string | undefined {
  const term = shortReferenceFragment(query.filters);
  if (query.tableViewMode !== "individual" || !term || query.globalSearch) return undefined;
  return clientConditions(query.filters, query.includeDeleted).filtered ? undefined : term;
}

/** The individual reference filter's fragment when it has one to three characters and is the only director text filter. */
function shortReferenceFragment(f: Filters): string | undefined {
  const term = f.individualReference;
  return term && [...term].length <= 3 && !f.individual ? term : undefined;
}

/**
 * The client view's test of an individual reference fragment of one to three characters, the only
 * individual filter, on a client_search row (alias c): its directors' references, joined in one
 * text (migration 0028), contain it. Such a fragment can match a director in nearly every client
 * (one symbol is in about a quarter of references): this tests each client with one LIKE, where
 * probing each client's directors took five times as long at a million directors.
 */
function directorReferencesOnSearchRow(query: ClientSearchRequest): SQL | undefined {
  const f = query.filters;
  const fragment = shortReferenceFragment(f);
  if (query.tableViewMode !== "client" || fragment === undefined || f.individualStatus) return undefined;
  const p = containsPattern(fragment);
  const live = sql`${c}."live_refs" like lower(${p})`;
  return query.includeDeleted ? sql`(${live} or ${c}."deleted_refs" like lower(${p}))` : live;
}

/** Directors (live, or all with deleted ones) whose reference contains the fragment, from director_reference_grams. */
async function referenceFragmentMatches(db: Db, term: string, includeDeleted: boolean): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await db.execute(sql`select coalesce(sum("delta"), 0)::int as "n" from "director_reference_grams" where "gram" = lower(${term}) and "scope" = ${includeDeleted ? "all" : "live"}`),
  );
  return Number(row?.n ?? 0);
}

/**
 * Whether a client-view page may be read from its matching clients rather than by walking the
 * sort index (searchClients counts them first and does so when they are few): a text or owner
 * filter on the client, whose matches may lie anywhere in the sort order.
 */
export function clientPageFromMatches(query: ClientSearchRequest): boolean {
  if (query.tableViewMode !== "client" || query.globalSearch) return false;
  return clientConditions(query.filters, query.includeDeleted).onSearchRow.length > 0 || directorReferencesOnSearchRow(query) !== undefined;
}

/** Matches under which a reference fragment's (or filtered clients') page is read from its few matches rather than walked in order. */
const FEW_MATCHES = 2_000;

/**
 * An individual-view text search's matching directors (`id`, client `cid`, `status`, sort key `k`),
 * each read once from director_search with its status and sort key, for the counts and a page
 * sorted on them. The client is joined only when its columns are filtered or sorted on. A global
 * search matches the director's own text, or its client's (the directors of the matching clients,
 * read on the client_id index, less those the first branch found).
 */
function textSearchHits(query: ClientSearchRequest): SQL {
  const f = query.filters;
  const sort = sortOf(query);
  const term = query.globalSearch;
  const pattern = term ? containsPattern(term) : undefined;
  const cl = clientConditions(f, query.includeDeleted);
  const joinClient = cl.filtered || !sort.director;
  const from = joinClient ? sql`${directorSearch} join ${clients} ${c} on ${c.id} = ${s}."client_id"` : directorSearch;
  const base = [...searchRowConditions(f, query.includeDeleted, joinClient), ...(joinClient ? cl.all : [])];
  const key = sort.director ? sort.searchRow! : sort.expr;
  const select = sql`select ${s}."director_id" as "id", ${s}."client_id" as "cid", ${s}."status" as "status", ${key} as "k" from ${from}`;
  if (!pattern) return sql`${select} where ${and(base)}`;
  // The directors of the matching clients are read client by client on director_search's
  // client_id index (a lateral join kept apart by `offset 0`: flattened, the planner hashes the
  // clients and scans every director).
  const ofClients = sql`select "o".* from (${clientsMatching(term!)}) as "cm" cross join lateral (
      ${select} where ${and([...base, sql`${s}."client_id" = "cm"."id"`, sql`not (${rowMatches(pattern)})`])} offset 0
    ) as "o"`;
  return sql`${select} where ${and([...base, rowMatches(pattern)])} union all ${ofClients}`;
}

/** The page of textSearchHits' rows (the CTE "hits"), of the status tab, sorted. */
function hitsPage(query: ClientSearchRequest): SQL {
  const sort = sortOf(query);
  const dir = query.sortDirection;
  const { currentPage, pageSize } = query.pagerModel;
  return sql`select "id", "k", "cid" from "hits" where ${query.status ? sql`"status" = ${query.status}` : sql`true`}
    order by ${sql.join([orderTerm(sql`"k"`, dir, sort.nullable), ...(sort.director ? [] : [orderTerm(sql`"cid"`, dir)]), orderTerm(sql`"id"`, dir)], sql`, `)}
    limit ${pageSize} offset ${(currentPage - 1) * pageSize}`;
}

/**
 * The statements of a search, each answering one row with `stats` (`[[status, count], ...]`,
 * status tab left out) and/or `rows` (the page, in order, as JSON objects). Exported for the
 * benchmark's EXPLAIN output.
 */
export function buildSearchStatements(
  query: ClientSearchRequest,
  window?: PageWindow,
  options: { fewMatches?: boolean; probeClients?: boolean; fewClients?: boolean } = {},
): SQL[] {
  const individual = query.tableViewMode === "individual";
  const f = query.filters;
  const { currentPage, pageSize } = query.pagerModel;
  const offset = (currentPage - 1) * pageSize;
  const dir = query.sortDirection;
  // The page statement without a text search, read forwards or from the far end.
  const pageTerm = window?.reverse ? reverseTerm : orderTerm;
  const pageRange = sql`limit ${window?.limit ?? pageSize} offset ${window?.offset ?? offset}`;
  const sort = sortOf(query);
  const term = query.globalSearch;
  const pattern = term ? containsPattern(term) : undefined;
  const onlyLive = !query.includeDeleted;

  const cl = clientConditions(f, query.includeDeleted);
  const dr = directorConditions(f, query.includeDeleted);
  const ctes: SQL[] = [];
  /** The table of kept counts the stats come from, if any (its delta rows are counted for folding). */
  let countsKept: KeptCounts | undefined;
  let stats: SQL;
  let page: SQL;
  let rows: SQL;

  if (!individual) {
    const where = [...cl.all];
    /** Conditions of `where` written otherwise when the counts read client_search itself. */
    const onSearchRowForm = new Map<SQL, SQL>();
    // A client matches the individual filters when one of its directors matches all of them:
    // a text filter is read from director_search; a status alone from the client's own counts.
    const references = directorReferencesOnSearchRow(query);
    if (dr.text && (options.probeClients || references)) {
      // A short reference fragment that matches many directors (or, alone, may): each client's own
      // rows are probed on director_search's client_id index, stopping at the first match (a scalar
      // subquery, which the planner keeps per client), instead of collecting the client of every
      // match. Alone, it is counted on the clients' joined references instead.
      const probe = sql`(select true from ${directorSearch} where ${s}."client_id" = ${c.id} and ${and(searchRowConditions(f, query.includeDeleted, true, "probe"))} limit 1)`;
      where.push(probe);
      if (references) onSearchRowForm.set(probe, references);
    } else if (dr.text) {
      where.push(sql`${c.id} in (select ${s}."client_id" from ${directorSearch} where ${and(searchRowConditions(f, query.includeDeleted, true))})`);
    } else if (f.individualStatus) {
      // On client_search (the counts) the client's own counts are tested; on clients (the page),
      // the same test on its client_search row.
      const has = (alias: SQL) => sql`${perClientCounts(query.includeDeleted, alias)}[${statusPosition(f.individualStatus!)}] > 0`;
      const onClients = sql`${c.id} in (select ${k}."id" from "client_search" ${k} where ${has(sql`${k}`)})`;
      where.push(onClients);
      onSearchRowForm.set(onClients, has(sql`${c}`));
    }
    if (pattern) {
      const live = onlyLive ? sql` and ${s}."is_deleted" = false` : sql``;
      ctes.push(sql`"m" as (${clientsMatching(term!)} union all select ${s}."client_id" from ${directorSearch} where ${rowMatches(pattern)}${live})`);
      where.push(sql`${c.id} in (select * from "m")`);
    }
    const tab = query.status ? [sql`${c.status} = ${query.status}`] : [];
    if (pattern) {
      // The matching clients once, with what the counts and the page need.
      ctes.push(sql`"hits" as materialized (select ${c.id} as "id", ${c.status} as "status", ${sort.expr} as "k"
        from ${clients} ${c} where ${and(where)})`);
      stats = sql`select "status" as "value", count(*)::int as "count" from "hits" group by 1`;
      page = sql`select "id", "k" from "hits" where ${query.status ? sql`"status" = ${query.status}` : sql`true`}
        order by ${orderTerm(sql`"k"`, dir, sort.nullable)}, ${orderTerm(sql`"id"`, dir)} limit ${pageSize} offset ${offset}`;
    } else {
      let pageWhere = where;
      if (cl.filtered || dr.filtered) {
        // Counted on client_search, whose indexes serve each filter: trigram for the text ones
        // (migration 0022), the owner's (0023), and for the others one carrying the status, so a
        // count is read from the index alone (0024).
        const counted = and(where.map((condition) => onSearchRowForm.get(condition) ?? condition));
        stats = sql`select ${c.status} as "value", count(*)::int as "count" from ${clientSearch} where ${counted} group by 1`;
        if (options.fewClients) {
          // Few clients match (searchClients counted them first): their ids, then their sort keys
          // by primary key, sorted. Walking the sort index would look at every client until the
          // page is full, however far apart the matches are.
          pageWhere = [sql`${c.id} = any(array(select ${c.id} from ${clientSearch} where ${counted}))`];
        } else if (cl.onSearchRow.length > 0) {
          // clients has no index for these: the page's clients are taken from client_search's.
          pageWhere = [...where.filter((condition) => !cl.onSearchRow.includes(condition)), sql`${c.id} in (select ${c.id} from ${clientSearch} where ${and(cl.onSearchRow)})`];
        }
      } else {
        // No filter and no text: the counts kept by triggers in client_status_counts (migration 0015).
        stats = keptCounts("client_status_counts", query.includeDeleted);
        countsKept = "client_status_counts";
      }
      page = sql`select ${c.id} as "id", ${sort.expr} as "k" from ${clients} ${c} where ${and([...pageWhere, ...tab])}
        order by ${pageTerm(sql`"k"`, dir, sort.nullable)}, ${pageTerm(sql`${c.id}`, dir)} ${pageRange}`;
    }
    rows = clientRows(query);
  } else {
    const tab = query.status ? [sql`${d.status} = ${query.status}`] : [];
    const gram = referenceGram(query);
    if (gram !== undefined && !options.fewMatches) {
      // The individual reference filter with a fragment of one to three characters and nothing
      // else textual or on the client: the counts are summed from director_reference_grams
      // (migration 0019), and the page is read in order, each client's (or the sort index's) rows
      // checked on director_search, until it is full. A fragment can match nearly every director
      // (a second to count at a million); if it matches few, walking in order would read many rows
      // for each match, so searchClients asks again with `fewMatches` (the path below).
      stats = sql`select "status" as "value", sum("delta")::int as "count" from "director_reference_grams"
        where "gram" = lower(${gram}) and "scope" = ${query.includeDeleted ? "all" : "live"}
        ${f.individualStatus ? sql`and "status" = ${f.individualStatus}` : sql``} group by 1 having sum("delta") <> 0`;
      const rowConditions = [...searchRowConditions(f, query.includeDeleted, !sort.director), ...(query.status ? [sql`${s}."status" = ${query.status}`] : [])];
      if (!sort.director) {
        page = clientOrderWalk({ clientWhere: cl.all, sort, dir, term: pageTerm, rowConditions, range: pageRange });
      } else {
        page = sql`select ${s}."director_id" as "id", ${sort.searchRow!} as "k", ${s}."client_id" as "cid" from ${directorSearch}
          where ${and(rowConditions)}
          order by ${pageTerm(sql`"k"`, dir, sort.nullable)}, ${pageTerm(sql`${s}."director_id"`, dir)} ${pageRange}`;
      }
    } else if (pattern || dr.text) {
      ctes.push(sql`"hits" as materialized (${textSearchHits(query)})`);
      stats = sql`select "status" as "value", count(*)::int as "count" from "hits" group by 1`;
      page = hitsPage(query);
    } else {
      const where = [...cl.all, ...dr.all];
      if (cl.filtered) {
        // Conditions on the client only: each matching client's directors per status, kept in
        // client_search (migration 0018), summed instead of counting their directors.
        stats = summedStatusCounts(perClientCounts(query.includeDeleted), sql`${clientSearch} where ${and(cl.all)}`, f.individualStatus);
      } else {
        // No condition on the client and no text: the counts kept by triggers in
        // director_status_counts (exact, summed from a handful of rows) instead of counting every
        // director. 'live' leaves out deleted directors and the directors of deleted clients.
        stats = keptCounts("director_status_counts", query.includeDeleted, f.individualStatus);
        countsKept = "director_status_counts";
      }
      if (!sort.director) {
        // Clients in order first, their directors joined lazily. Every live director of the page
        // belongs to a client with director_count > 0, so, when no status narrows them, the page
        // needs at most (skipped + page size) such clients: with a client filter, that limit tells
        // the planner to walk the clients' sort index rather than sort every matching client.
        // Without one it walks the index anyway, from the index alone (director_count is not in
        // it: testing it would read each client's row, 50 to 70 ms for page 3,000 at a million).
        const limitClients = cl.filtered && !query.includeDeleted && !query.status && !f.individualStatus;
        const clientsNeeded = (window?.offset ?? offset) + (window?.limit ?? pageSize);
        page = sql`select ${d.id} as "id", "o"."k" as "k", "o"."id" as "cid" from (
            select ${c.id} as "id", ${sort.expr} as "k" from ${clients} ${c}
            where ${and([...cl.all, ...(limitClients ? [sql`${c.directorCount} > 0`] : [])])}
            order by ${pageTerm(sql`"k"`, dir, sort.nullable)}, ${pageTerm(sql`${c.id}`, dir)}
            ${limitClients ? sql`limit ${clientsNeeded}` : sql`offset 0`}
          ) as "o" cross join lateral (
            select ${d.id} from ${directors} ${d} where ${d.clientId} = "o"."id" and ${and([...dr.all, ...tab])}
          ) as ${d}
          order by ${pageTerm(sql`"o"."k"`, dir, sort.nullable)}, ${pageTerm(sql`"o"."id"`, dir)}, ${pageTerm(sql`${d.id}`, dir)}
          ${pageRange}`;
      } else if (!cl.filtered && INDEXED_SEARCH_ROW_SORTS.has(query.sortBy)) {
        // Sorted by the individual's name, email, reference or status, nothing asked of the client:
        // read from director_search's (column, id) index, which carries the status and deletion
        // flags, so however deep the page the skipped rows are read from the index alone.
        const inScope = [...scopeConditions(f.individualStatus, query.includeDeleted, false), ...(query.status ? [sql`${s}."status" = ${query.status}`] : [])];
        page = sql`select ${s}."director_id" as "id", ${sort.searchRow!} as "k", ${s}."client_id" as "cid" from ${directorSearch}
          where ${and(inScope)}
          order by ${pageTerm(sql`"k"`, dir, sort.nullable)}, ${pageTerm(sql`${s}."director_id"`, dir)} ${pageRange}`;
      } else {
        page = sql`select ${d.id} as "id", ${sort.expr} as "k", ${c.id} as "cid"
          from ${directors} ${d} join ${clients} ${c} on ${c.id} = ${d.clientId}
          where ${and([...where, ...tab])}
          order by ${sql.join([pageTerm(sql`"k"`, dir, sort.nullable), pageTerm(sql`${d.id}`, dir)], sql`, `)}
          ${pageRange}`;
      }
    }
    rows = individualRows(query);
  }

  if (ctes.length > 0) {
    // A text search: one statement, so that the counts and the page share the set of matches.
    return [sql`with ${sql.join([...ctes, sql`"page" as (${page})`], sql`, `)} select ${statsJson(stats)} as "stats", (${rows}) as "rows"`];
  }
  // Otherwise two statements that run side by side on two connections: the counts (the costlier
  // part in individual view) and the page.
  const deltaRows = countsKept ? sql`, (select count(*)::int from ${sql.identifier(countsKept)}) as "deltaRows", ${countsKept} as "kept"` : sql``;
  return [sql`select ${statsJson(stats)} as "stats"${deltaRows}`, sql`with "page" as (${page}) select (${rows}) as "rows"`];
}

/**
 * A text search that buildTextSearchStatements serves: a global search, or the individual text
 * filter (other than a short reference fragment), with nothing asked of the client and, with a
 * global search, no individual filter (in client view, not even a status).
 */
export function plainTextSearch(query: ClientSearchRequest): boolean {
  const f = query.filters;
  if (clientConditions(f, query.includeDeleted).filtered) return false;
  const directorText = !!(f.individual || f.individualReference);
  if (query.globalSearch) return !directorText && (query.tableViewMode === "individual" || !f.individualStatus);
  return directorText && shortReferenceFragment(f) === undefined;
}

/**
 * The statements of a search that plainTextSearch accepts. Each match is read once, from a trigram
 * index ("a", from director_text, migration 0027; the individual filters test the name, email or
 * reference as its part of the text): a director's own text, with its status and its client's (0025), so that
 * neither view joins the client of each match. With a global search the
 * clients whose own text matches ("cm") come from client_search, with their directors per status:
 * the individual view sums those instead of reading every director of every such client, and the
 * matches by own text leave out those clients' directors.
 *
 * - Client view, and individual view sorted by a client column: one statement. The page walks the
 *   clients' sort index alone, each client looked up in the hashed matches ("cm", "a"), and in
 *   individual view joins each matching client's directors; at worst the walk reads every entry of
 *   the index (100,000 at a million directors), never a client's directors to find it does not
 *   match.
 * - Individual view sorted by a director column: also one statement. Its page is walked down the
 *   column's sort index, each row looked up in the hashed matches, when the counts say the matches
 *   are dense enough for the walk to be short (`walkFactor`, WALK_FACTOR), and otherwise read by
 *   sorting every match.
 */
export function buildTextSearchStatements(query: ClientSearchRequest, walkFactor = WALK_FACTOR): SQL {
  const individual = query.tableViewMode === "individual";
  const f = query.filters;
  const { currentPage, pageSize } = query.pagerModel;
  const dir = query.sortDirection;
  const sort = sortOf(query);
  const pageRange = sql`limit ${pageSize} offset ${(currentPage - 1) * pageSize}`;
  const pattern = query.globalSearch ? containsPattern(query.globalSearch) : undefined;
  const live = !query.includeDeleted;
  /** The director's own match: the individual filters, or the global search, and not deleted. */
  const own = and([...searchRowConditions(f, query.includeDeleted, false, "text"), ...(pattern ? [rowMatches(pattern)] : [])]);
  /** Clients whose own text matches the global search, from client_search. */
  const matchingClients = pattern
    ? sql`select ${k}."id", ${k}."status", ${perClientCounts(query.includeDeleted, sql`${k}`)} as "n"
    from "client_search" ${k} where ${and([...(live ? [sql`${k}."is_deleted" = false`] : []), searchRowClientMatches(pattern)])}`
    : undefined;
  const ctes = [
    ...(matchingClients ? [sql`"cm" as materialized (${matchingClients})`] : []),
    // The matches by their own text, less the directors of those clients (counted with them), read
    // from director_text (migration 0027): the same rows as director_search's with only what they
    // test, a third narrower, and the pages every text search reads, so that they share the buffers.
    sql`"a" as materialized (select ${s}."director_id", ${s}."client_id", ${s}."status", ${s}."client_status" from "director_text" ${s}
      where ${own}${pattern ? sql` and ${s}."client_id" not in (select "id" from "cm")` : sql``})`,
  ];
  /**
   * The client (alias c) has a match: its own text, or a director's. Tested as a hashed subplan
   * for each client walked, whatever the planner estimates of the matches (a trigram match and
   * another LIKE are estimated at a few dozen rows, for 20,000): alone, `c.id in (...)` would be
   * turned into a join, and the planner would then sort the matching clients it expects to be few.
   */
  const clientMatches = (status?: string) => {
    const ofStatus = (column: string) => (status ? sql` where ${sql.identifier(column)} = ${status}` : sql``);
    const byDirector = sql`${c.id} in (select "client_id" from "a"${ofStatus("client_status")})`;
    return pattern ? sql`(${c.id} in (select "id" from "cm"${ofStatus("status")}) or ${byDirector})` : sql`(${byDirector}) is true`;
  };

  let stats: SQL;
  let page: SQL | undefined;
  if (individual) {
    const byOwnText = sql`select "status"::text as "value", count(*)::int as "count" from "a" group by 1`;
    if (pattern) {
      const ofClients = summedStatusCounts(sql`"cm"."n"`, sql`"cm"`, f.individualStatus);
      stats = sql`select "value", sum("count")::int as "count" from (${byOwnText} union all ${ofClients}) as "u" group by 1 having sum("count") <> 0`;
    } else {
      stats = byOwnText;
    }
    const tab = query.status ? [sql`${s}."status" = ${query.status}`] : [];
    if (!sort.director) {
      // The matching clients in sort order, each one's directors probed on director_search's client
      // index: all of a client whose own text matches, otherwise those matching by their own
      // (checked on the row: only the page's clients are probed).
      page = clientOrderWalk({
        clientWhere: [...clientConditions(f, query.includeDeleted).all, clientMatches()],
        sort,
        dir,
        term: orderTerm,
        rowConditions: [
          ...searchRowConditions(f, query.includeDeleted, true),
          ...tab,
          ...(pattern ? [sql`("o"."id" in (select "id" from "cm") or ${rowMatches(pattern)})`] : []),
        ],
        range: pageRange,
      });
    } else {
      // Down the director column's sort index, each row kept when it is one of the matches by own
      // text ("a") or its client's text matches ("cm"): both hashed, and the index carries the
      // client (migration 0029), so the walk reads the index alone. It is taken when the matches
      // are dense enough for it to be short: it reads about population ÷ matches rows for each
      // row it keeps. Otherwise the page sorts every match ("hits", read again from
      // director_search with its sort key). Each page is an InitPlan of the CASE, and a CTE is only
      // computed when read, so the branch not taken costs nothing.
      const inScope = [...scopeConditions(f.individualStatus, query.includeDeleted, false), ...tab];
      const member = sql`(${s}."director_id" in (select "director_id" from "a")${pattern ? sql` or ${s}."client_id" in (select "id" from "cm")` : sql``})`;
      const walked = sql`select ${s}."director_id" as "id", ${sort.searchRow!} as "k", ${s}."client_id" as "cid" from ${directorSearch}
        where ${and([...inScope, member])}
        order by ${orderTerm(sql`"k"`, dir, sort.nullable)}, ${orderTerm(sql`${s}."director_id"`, dir)} ${pageRange}`;
      const skipped = (currentPage - 1) * pageSize;
      // The matches of the page's status tab, and the rows in scope, each summed once (`offset 0`
      // keeps the subquery apart; pulled up, each use of a sum would compute it again).
      const sizes = sql`select (select coalesce(sum("count"), 0)::float8 from "st"${query.status ? sql` where "value" = ${query.status}` : sql``}) as "total",
        (select coalesce(sum("count"), 0)::float8 from (${keptCounts("director_status_counts", query.includeDeleted)}) as "kept") as "population"`;
      const all = [...ctes, sql`"st" as (${stats})`, sql`"walked" as (${walked})`, sql`"hits" as materialized (${textSearchHits(query)})`, sql`"sorted" as (${hitsPage(query)})`];
      return sql`with ${sql.join(all, sql`, `)} select ${statsJson(sql`select * from "st"`)} as "stats",
        case when ${skipped}::float8 >= "n"."total" then '[]'::json
          when ${skipped + pageSize}::float8 * "n"."population" <= ${String(walkFactor)}::float8 * "n"."total" * "n"."total" then (${individualRows(query, "walked")})
          else (${individualRows(query, "sorted")}) end as "rows"
        from (${sizes} offset 0) as "n"`;
    }
  } else {
    // Clients by status: each matching director's client once, from the director's own row.
    const byOwnText = sql`select "client_status"::text as "value", count(*)::int as "count"
      from (select distinct "client_id", "client_status" from "a") as "o" group by 1`;
    stats = pattern
      ? sql`select "value", sum("count")::int as "count" from (${byOwnText} union all select "status"::text, count(*)::int from "cm" group by 1) as "u" group by 1`
      : byOwnText;
    // The tab is tested on the matches' copy of the client's status, so the walk reads the index alone.
    page = sql`select ${c.id} as "id", ${sort.expr} as "k" from ${clients} ${c}
      where ${and([...clientConditions(f, query.includeDeleted).all, clientMatches(query.status)])}
      order by ${orderTerm(sql`"k"`, dir, sort.nullable)}, ${orderTerm(sql`${c.id}`, dir)} ${pageRange}`;
  }
  const rows = individual ? individualRows(query) : clientRows(query);
  return sql`with ${sql.join([...ctes, sql`"page" as (${page})`], sql`, `)} select ${statsJson(stats)} as "stats", (${rows}) as "rows"`;
}

/** What a search statement answers: the counts and/or the page, and the kept-counts table's delta rows. */
type Answer = { stats?: unknown; rows?: unknown; deltaRows?: number; kept?: KeptCounts };

/**
 * A text search's page is walked in order when (rows skipped + page size) × population ≤ WALK_FACTOR
 * × matches²: the walk reads about population ÷ matches rows for each row it keeps, at about a
 * quarter of the cost of each match read and sorted.
 */
const WALK_FACTOR = 4;

/** Rows skipped from which a page is deep enough to be worth reading from the nearer end. */
const DEEP_OFFSET = 1_000;

/** The rows of the search: those of the status tab, or of every status. */
function totalOf(query: ClientSearchRequest, counted: [string, number][]): number {
  return counted.reduce((sum, [value, count]) => (!query.status || value === query.status ? sum + Number(count) : sum), 0);
}

/** Delta rows of a kept-counts table after which a search folds them into one per (scope, status). */
const FOLD_AFTER = 200;

/**
 * Folds the count deltas: one statement, so readers see the rows before or after, never between;
 * two folds at once are safe (a row the first deleted is skipped by the second).
 */
async function foldStatusCounts(db: Db, table: KeptCounts): Promise<void> {
  const t = sql.identifier(table);
  await db.execute(sql`with "gone" as (delete from ${t} returning "scope", "status", "delta")
    insert into ${t} ("scope", "status", "delta")
    select "scope", "status", sum("delta") from "gone" group by 1, 2 having sum("delta") <> 0`);
}

/**
 * Folds one fragment's deltas in director_reference_grams into one row per (scope, status) once
 * more than a few have piled up (the same single statement as foldStatusCounts, for one fragment).
 */
async function foldReferenceGram(db: Db, gram: string): Promise<void> {
  const [rows] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as "n" from "director_reference_grams" where "gram" = lower(${gram})`));
  if (Number(rows?.n ?? 0) <= 4 * directorStatusValues.length) return;
  await db.execute(sql`with "gone" as (delete from "director_reference_grams" where "gram" = lower(${gram}) returning "gram", "scope", "status", "delta")
    insert into "director_reference_grams" ("gram", "scope", "status", "delta")
    select "gram", "scope", "status", sum("delta") from "gone" group by 1, 2, 3 having sum("delta") <> 0`);
}

let labels: Map<string, string> | undefined;
function labelOf(kind: "client" | "director", value: string): string {
  if (!labels) {
    const t = translator();
    labels = new Map([
      ...clientStatusValues.map((v) => [`client.${v}`, t(`statuses.client.${v}`)] as const),
      ...directorStatusValues.map((v) => [`director.${v}`, t(`statuses.director.${v}`)] as const),
    ]);
  }
  return labels.get(`${kind}.${value}`) ?? value;
}

type JsonRow = Omit<IndividualSearchRow, "createdAt" | "updatedAt" | "tableRowId"> & { createdAt: string | Date; updatedAt: string | Date };

/** JSON columns arrive parsed (node-postgres and PGlite both parse json); dates arrive as ISO strings. */
function parseJson<T>(value: unknown): T {
  return (typeof value === "string" ? JSON.parse(value) : value) as T;
}

/**
 * Searches clients (one row per client) or individuals (one row per director, with its client's
 * fields) for the admin client list. Admins only. Deleted clients and directors are left out
 * unless `includeDeleted`.
 */
export async function searchClients({
  db,
  user,
  query,
  deepOffset = DEEP_OFFSET,
  fewMatches = FEW_MATCHES,
  walkFactor = WALK_FACTOR,
}: {
  db: Db;
  user: Principal;
  query: ClientSearchRequest;
  /** Rows skipped from which a page is read from the nearer end (tests lower it to reach that path on small data). */
  deepOffset?: number;
  /** Matches of a short reference fragment under which its page is read from the matches (tests set it to reach either path). */
  fewMatches?: number;
  /** How dense a text search's matches must be for its page to be walked in order (tests set 0 or Infinity to reach either path). */
  walkFactor?: number;
}): Promise<ClientSearchResult> {
  if (!can(user.type, "admin.clients.read")) throw new AppError("forbidden");

  const individual = query.tableViewMode === "individual";
  const { currentPage, pageSize } = query.pagerModel;
  const first = async (statement: SQL) => rowsOf<Answer>(await db.execute(statement))[0] ?? {};
  /** The other searches' answers: their counts and page, one after the other or side by side. */
  const countedAnswers = async (): Promise<Answer[]> => {
    // A short reference fragment in client view, with an individual status too, is probed client
    // by client when it matches many directors (alone, it is counted on the clients' joined
    // references: directorReferencesOnSearchRow).
    const fragment = individual || directorReferencesOnSearchRow(query) ? undefined : shortReferenceFragment(query.filters);
    const probeClients = fragment !== undefined && (await referenceFragmentMatches(db, fragment, query.includeDeleted)) >= fewMatches;
    const statements = buildSearchStatements(query, undefined, { probeClients });
    const deep = (currentPage - 1) * pageSize >= deepOffset;
    /** The counts on their own, first; with them, the window a deep page is read through. */
    const countFirst = async () => {
      const counted = await first(statements[0]!);
      const counts = parseJson<[string, number][]>(counted.stats ?? []);
      const total = totalOf(query, counts);
      return { counted, counts, total, window: deep ? pageWindow(total, currentPage, pageSize) : undefined };
    };
    const gram = referenceGram(query);
    if (gram !== undefined) {
      // A short reference fragment: its counts first (a few rows), then the page read in order when
      // it matches many, or from its matches when it matches few.
      const { counted, total, window } = await countFirst();
      const page = total < fewMatches ? buildSearchStatements(query, undefined, { fewMatches: true })[0]! : buildSearchStatements(query, window)[1]!;
      const answers = [counted, await first(page)];
      await foldReferenceGram(db, gram);
      return answers;
    }
    if (clientPageFromMatches(query)) {
      // Clients filtered on text or owner: the counts first, then the page read from the matches
      // when they are few, or walked in order (from the nearer end when deep).
      const { counted, counts, window } = await countFirst();
      // Every status's clients, since the ids are read before the status tab is applied.
      const fewClients = counts.reduce((sum, [, count]) => sum + Number(count), 0) < fewMatches;
      return [counted, await first(buildSearchStatements(query, fewClients ? undefined : window, { probeClients, fewClients })[1]!)];
    }
    if (statements.length === 2 && deep) {
      // A deep page: the counts first, then the page read from whichever end is nearer.
      const { counted, window } = await countFirst();
      return [counted, await first(window!.reverse ? buildSearchStatements(query, window, { probeClients })[1]! : statements[1]!)];
    }
    // Otherwise the counts and the page side by side, on two connections.
    return Promise.all(statements.map(first));
  };

  const answers = plainTextSearch(query)
    ? // A global search or an individual text filter: one statement (its matches once, the page
      // walked on the hashed matches, or sorted from every match when they are sparse).
      [await first(buildTextSearchStatements(query, walkFactor))]
    : await countedAnswers();
  const result = Object.assign({}, ...answers) as Answer;
  if (result.kept && Number(result.deltaRows ?? 0) > FOLD_AFTER) await foldStatusCounts(db, result.kept);
  const counted = parseJson<[string, number][]>(result.stats ?? []);
  const found = parseJson<JsonRow[]>(result.rows ?? []);

  const counts = new Map(counted.map(([value, count]) => [value, Number(count)]));
  const kind = individual ? "director" : "client";
  // The tabs in lifecycle order (the counts come in the enum's order).
  const statusValues: readonly string[] = individual ? directorStatusLifecycleOrder : clientStatusLifecycleOrder;
  const statusStats = statusValues.map((value) => ({ value, label: labelOf(kind, value), count: counts.get(value) ?? 0 }));
  const totalCount = totalOf(query, counted);

  const rows = found.map((r) => {
    const base = { ...r, createdAt: new Date(r.createdAt), updatedAt: new Date(r.updatedAt) };
    return individual ? { tableRowId: `d-${r.directorId}`, ...base } : { tableRowId: `c-${r.id}`, ...base };
  });
  return {
    statusStats,
    clients: rows as ClientSearchRow[] | IndividualSearchRow[],
    pager: pagerFor(totalCount, currentPage, pageSize),
  };
}
