import { sql, type SQL } from "drizzle-orm";
import { clients } from "@/db/schema";
import type { ClientSearchRequest } from "@/lib/schemas/client-search";
import type { BuildInput, Built } from "./built";
import { chooseCounts, choosePage, shortReferenceFragment, referencesOnSearchRow, type Counts, type Learned, type Page } from "./chooser";
import { clientConditions, clientsMatching, directorConditions, searchRowConditions, type ClientConditions } from "./conditions";
import { keptCounts } from "./counts";
import { clientRows } from "./rows";
import { sortOf } from "./sorts";
import {
  c,
  k,
  s,
  and,
  clientSearch,
  clientSearchRows,
  containsPattern,
  cs,
  directorSearch,
  orderTerm,
  perClientCounts,
  reverseTerm,
  rowOwnMatch,
  statusPosition,
  type ClientSearchRow,
} from "./sql-parts";

/** The client view's statements other than a plain text search (./text-search.ts): one row per client. */
export function buildClientView({ query, window, learned }: BuildInput): Built {
  const { currentPage, pageSize } = query.pagerModel;
  const dir = query.sortDirection;
  const sort = sortOf(query);
  // The page read forwards, or from the far end.
  const pageTerm = window?.reverse ? reverseTerm : orderTerm;
  const pageRange = sql`limit ${window?.limit ?? pageSize} offset ${window?.offset ?? (currentPage - 1) * pageSize}`;
  const { cl, where, onSearchRowForm, ctes } = clientViewWhere(query, learned);
  const tab = query.status ? [sql`${c.status} = ${query.status}`] : [];
  /** `where` as tested on client_search (alias c) itself. */
  const counted = () => and(where.map((condition) => onSearchRowForm.get(condition) ?? condition));
  /** The client sort index walked, on `pageWhere`. */
  const walk = (pageWhere: SQL[]) => sql`select ${c.id} as "id", ${sort.expr} as "k" from ${clients} ${c} where ${and([...pageWhere, ...tab])}
        order by ${pageTerm(sql`"k"`, dir, sort.nullable)}, ${pageTerm(sql`${c.id}`, dir)} ${pageRange}`;

  const counts = chooseCounts(query, learned);
  const COUNTS: Partial<Record<Counts, () => SQL>> = {
    matches: () => sql`select "status" as "value", count(*)::int as "count" from "hits" group by 1`,
    // Counted on client_search, whose indexes serve each filter: trigram for the text ones
    // (migration 0022), the owner's (0023), and for the others one carrying the status, so a
    // count is read from the index alone (0024).
    "client_search rows": () => sql`select ${c.status} as "value", count(*)::int as "count" from ${clientSearch} where ${counted()} group by 1`,
    // No filter and no text: the counts kept by triggers in search_counts.
    "kept client counts": () => keptCounts("client", query.includeDeleted),
  };
  const PAGES: Partial<Record<Page, () => SQL>> = {
    "sorted matches": () => sql`select "id", "k" from "hits" where ${query.status ? sql`"status" = ${query.status}` : sql`true`}
        order by ${orderTerm(sql`"k"`, dir, sort.nullable)}, ${orderTerm(sql`"id"`, dir)} limit ${pageSize} offset ${(currentPage - 1) * pageSize}`,
    // Few clients match (runSearch counted them first): their ids, then their sort keys by primary
    // key, sorted. Walking the sort index would look at every client until the page is full,
    // however far apart the matches are.
    "few clients' ids": () => walk([sql`${c.id} = any(array(select ${c.id} from ${clientSearch} where ${counted()}))`]),
    // clients has no index for these: the page's clients are taken from client_search's.
    "client sort index, filters on client_search": () =>
      walk([...where.filter((condition) => !cl.onSearchRow.includes(condition)), sql`${c.id} in (select ${c.id} from ${clientSearch} where ${and(cl.onSearchRow)})`]),
    "client sort index": () => walk(where),
  };
  return {
    ctes,
    stats: COUNTS[counts]!(),
    page: PAGES[choosePage(query, learned)]!(),
    rows: clientRows(query),
  };
}

/**
 * The client view's conditions on the client (alias c), and, for the conditions the counts test
 * otherwise on client_search itself, that form. A client matches the individual filters when one
 * of its directors matches all of them: a text filter is read from director_search; a status alone
 * from the client's own counts. A global search (with other filters) computes its matching clients
 * once ("hits"), for the counts and the page.
 */
function clientViewWhere(query: ClientSearchRequest, learned: Learned): { cl: ClientConditions; where: SQL[]; onSearchRowForm: Map<SQL, SQL>; ctes: SQL[] } {
  const f = query.filters;
  const cl = clientConditions(f, query.includeDeleted);
  const dr = directorConditions(f, query.includeDeleted);
  const term = query.globalSearch;
  const where = [...cl.all];
  const ctes: SQL[] = [];
  const onSearchRowForm = new Map<SQL, SQL>();
  const references = directorReferencesOnSearchRow(query);
  if (dr.text && (learned.probeClients || references)) {
    // A short reference fragment that matches many directors (or, alone, may): each client's own
    // rows are probed on director_search's client_id index, stopping at the first match (a scalar
    // subquery, which the planner keeps per client), instead of collecting the client of every
    // match. Alone, it is counted on the clients' joined references instead.
    const probe = sql`(select true from ${directorSearch} where ${s.clientId} = ${c.id} and ${and(searchRowConditions(f, query.includeDeleted, true, { form: "probe" }))} limit 1)`;
    where.push(probe);
    if (references) onSearchRowForm.set(probe, references);
  } else if (dr.text) {
    where.push(sql`${c.id} in (select ${s.clientId} from ${directorSearch} where ${and(searchRowConditions(f, query.includeDeleted, true))})`);
  } else if (f.individualStatus) {
    // On client_search (the counts) the client's own counts are tested; on clients (the page),
    // the same test on its client_search row.
    const has = (on: ClientSearchRow) => sql`${perClientCounts(query.includeDeleted, on)}[${statusPosition(f.individualStatus!)}] > 0`;
    const onClients = sql`${c.id} in (select ${k.id} from ${clientSearchRows} where ${has(k)})`;
    where.push(onClients);
    onSearchRowForm.set(onClients, has(cs));
  }
  if (term) {
    const live = query.includeDeleted ? sql`` : sql` and ${s.isDeleted} = false`;
    ctes.push(sql`"m" as (${clientsMatching(term)} union all select ${s.clientId} from ${directorSearch} where ${rowOwnMatch(term)}${live})`);
    where.push(sql`${c.id} in (select * from "m")`);
    // The matching clients once, with what the counts and the page need.
    ctes.push(sql`"hits" as materialized (select ${c.id} as "id", ${c.status} as "status", ${sortOf(query).expr} as "k"
        from ${clients} ${c} where ${and(where)})`);
  }
  return { cl, where, onSearchRowForm, ctes };
}

/**
 * The client view's test of an individual reference fragment of one to three characters, the only
 * individual filter, on a client_search row (alias c): its directors' references, joined in one
 * text (migration 0028), contain it. Such a fragment can match a director in nearly every client
 * (one symbol is in about a quarter of references): this tests each client with one LIKE, where
 * probing each client's directors took five times as long at a million directors.
 */
function directorReferencesOnSearchRow(query: ClientSearchRequest): SQL | undefined {
  if (!referencesOnSearchRow(query)) return undefined;
  const p = containsPattern(shortReferenceFragment(query.filters)!);
  const live = sql`${cs.liveRefs} like lower(${p})`;
  return query.includeDeleted ? sql`(${live} or ${cs.deletedRefs} like lower(${p}))` : live;
}
