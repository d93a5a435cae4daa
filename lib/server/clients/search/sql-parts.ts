import { sql, type SQL } from "drizzle-orm";
import { alias, type AnyPgColumn } from "drizzle-orm/pg-core";
import { clients, directors, directorStatusValues, type DirectorStatus } from "@/db/schema";
import { clientSearch as clientSearchTable, directorSearch as directorSearchTable } from "@/db/search/tables";

/*
 * The aliases and small SQL pieces every statement builder of the admin search shares.
 * `is_deleted = false` is always written as a literal, so that partial indexes stay usable.
 */

/** The client (clients, or client_search under the same column names). */
export const c = alias(clients, "c");
/** The director. */
export const d = alias(directors, "d");
/** A director_search row. */
export const s = alias(directorSearchTable, "s");
/** A client_search row read beside the client. */
export const k = alias(clientSearchTable, "k");
/** A client_search row read in place of the client, under its alias c. */
export const cs = alias(clientSearchTable, "c");
export type ClientSearchRow = typeof k | typeof cs;

/*
 * director_search (migration 0017): one narrow row per director (s), kept by triggers in the same
 * transaction as every change, with the columns a text search matches and sorts on, the status and
 * whether the director or its client is deleted. Every text condition on directors is read there:
 * the trigram index on the lower-cased text finds the candidates, and checking and counting them
 * touches narrow rows instead of the wide directors table. `lower(text) like lower(pattern)` is
 * what ILIKE does (PostgreSQL lower-cases both sides), so the matches are the same.
 */
export const directorSearch = sql`${directorSearchTable} ${s}`;

/**
 * client_search (migration 0018): a narrow copy of each client, kept by triggers, with the columns
 * the client filters test under the same names as in clients (so that the same conditions on alias
 * c apply to it) and the client's directors per status: `live` counts those not deleted, `alld`
 * every one.
 */
export const clientSearch = sql`${clientSearchTable} ${cs}`;
/** client_search rows under alias k. */
export const clientSearchRows = sql`${clientSearchTable} ${k}`;
export const perClientCounts = (includeDeleted: boolean, on: ClientSearchRow = cs) => sql`${includeDeleted ? on.alld : on.live}`;

/** 1-based position of a director status in the per-client count arrays (the enum's order). */
export const statusPosition = (status: DirectorStatus) => directorStatusValues.indexOf(status) + 1;

/** `%term%` for ILIKE, with the pattern characters of the term (`%`, `_`, `\`) taken literally. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/** A director_search column contains the pattern. */
export const rowContains = (column: "name" | "email" | "reference", pattern: string) => sql`lower(${s[column]}) like lower(${pattern})`;
/**
 * The row's stored text contains the pattern: one trigram index scan, then a check of the narrow
 * row. The text is the name, email and reference in one lower-cased text, indexed by
 * director_search_text_trgm_idx, but for an email of its client's main contact's domain
 * (shares_client_domain) only the part up to the @ (migration 0048). So it finds every director
 * whose name, reference or email's part up to the @ contains a term; a term within such a domain
 * is in the client's main contact's email too.
 */
export const rowTextContains = (pattern: string) => sql`${s.searchText} like lower(${pattern})`;

/**
 * The rows whose stored text holds what of the term every director containing it holds: an index
 * scan that finds them all, for a check of each. That is the term itself, unless it crosses an
 * email's @ (has characters before an @), when the stored text may hold only its part up to and
 * including the @.
 */
export function rowStoredTextMayContain(term: string): { candidates: SQL; crossesAt: boolean } {
  const at = term.indexOf("@");
  const crossesAt = at > 0;
  return { candidates: rowTextContains(containsPattern(crossesAt ? term.slice(0, at + 1) : term)), crossesAt };
}

/**
 * A director's own match of a global search, for a director whose client's own text does not match
 * (the search counts every director of a client that does): its name, email or reference contains
 * the term. A term without an @ (or starting with one) is then in the stored text: within a shared
 * domain it would be in the client's main contact's email, and the client would match. A term
 * that crosses the email's @ is checked on the whole text of the rows the stored text finds.
 */
export function rowOwnMatch(term: string): SQL {
  const { candidates, crossesAt } = rowStoredTextMayContain(term);
  return crossesAt ? sql`(${candidates} and ${rowWholeText(containsPattern(term))})` : candidates;
}

/** The row's name, whole email or reference contains the pattern (computed: a check, not an index). */
const rowWholeText = (pattern: string) => sql`lower(${s.name} || E'\\x01' || ${s.email} || E'\\x01' || ${s.reference}) like lower(${pattern})`;

/**
 * The directors whose email's domain is their client's main contact's and contains the pattern
 * (which then starts with an @ or has none): their stored text leaves that domain out, so the
 * individual filter (name or email) finds them on the stored shared_domain and its index, rather
 * than through their clients or a domain computed from each email (what those cost:
 * docs/speed.md "The client's email domain out of a director's text (migration 0048)").
 */
export const rowSharedDomainContains = (pattern: string) => sql`${s.sharedDomain} like lower(${pattern})`;

export const and = (parts: SQL[]) => (parts.length ? sql.join(parts, sql` and `) : sql`true`);

const UK = "Europe/London";
const isDay = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v);

/** A date filter: a day (`YYYY-MM-DD`) is a UK day, from its start to its end; anything else an instant. */
export function dateRange(column: AnyPgColumn, from?: string, to?: string): SQL[] {
  const out: SQL[] = [];
  if (from) out.push(isDay(from) ? sql`${column} >= (${from}::date::timestamp at time zone ${UK})` : sql`${column} >= ${from}::timestamptz`);
  if (to) out.push(isDay(to) ? sql`${column} < ((${to}::date + 1)::timestamp at time zone ${UK})` : sql`${column} <= ${to}::timestamptz`);
  return out;
}

/** `expr asc|desc`; empty values last either way (non-null columns keep their index order). */
export function orderTerm(expr: SQL, direction: "asc" | "desc", nullable = false): SQL {
  const dir = sql.raw(direction);
  return nullable ? sql`${expr} ${dir} nulls last` : sql`${expr} ${dir}`;
}

/** orderTerm's exact reverse: the same rows read from the other end (empty values first). */
export function reverseTerm(expr: SQL, direction: "asc" | "desc", nullable = false): SQL {
  const dir = sql.raw(direction === "asc" ? "desc" : "asc");
  return nullable ? sql`${expr} ${dir} nulls first` : sql`${expr} ${dir}`;
}

export type OrderTerm = typeof orderTerm;

/** A statement's counts as JSON, `[[status, count], ...]`. */
export const statsJson = (stats: SQL) => sql`(select coalesce(json_agg(json_build_array("s"."value", "s"."count")), '[]'::json) from (${stats}) as "s")`;
