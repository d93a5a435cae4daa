import { sql, type SQL } from "drizzle-orm";
import { clients } from "@/db/schema";
import type { SortSpec } from "./sorts";
import { c, s, and, directorSearch, type OrderTerm } from "./sql-parts";

/**
 * An individual-view page in the order of a client column: the clients walked in that order (their
 * sort index), each one's directors that meet `rowConditions` probed on director_search's client
 * index (a lateral join kept apart by `offset 0`), until the page is full. The clients' query
 * reads the sort index alone: a column from the client's row there would make the planner sort
 * every client rather than walk the index.
 */
export function clientOrderWalk(o: { clientWhere: SQL[]; sort: SortSpec; dir: "asc" | "desc"; term: OrderTerm; rowConditions: SQL[]; range: SQL }): SQL {
  const { sort, dir, term } = o;
  return sql`select "r"."id", "o"."k" as "k", "o"."id" as "cid" from (
      select ${c.id} as "id", ${sort.expr} as "k" from ${clients} ${c} where ${and(o.clientWhere)}
      order by ${term(sql`"k"`, dir, sort.nullable)}, ${term(sql`${c.id}`, dir)} offset 0
    ) as "o" cross join lateral (
      select ${s.directorId} as "id" from ${directorSearch} where ${s.clientId} = "o"."id" and ${and(o.rowConditions)} offset 0
    ) as "r"
    order by ${term(sql`"o"."k"`, dir, sort.nullable)}, ${term(sql`"o"."id"`, dir)}, ${term(sql`"r"."id"`, dir)}
    ${o.range}`;
}
