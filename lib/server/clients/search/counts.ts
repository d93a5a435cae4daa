import { sql, type SQL } from "drizzle-orm";
import { rowsOf, type Db } from "@/db/client";
import { directorStatusValues, type DirectorStatus } from "@/db/schema";
import { clientStatusCounts, directorReferenceGrams, directorStatusCounts } from "@/db/search/tables";

/*
 * Status counts without counting every row: read from what triggers keep. Each returns (value,
 * count) rows for statsJson.
 * - director_status_counts and client_status_counts (migrations 0011, 0015): deltas per scope and
 *   status, summed;
 * - client_search (0018): each client's directors per status, summed over the matching clients;
 * - director_reference_grams (0019): per reference fragment of one to three characters.
 */

/** Tables of status counts kept by triggers (migrations 0011 and 0015). */
export type KeptCounts = typeof clientStatusCounts | typeof directorStatusCounts;

/** A column by its name alone, as the statements over one table write it. */
const bare = (column: { name: string }) => sql.identifier(column.name);

/**
 * Status counts summed from a kept-counts table: exact, from a handful of rows instead of a count
 * of every row. Scope 'live' leaves out deleted rows (and, for directors, the directors of deleted
 * clients).
 */
export function keptCounts(table: KeptCounts, includeDeleted: boolean, onlyStatus?: string): SQL {
  const [status, delta, scope] = [bare(table.status), bare(table.delta), bare(table.scope)];
  const only = onlyStatus ? sql` and ${status} = ${onlyStatus}` : sql``;
  return sql`select ${status} as "value", sum(${delta})::int as "count" from ${table}
    where ${scope} = ${includeDeleted ? "all" : "live"}${only} group by 1 having sum(${delta}) <> 0`;
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

/** A reference fragment's directors per status, from director_reference_grams. */
export function fragmentCounts(gram: string, includeDeleted: boolean, onlyStatus?: DirectorStatus): SQL {
  const g = directorReferenceGrams;
  const [status, delta] = [bare(g.status), bare(g.delta)];
  return sql`select ${status} as "value", sum(${delta})::int as "count" from ${g}
    where ${bare(g.gram)} = lower(${gram}) and ${bare(g.scope)} = ${includeDeleted ? "all" : "live"}
    ${onlyStatus ? sql`and ${status} = ${onlyStatus}` : sql``} group by 1 having sum(${delta}) <> 0`;
}

/** Directors (live, or all with deleted ones) whose reference contains the fragment, from director_reference_grams. */
export async function referenceFragmentMatches(db: Db, term: string, includeDeleted: boolean): Promise<number> {
  const g = directorReferenceGrams;
  const [row] = rowsOf<{ n: number }>(
    await db.execute(
      sql`select coalesce(sum(${bare(g.delta)}), 0)::int as "n" from ${g} where ${bare(g.gram)} = lower(${term}) and ${bare(g.scope)} = ${includeDeleted ? "all" : "live"}`,
    ),
  );
  return Number(row?.n ?? 0);
}
