import { sql, type SQL } from "drizzle-orm";
import { clients, directors } from "@/db/schema";
import type { BuildInput, Built } from "./built";
import { chooseCounts, choosePage, referenceGram, type Counts, type Page } from "./chooser";
import { clientOrderWalk } from "./client-order-walk";
import { clientConditions, directorConditions, scopeConditions, searchRowConditions } from "./conditions";
import { keptCounts, summedStatusCounts } from "./counts";
import { individualRows } from "./rows";
import { sortOf } from "./sorts";
import { hitsPage, textSearchHits } from "./text-hits";
import { c, d, s, and, clientSearch, directorSearch, orderTerm, perClientCounts, reverseTerm } from "./sql-parts";

/** The individual view's statements other than a plain text search (./text-search.ts): one row per director. */
export function buildIndividualView({ query, window, learned }: BuildInput): Built {
  const f = query.filters;
  const { currentPage, pageSize } = query.pagerModel;
  const offset = (currentPage - 1) * pageSize;
  const dir = query.sortDirection;
  const sort = sortOf(query);
  // The page read forwards, or from the far end.
  const pageTerm = window?.reverse ? reverseTerm : orderTerm;
  const pageRange = sql`limit ${window?.limit ?? pageSize} offset ${window?.offset ?? offset}`;
  const cl = clientConditions(f, query.includeDeleted);
  const dr = directorConditions(f, query.includeDeleted);
  const tab = query.status ? [sql`${d.status} = ${query.status}`] : [];
  const rowTab = query.status ? [sql`${s.status} = ${query.status}`] : [];
  /** Down a director column's index on director_search, the rows meeting `conditions`. */
  const directorIndex = (conditions: SQL[]) => sql`select ${s.directorId} as "id", ${sort.searchRow!} as "k", ${s.clientId} as "cid" from ${directorSearch}
          where ${and(conditions)}
          order by ${pageTerm(sql`"k"`, dir, sort.nullable)}, ${pageTerm(sql`${s.directorId}`, dir)} ${pageRange}`;
  /** A short reference fragment's conditions on a director_search row (the client checked when joined). */
  const fragmentRow = () => [...searchRowConditions(f, query.includeDeleted, !sort.director), ...rowTab];

  const counts = chooseCounts(query, learned);
  const COUNTS: Partial<Record<Counts, () => SQL>> = {
    // The individual reference filter with a fragment of one to three characters and nothing else
    // textual or on the client: the fragment's counts are summed from search_counts. A fragment
    // can match nearly every director; counting them would read every one.
    "fragment counts": () => keptCounts("director", query.includeDeleted, { gram: referenceGram(query)!, onlyStatus: f.individualStatus }),
    matches: () => sql`select "status" as "value", count(*)::int as "count" from "hits" group by 1`,
    // Conditions on the client only: each matching client's directors per status, kept in
    // client_search (migration 0018), summed instead of counting their directors.
    "per-client sums": () => summedStatusCounts(perClientCounts(query.includeDeleted), sql`${clientSearch} where ${and(cl.all)}`, f.individualStatus),
    // No condition on the client and no text: the counts kept by triggers in search_counts
    // (exact, summed from a handful of rows) instead of counting every director. 'live' leaves out
    // deleted directors and the directors of deleted clients.
    "kept director counts": () => keptCounts("director", query.includeDeleted, { onlyStatus: f.individualStatus }),
  };
  const PAGES: Partial<Record<Page, () => SQL>> = {
    // A fragment's page is read in order, each client's (or the sort index's) rows checked on
    // director_search, until it is full; if it matches few, walking in order would read many rows
    // for each match, so runSearch asks again with `fewMatches` ("sorted matches").
    "clients in order, directors probed": () => clientOrderWalk({ clientWhere: cl.all, sort, dir, term: pageTerm, rowConditions: fragmentRow(), range: pageRange }),
    "director sort index, rows checked": () => directorIndex(fragmentRow()),
    "sorted matches": () => hitsPage(query),
    "running count of directors": () => runningCountPage(),
    "clients in order, directors joined": () => clientsThenDirectors(),
    // Sorted by the individual's name, email, reference or status, nothing asked of the client:
    // read from director_search's (column, id) index, which carries the status and deletion
    // flags, so however deep the page the skipped rows are read from the index alone.
    "director sort index": () => directorIndex([...scopeConditions(f.individualStatus, query.includeDeleted, false), ...rowTab]),
    "joined and sorted": () => sql`select ${d.id} as "id", ${sort.expr} as "k", ${c.id} as "cid"
          from ${directors} ${d} join ${clients} ${c} on ${c.id} = ${d.clientId}
          where ${and([...cl.all, ...dr.all, ...tab])}
          order by ${sql.join([pageTerm(sql`"k"`, dir, sort.nullable), pageTerm(sql`${d.id}`, dir)], sql`, `)}
          ${pageRange}`,
  };

  /**
   * Clients in order first, their directors joined lazily. Every live director of the page
   * belongs to a client with director_count > 0, so, when no status narrows them, the page needs
   * at most (skipped + page size) such clients: with a client filter, that limit tells the planner
   * to walk the clients' sort index rather than sort every matching client. Without one it walks
   * the index anyway, from the index alone (director_count is not in it: testing it would read
   * each client's row, which costs more than the walk on a deep page).
   */
  function clientsThenDirectors(): SQL {
    const limitClients = cl.filtered && !query.includeDeleted && !query.status && !f.individualStatus;
    const clientsNeeded = (window?.offset ?? offset) + (window?.limit ?? pageSize);
    return sql`select ${d.id} as "id", "o"."k" as "k", "o"."id" as "cid" from (
            select ${c.id} as "id", ${sort.expr} as "k" from ${clients} ${c}
            where ${and([...cl.all, ...(limitClients ? [sql`${c.directorCount} > 0`] : [])])}
            order by ${pageTerm(sql`"k"`, dir, sort.nullable)}, ${pageTerm(sql`${c.id}`, dir)}
            ${limitClients ? sql`limit ${clientsNeeded}` : sql`offset 0`}
          ) as "o" cross join lateral (
            select ${d.id} from ${directors} ${d} where ${d.clientId} = "o"."id" and ${and([...dr.all, ...tab])}
          ) as ${d}
          order by ${pageTerm(sql`"o"."k"`, dir, sort.nullable)}, ${pageTerm(sql`"o"."id"`, dir)}, ${pageTerm(sql`${d.id}`, dir)}
          ${pageRange}`;
  }

  /**
   * Deep in the default order, every live director: the live clients in that order (read from the
   * nearer end), each with the live directors before it (a running sum of clients.director_count,
   * which the default-order index carries, migration 0046, so the sum reads the index alone), from
   * the first whose directors reach the page, as many clients with directors as the page has rows
   * (every client overlapping the page is among them); their directors numbered on from there, the
   * page's rows kept. However deep the page, it reads the clients' index entries up to the page and
   * a page's worth of clients' directors, where the walk joined every client's directors up to it.
   */
  function runningCountPage(): SQL {
    const first = window?.offset ?? offset;
    const count = window?.limit ?? pageSize;
    return sql`select "x"."id", "x"."k", "x"."cid" from (
            select ${d.id} as "id", "o"."k" as "k", "o"."id" as "cid",
              "o"."before" + row_number() over (partition by "o"."id" order by ${pageTerm(sql`${d.id}`, dir)}) as "pos"
            from (
              select "w"."id", "w"."k", "w"."upto" - "w"."n" as "before" from (
                select ${c.id} as "id", ${sort.expr} as "k", ${c.directorCount} as "n",
                  sum(${c.directorCount}) over (order by ${pageTerm(sort.expr, dir)}, ${pageTerm(sql`${c.id}`, dir)} rows unbounded preceding) as "upto"
                from ${clients} ${c} where ${and(cl.all)}
              ) as "w" where "w"."upto" > ${first} and "w"."n" > 0
              order by ${pageTerm(sql`"w"."k"`, dir)}, ${pageTerm(sql`"w"."id"`, dir)} limit ${count}
            ) as "o" cross join lateral (
              select ${d.id} from ${directors} ${d} where ${d.clientId} = "o"."id" and ${and(dr.all)} offset 0
            ) as ${d}
          ) as "x" where "x"."pos" > ${first} and "x"."pos" <= ${first + count}`;
  }

  return {
    ctes: counts === "matches" ? [sql`"hits" as materialized (${textSearchHits(query)})`] : [],
    stats: COUNTS[counts]!(),
    page: PAGES[choosePage(query, learned)]!(),
    rows: individualRows(query),
  };
}
