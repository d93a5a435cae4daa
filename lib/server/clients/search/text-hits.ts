import { sql, type SQL } from "drizzle-orm";
import { clients } from "@/db/schema";
import type { ClientSearchRequest } from "@/lib/schemas/client-search";
import { clientConditions, clientsMatching, searchRowConditions } from "./conditions";
import { sortOf } from "./sorts";
import { c, s, and, directorSearch, orderTerm, rowOwnMatch } from "./sql-parts";

/**
 * An individual-view text search's matching directors (`id`, client `cid`, `status`, sort key `k`),
 * each read once from director_search with its status and sort key, for the counts and a page
 * sorted on them. The client is joined only when its columns are filtered or sorted on. A global
 * search matches the director's own text, or its client's (the directors of the matching clients,
 * read on the client_id index, less those the first branch found).
 */
export function textSearchHits(query: ClientSearchRequest): SQL {
  const f = query.filters;
  const sort = sortOf(query);
  const term = query.globalSearch;
  const cl = clientConditions(f, query.includeDeleted);
  const joinClient = cl.filtered || !sort.director;
  const from = joinClient ? sql`${directorSearch} join ${clients} ${c} on ${c.id} = ${s.clientId}` : directorSearch;
  const base = [...searchRowConditions(f, query.includeDeleted, joinClient), ...(joinClient ? cl.all : [])];
  const key = sort.director ? sort.searchRow! : sort.expr;
  const select = sql`select ${s.directorId} as "id", ${s.clientId} as "cid", ${s.status} as "status", ${key} as "k" from ${from}`;
  if (!term) return sql`${select} where ${and(base)}`;
  // The directors of the matching clients are read client by client on director_search's
  // client_id index (a lateral join kept apart by `offset 0`: flattened, the planner hashes the
  // clients and scans every director).
  const ofClients = sql`select "o".* from (${clientsMatching(term)}) as "cm" cross join lateral (
      ${select} where ${and([...base, sql`${s.clientId} = "cm"."id"`, sql`not (${rowOwnMatch(term)})`])} offset 0
    ) as "o"`;
  return sql`${select} where ${and([...base, rowOwnMatch(term)])} union all ${ofClients}`;
}

/** The page of textSearchHits' rows (the CTE "hits"), of the status tab, sorted. */
export function hitsPage(query: ClientSearchRequest): SQL {
  const sort = sortOf(query);
  const dir = query.sortDirection;
  const { currentPage, pageSize } = query.pagerModel;
  return sql`select "id", "k", "cid" from "hits" where ${query.status ? sql`"status" = ${query.status}` : sql`true`}
    order by ${sql.join([orderTerm(sql`"k"`, dir, sort.nullable), ...(sort.director ? [] : [orderTerm(sql`"cid"`, dir)]), orderTerm(sql`"id"`, dir)], sql`, `)}
    limit ${pageSize} offset ${(currentPage - 1) * pageSize}`;
}
