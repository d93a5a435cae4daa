import { sql, type SQL } from "drizzle-orm";
import { rowsOf, type Db } from "@/db/client";
import { directorStatusValues, type DirectorStatus } from "@/db/schema";
import { searchCounts as k } from "@/db/search/tables";

/*
 * Status counts without counting every row: read from what triggers keep. Each returns (value,
 * count) rows for statsJson.
 * - search_counts: deltas per subject (directors or clients), reference fragment ('' for every
 *   director), scope and status, summed;
 * - client_search: each client's directors per status, summed over the matching clients.
 */

/**
 * Status counts summed from search_counts: exact, from a handful of rows instead of a count of
 * every row. Scope 'live' leaves out deleted rows (and, for directors, the directors of deleted
 * clients). `gram`: only the directors whose reference contains this fragment of one to three
 * characters.
 */
export function keptCounts(
  subject: "director" | "client",
  includeDeleted: boolean,
  { gram = "", onlyStatus }: { gram?: string; onlyStatus?: string } = {},
): SQL {
  const only = onlyStatus ? sql` and ${k.status} = ${onlyStatus}` : sql``;
  return sql`select ${k.status} as "value", sum(${k.delta})::int as "count" from ${k}
    where ${k.subject} = ${subject} and ${k.gram} = lower(${gram}) and ${k.scope} = ${includeDeleted ? "all" : "live"}${only}
    group by 1 having sum(${k.delta}) <> 0`;
}

/**
 * Directors per status summed over per-client count arrays (client_search's `live` or `alld`, in the
 * enum's order) of the rows `from` gives: (value, count) rows, zero counts and, with `onlyStatus`,
 * every other status left out.
 */
export function summedStatusCounts(counts: SQL, from: SQL, onlyStatus?: DirectorStatus): SQL {
  const sums = sql.join(directorStatusValues.map((_, i) => sql`coalesce(sum(${counts}[${i + 1}]), 0)::int`), sql`, `);
  return sql`select "e"."value"::text as "value", "e"."count" from (select array[${sums}] as "a" from ${from}) as "x"
    cross join unnest(enum_range(null::director_status), "x"."a") as "e"("value", "count")
    where "e"."count" <> 0${onlyStatus ? sql` and "e"."value" = ${onlyStatus}` : sql``}`;
}

/** Directors (live, or all with deleted ones) whose reference contains the fragment, from search_counts. */
export async function referenceFragmentMatches(db: Db, term: string, includeDeleted: boolean): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await db.execute(sql`select coalesce(sum("count"), 0)::int as "n" from (${keptCounts("director", includeDeleted, { gram: term })}) as "kept"`),
  );
  return Number(row?.n ?? 0);
}
