import { sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { clients, type DirectorStatus } from "@/db/schema";
import type { ClientSearchRequest } from "@/lib/schemas/client-search";
import {
  c,
  d,
  k,
  s,
  and,
  clientSearchRows,
  containsPattern,
  dateRange,
  rowContains,
  rowSharedDomainContains,
  rowStoredTextMayContain,
  rowTextContains,
  statusPosition,
} from "./sql-parts";

/* The WHERE conditions of the admin search's filters, on the client, the director and their narrow copies. */

export type Filters = ClientSearchRequest["filters"];

export interface ClientConditions {
  all: SQL[];
  /** Some filter on the client applies (deletion left aside). */
  filtered: boolean;
  /** The conditions served by client_search's own indexes (text, owner), also in `all`. */
  onSearchRow: SQL[];
}

/** Conditions on the client (alias c), deleted clients included or not. */
export function clientConditions(f: Filters, includeDeleted: boolean): ClientConditions {
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
 * A client's own match of a global search, on its client_search row (alias k): the five columns it
 * tests (name, reference, main contact's email, Sage id, company number), lower-cased and joined
 * with \x01 in the stored search_text, on one trigram index (migration 0047). The separator cannot
 * be in a term (control characters are refused), so a term never matches across two columns: the
 * match is exactly "one of the columns contains the term".
 */
export const searchRowClientMatches = (pattern: string) => sql`${k.searchText} like lower(${pattern})`;

/** Ids of clients whose own columns match a global search (on client_search: searchRowClientMatches). */
export function clientsMatching(term: string): SQL {
  return sql`select ${k.id} from ${clientSearchRows} where ${searchRowClientMatches(containsPattern(term))}`;
}

/**
 * The individual filter's term (name or email) when it may lie in a domain director_search's
 * stored text leaves out, the client's main contact's (it has no character before an @), and no
 * reference is asked for: the directors matching there are then all their clients' directors of
 * that domain (in scope), which client_search counts.
 */
export function individualDomainTerm(f: Filters): string | undefined {
  const term = f.individual;
  return term && !f.individualReference && !rowStoredTextMayContain(term).crossesAt ? term : undefined;
}

/**
 * Clients whose main contact's domain contains the individual filter's term (individualDomainTerm)
 * and that have directors of that domain in scope (of the individual status, if one is asked
 * for), on client_search (alias k): id, status and those directors per status (`n`). Every such
 * director matches the filter; the text search sums them instead of reading each
 * (./text-search.ts), and leaves them out of its matches by their own text (searchRowConditions'
 * `domains: "by client"`).
 */
export function clientsOfMatchingDomain(term: string, f: Filters, includeDeleted: boolean): SQL {
  const n = includeDeleted ? k.sharedAlld : k.sharedLive;
  const inScope = f.individualStatus ? sql`${n}[${statusPosition(f.individualStatus)}] > 0` : sql`0 < any (${n})`;
  return sql`select ${k.id} as "id", ${k.status} as "status", ${n} as "n" from ${clientSearchRows}
    where ${and([...(includeDeleted ? [] : [sql`${k.isDeleted} = false`]), sql`${k.mainContactDomain} like lower(${containsPattern(term)})`, inScope])}`;
}

/**
 * Conditions on a director_search row for the individual filters (other than a global search):
 * name or email, reference, status; deleted directors (and directors of deleted clients, unless
 * the client is joined and checked) left out unless `includeDeleted`. `form`: "probe" tests the
 * reference on director_search's client index alone (migration 0021). `domains`: "on the row"
 * matches the name or email filter in a domain the stored text leaves out on the row's own
 * shared_domain; "by client" leaves those matches out, for a caller that counts them per client
 * (clientsOfMatchingDomain).
 */
export function searchRowConditions(
  f: Filters,
  includeDeleted: boolean,
  clientChecked: boolean,
  { form = "row", domains = "on the row" }: { form?: "row" | "probe"; domains?: "on the row" | "by client" } = {},
): SQL[] {
  const out: SQL[] = [];
  if (f.individual) {
    // Found on the stored text (which holds the reference too, so the name and email are checked),
    // or, for a term that may lie in a domain the stored text leaves out (no @ before it), on that
    // domain (migration 0048): a match there is a match of the email, and is not checked again.
    const p = containsPattern(f.individual);
    const { candidates, crossesAt } = rowStoredTextMayContain(f.individual);
    const byText = sql`${candidates} and (${rowContains("name", p)} or ${rowContains("email", p)})`;
    if (crossesAt) out.push(byText);
    else if (domains === "by client") out.push(sql`${byText} and (${s.sharedDomain} is null or not (${rowSharedDomainContains(p)}))`);
    else out.push(sql`((${byText}) or ${rowSharedDomainContains(p)})`);
  }
  if (f.individualReference) {
    const p = containsPattern(f.individualReference);
    out.push(form === "probe" ? rowContains("reference", p) : sql`${rowTextContains(p)} and ${rowContains("reference", p)}`);
  }
  return [...out, ...scopeConditions(f.individualStatus, includeDeleted, clientChecked)];
}

/**
 * The rows of director_search in scope without any text: of the
 * individual status if one is asked for; deleted directors (and directors of deleted clients,
 * unless the client is joined and checked) left out unless `includeDeleted`.
 */
export function scopeConditions(status: DirectorStatus | undefined, includeDeleted: boolean, clientChecked: boolean): SQL[] {
  const out: SQL[] = [];
  if (status) out.push(sql`${s.status} = ${status}`);
  if (!includeDeleted) {
    out.push(sql`${s.isDeleted} = false`);
    if (!clientChecked) out.push(sql`${s.clientDeleted} = false`);
  }
  return out;
}

/** Conditions on the director (alias d) when no text filter applies: status, deletion. */
export function directorConditions(f: Filters, includeDeleted: boolean): { all: SQL[]; filtered: boolean; text: boolean } {
  const out: SQL[] = [];
  if (f.individualStatus) out.push(sql`${d.status} = ${f.individualStatus}`);
  const filtered = out.length > 0 || !!(f.individual || f.individualReference);
  if (!includeDeleted) out.unshift(sql`${d.isDeleted} = false`);
  return { all: out, filtered, text: !!(f.individual || f.individualReference) };
}
