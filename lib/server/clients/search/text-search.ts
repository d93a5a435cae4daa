import { sql, type SQL } from "drizzle-orm";
import { clients } from "@/db/schema";
import type { ClientSearchRequest } from "@/lib/schemas/client-search";
import { chooseTextSearchPage } from "./chooser";
import { clientOrderWalk } from "./client-order-walk";
import { clientConditions, clientsOfMatchingDomain, individualDomainTerm, scopeConditions, searchRowClientMatches, searchRowConditions } from "./conditions";
import { keptCounts, summedStatusCounts } from "./counts";
import { clientRows, individualRows } from "./rows";
import { sortOf } from "./sorts";
import { hitsPage, textSearchHits } from "./text-hits";
import { c, k, s, and, clientSearchRows, containsPattern, directorSearch, orderTerm, perClientCounts, rowOwnMatch, statsJson } from "./sql-parts";

/**
 * The statement of a search that plainTextSearch (./chooser.ts) accepts. Each match is read once,
 * from a trigram index ("a", from director_search): a director's own text, with its status and its
 * client's (0025), so that neither view joins the client of each match. With a global search the
 * clients whose own text matches ("cm") come from client_search, with their directors per status:
 * the individual view sums those instead of reading every director of every such client, and the
 * matches by own text leave out those clients' directors. With the individual filter (name or
 * email), a term that may lie in a client's main contact's domain matches every one of its
 * directors of that domain: the clients whose domain contains it come from client_search ("cm")
 * with those directors per status, summed the same way, and the matches by own text leave them out.
 *
 * - Client view, and individual view sorted by a client column: the page walks the clients' sort
 *   index alone, each client looked up in the hashed matches ("cm", "a"), and in individual view
 *   joins each matching client's directors; at worst the walk reads every entry of the index,
 *   never a client's directors to find it does not match.
 * - Individual view sorted by a director column: the page is walked down the column's sort index,
 *   each row looked up in the hashed matches, when the counts say the matches are dense enough for
 *   the walk to be short (`walkFactor`), and otherwise read by sorting every match.
 */
