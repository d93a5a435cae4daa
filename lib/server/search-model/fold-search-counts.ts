import "server-only";
import { sql } from "drizzle-orm";
import { rowsOf, type Db } from "@/db/client";
import { searchCounts as k } from "@/db/search/tables";

/** Rows of one (subject, fragment) above which its deltas are folded: after a fold it has at most
 * one per scope and status (2 × 8), so a search sums at most this many rows between folds. */
const KEY_ROWS = 32;

/**
 * Folds the search's count deltas (search_counts, db/search/01-tables.sql): the rows of each
 * (subject, fragment) with more than a few into one per (scope, status). One statement, so a search
 * sees the rows before or after it, never between, and its sums are the same either way; two folds
 * at once are safe (a row the first deleted is skipped by the second).
 *
 * The search reads the deltas as they are and never writes; this runs every few minutes as the job
 * `search.fold-counts`, so that the rows a search sums stay few. System work, no user. Returns the
 * rows it took away.
 */
export async function foldSearchCounts({ db }: { db: Db }): Promise<number> {
  const columns = sql.join([k.subject, k.gram, k.scope, k.status, k.delta].map((column) => sql.identifier(column.name)), sql`, `);
  const [row] = rowsOf<{ gone: number; kept: number }>(
    await db.execute(sql`with "many" as (
        select ${k.subject} as "subject", ${k.gram} as "gram" from ${k} group by 1, 2 having count(*) > ${KEY_ROWS}
      ), "gone" as (
        delete from ${k} using "many" where (${k.subject}, ${k.gram}) = ("many"."subject", "many"."gram")
        returning ${k.subject} as "subject", ${k.gram} as "gram", ${k.scope} as "scope", ${k.status} as "status", ${k.delta} as "delta"
      ), "kept" as (
        insert into ${k} (${columns})
        select "subject", "gram", "scope", "status", sum("delta") from "gone" group by 1, 2, 3, 4 having sum("delta") <> 0 returning 1
      )
      select (select count(*) from "gone")::int as "gone", (select count(*) from "kept")::int as "kept"`),
  );
  return Number(row?.gone ?? 0) - Number(row?.kept ?? 0);
}
