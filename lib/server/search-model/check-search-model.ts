import "server-only";
import { sql } from "drizzle-orm";
import { rowsOf, type Db } from "@/db/client";

/** The checks of db/search/05-checks.sql, each listing what differs from a count of the tables. */
export const searchModelChecks = [
  "director_count_check",
  "client_director_counts_check",
  "director_search_check",
  "client_search_check",
  "search_counts_check",
] as const;

export type SearchModelCheck = (typeof searchModelChecks)[number];

export interface SearchModelDrift {
  check: SearchModelCheck;
  /** Rows the check listed. */
  rows: number;
  /** The first few, as the check returned them. */
  examples: Record<string, unknown>[];
}

/**
 * Runs every check of the search's read model and returns those that found a difference (none,
 * unless triggers were off during a bulk load, or a bug). Read-only; reads whole tables (the
 * nightly job `search.check` runs it). System work, no user.
 */
export async function checkSearchModel({ db }: { db: Db }): Promise<SearchModelDrift[]> {
  const drift: SearchModelDrift[] = [];
  for (const check of searchModelChecks) {
    const rows = rowsOf<Record<string, unknown>>(
      await db.execute(sql`select to_jsonb(x) as "row", count(*) over ()::int as "n" from ${sql.identifier(check)}() as x limit 5`),
    ) as { row: Record<string, unknown>; n: number }[];
    if (rows.length > 0) drift.push({ check, rows: Number(rows[0]!.n), examples: rows.map((r) => r.row) });
  }
  return drift;
}