export function buildTextSearchStatement(query: ClientSearchRequest, walkFactor: number): SQL {
  const individual = query.tableViewMode === "individual";
  const f = query.filters;
  const { currentPage, pageSize } = query.pagerModel;
  const dir = query.sortDirection;
  const sort = sortOf(query);
  const pageRange = sql`limit ${pageSize} offset ${(currentPage - 1) * pageSize}`;
  const term = query.globalSearch;
  const pattern = term ? containsPattern(term) : undefined;
  const live = !query.includeDeleted;
  /** The individual filter's term, when its matches in a client's domain are counted per client. */
  const domainTerm = term ? undefined : individualDomainTerm(f);
  /** The director's own match: the individual filters, or the global search, and not deleted. */
  const own = and([
    ...searchRowConditions(f, query.includeDeleted, false, { domains: domainTerm ? "by client" : "on the row" }),
    ...(term ? [rowOwnMatch(term)] : []),
  ]);
  /**
   * Clients whose own text matches the global search, with their directors per status; or whose
   * domain the individual filter's term is in, with their directors of that domain per status.
   */
  const matchingClients = pattern
    ? sql`select ${k.id}, ${k.status}, ${perClientCounts(query.includeDeleted, k)} as "n"
    from ${clientSearchRows} where ${and([...(live ? [sql`${k.isDeleted} = false`] : []), searchRowClientMatches(pattern)])}`
    : domainTerm
      ? clientsOfMatchingDomain(domainTerm, f, query.includeDeleted)
      : undefined;
  const ctes = [
    ...(matchingClients ? [sql`"cm" as materialized (${matchingClients})`] : []),
    // The matches by their own text, less the directors of those clients (counted with them); in
    // client view only their clients, each once (a fragment's tens of thousands of directors are
    // then half as many rows to keep, count and look clients up in).
    sql`"a" as materialized (select ${individual ? sql`${s.directorId} as "director_id", ${s.clientId} as "client_id", ${s.status} as "status"` : sql`distinct ${s.clientId} as "client_id"`}, ${s.clientStatus} as "client_status"
      from ${directorSearch} where ${own}${pattern ? sql` and ${s.clientId} not in (select "id" from "cm")` : sql``})`,
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
    return matchingClients ? sql`(${c.id} in (select "id" from "cm"${ofStatus("status")}) or ${byDirector})` : sql`(${byDirector}) is true`;
  };
  const clientWhere = (status?: string) => [...clientConditions(f, query.includeDeleted).all, clientMatches(status)];
  const tab = query.status ? [sql`${s.status} = ${query.status}`] : [];

  if (!individual) {
    // Clients by status: each matching director's client ("a", once each), and
    // each matching client ("cm"): apart with a global search ("a" leaves out their directors),
    // but with the individual filter a client whose domain matches may have directors matching
    // by their own text too.
    const withMatchingClients = pattern ? sql` union all select "id", "status" from "cm"` : matchingClients ? sql` union select "id", "status" from "cm"` : sql``;
    const stats = sql`select "client_status"::text as "value", count(*)::int as "count"
      from (select "client_id", "client_status" from "a"${withMatchingClients}) as "o" group by "client_status"`;
    // The tab is tested on the matches' copy of the client's status, so the walk reads the index alone.
    const page = sql`select ${c.id} as "id", ${sort.expr} as "k" from ${clients} ${c}
      where ${and(clientWhere(query.status))}
      order by ${orderTerm(sql`"k"`, dir, sort.nullable)}, ${orderTerm(sql`${c.id}`, dir)} ${pageRange}`;
    return sql`with ${sql.join([...ctes, sql`"page" as (${page})`], sql`, `)} select ${statsJson(stats)} as "stats", (${clientRows(query)}) as "rows"`;
  }

  // Grouped on the status itself and only then written as text (each of tens of thousands of
  // matches cast and hashed as text cost about as much as the grouping).
  const byOwnText = sql`select "status"::text as "value", count(*)::int as "count" from "a" group by "status"`;
  const stats = matchingClients
    ? sql`select "value", sum("count")::int as "count" from (${byOwnText} union all ${summedStatusCounts(sql`"cm"."n"`, sql`"cm"`, f.individualStatus)}) as "u" group by 1 having sum("count") <> 0`
    : byOwnText;
  if (chooseTextSearchPage(query) === "clients in order, directors probed") {
    // The matching clients in sort order, each one's directors probed on director_search's client
    // index: all of a client whose own text matches, otherwise those matching by their own
    // (checked on the row: only the page's clients are probed).
    const page = clientOrderWalk({
      clientWhere: clientWhere(),
      sort,
      dir,
      term: orderTerm,
      rowConditions: [
        ...searchRowConditions(f, query.includeDeleted, true),
        ...tab,
        ...(term ? [sql`("o"."id" in (select "id" from "cm") or ${rowOwnMatch(term)})`] : []),
      ],
      range: pageRange,
    });
    return sql`with ${sql.join([...ctes, sql`"page" as (${page})`], sql`, `)} select ${statsJson(stats)} as "stats", (${individualRows(query)}) as "rows"`;
  }

  // "walked or sorted": down the director column's sort index, each row kept when it is one of
  // the matches by own text ("a") or its client's text matches ("cm"): both hashed, and the index
  // carries the client (migration 0029), so the walk reads the index alone (with the individual
  // filter, a row of a client whose domain matches is kept when it shares that domain, which the
  // row holds: the walk then reads each row it passes). It is taken when the
  // matches are dense enough for it to be short: it reads about population ÷ matches rows for
  // each row it keeps. Otherwise the page sorts every match ("hits", read again from
  // director_search with its sort key). Each page is an InitPlan of the CASE, and a CTE is only
  // computed when read, so the branch not taken costs nothing.
  const inScope = [...scopeConditions(f.individualStatus, query.includeDeleted, false), ...tab];
  const ofMatchingClient = pattern ? sql` or ${s.clientId} in (select "id" from "cm")` : domainTerm ? sql` or (${s.sharesClientDomain} and ${s.clientId} in (select "id" from "cm"))` : sql``;
  const member = sql`(${s.directorId} in (select "director_id" from "a")${ofMatchingClient})`;
  const walked = sql`select ${s.directorId} as "id", ${sort.searchRow!} as "k", ${s.clientId} as "cid" from ${directorSearch}
        where ${and([...inScope, member])}
        order by ${orderTerm(sql`"k"`, dir, sort.nullable)}, ${orderTerm(sql`${s.directorId}`, dir)} ${pageRange}`;
  const skipped = (currentPage - 1) * pageSize;
  // The matches of the page's status tab, and the rows in scope, each summed once (`offset 0`
  // keeps the subquery apart; pulled up, each use of a sum would compute it again).
  const sizes = sql`select (select coalesce(sum("count"), 0)::float8 from "st"${query.status ? sql` where "value" = ${query.status}` : sql``}) as "total",
        (select coalesce(sum("count"), 0)::float8 from (${keptCounts("director", query.includeDeleted)}) as "kept") as "population"`;
  const all = [...ctes, sql`"st" as (${stats})`, sql`"walked" as (${walked})`, sql`"hits" as materialized (${textSearchHits(query)})`, sql`"sorted" as (${hitsPage(query)})`];
  return sql`with ${sql.join(all, sql`, `)} select ${statsJson(sql`select * from "st"`)} as "stats",
        case when ${skipped}::float8 >= "n"."total" then '[]'::json
          when ${skipped + pageSize}::float8 * "n"."population" <= ${String(walkFactor)}::float8 * "n"."total" * "n"."total" then (${individualRows(query, "walked")})
          else (${individualRows(query, "sorted")}) end as "rows"
        from (${sizes} offset 0) as "n"`;
}
