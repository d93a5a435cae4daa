import "server-only";
import { getTableName, sql } from "drizzle-orm";
import { rowsOf, type Db } from "@/db/client";
import { clientStatusCounts, directorReferenceGrams, directorStatusCounts } from "@/db/search/tables";

/** Rows of one reference fragment above which its deltas are folded (8 statuses, 2 scopes, some to spare). */
const GRAM_ROWS = 32;

/**
 * Folds the search's count deltas (db/search/01-tables.sql): the rows of director_status_counts and
 * client_status_counts into one per (scope, status), and those of each reference fragment of
 * director_reference_grams with more than a few rows into one per (scope, status). Each fold is one
 * statement, so a search sees the rows before or after it, never between, and its sums are the same
 * either way; two folds at once are safe (a row the first deleted is skipped by the second).
 *
 * The search reads the deltas as they are and never writes; this runs every few minutes as the job
 * `search.fold-counts`, so that the rows a search sums stay few. System work, no user. Returns the
 * rows it took away.
 */
export async function foldSearchCounts({ db }: { db: Db }): Promise<number> {
  let removed = 0;
  for (const table of [directorStatusCounts, clientStatusCounts]) {
    const t = sql.identifier(getTableName(table));
    const [row] = rowsOf<{ gone: number; kept: number }>(
      await db.execute(sql`with "gone" as (delete from ${t} returning ${sql.identifier(table.scope.name)} as "scope", ${sql.identifier(table.status.name)} as "status", ${sql.identifier(table.delta.name)} as "delta"),
        "kept" as (insert into ${t} (${sql.identifier(table.scope.name)}, ${sql.identifier(table.status.name)}, ${sql.identifier(table.delta.name)})
          select "scope", "status", sum("delta") from "gone" group by 1, 2 having sum("delta") <> 0 returning 1)
        select (select count(*) from "gone")::int as "gone", (select count(*) from "kept")::int as "kept"`),
    );
    removed += Number(row?.gone ?? 0) - Number(row?.kept ?? 0);
  }
  const g = directorReferenceGrams;
  const [row] = rowsOf<{ gone: number; kept: number }>(
    await db.execute(sql`with "many" as (
        select ${g.gram} as "gram" from ${g} group by 1 having count(*) > ${GRAM_ROWS}
      ), "gone" as (
        delete from ${g} using "many" where ${g.gram} = "many"."gram" returning ${g.gram} as "gram", ${g.scope} as "scope", ${g.status} as "status", ${g.delta} as "delta"
      ), "kept" as (
        insert into ${g} (${sql.identifier(g.gram.name)}, ${sql.identifier(g.scope.name)}, ${sql.identifier(g.status.name)}, ${sql.identifier(g.delta.name)})
        select "gram", "scope", "status", sum("delta") from "gone" group by 1, 2, 3 having sum("delta") <> 0 returning 1
      )
      select (select count(*) from "gone")::int as "gone", (select count(*) from "kept")::int as "kept"`),
  );
  return removed + Number(row?.gone ?? 0) - Number(row?.kept ?? 0);
}
