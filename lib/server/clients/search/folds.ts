import { sql } from "drizzle-orm";
import { rowsOf, type Db } from "@/db/client";
import type { SearchThresholds } from "./config";
import type { KeptCounts } from "./counts";

/*
 * The only writes of the search's read path: folding the count deltas that triggers append to
 * director_status_counts, client_status_counts and director_reference_grams, once enough have piled
 * up. Called once per search, from runSearch (./run.ts), after its answers are read.
 */

/** What a search read that may call for a fold: the kept-counts table and its delta rows, the fragment counted. */
export interface FoldHints {
  kept?: KeptCounts;
  deltaRows?: number;
  gram?: string;
}

export async function foldCountDeltas(db: Db, hints: FoldHints, thresholds: SearchThresholds): Promise<void> {
  if (hints.gram !== undefined) await foldReferenceGram(db, hints.gram, thresholds.gramFoldAfter);
  if (hints.kept && Number(hints.deltaRows ?? 0) > thresholds.foldAfter) await foldStatusCounts(db, hints.kept);
}

/**
 * Folds the count deltas: one statement, so readers see the rows before or after, never between;
 * two folds at once are safe (a row the first deleted is skipped by the second).
 */
async function foldStatusCounts(db: Db, table: KeptCounts): Promise<void> {
  const t = sql.identifier(table);
  await db.execute(sql`with "gone" as (delete from ${t} returning "scope", "status", "delta")
    insert into ${t} ("scope", "status", "delta")
    select "scope", "status", sum("delta") from "gone" group by 1, 2 having sum("delta") <> 0`);
}

/**
 * Folds one fragment's deltas in director_reference_grams into one row per (scope, status) once
 * more than `after` rows have piled up (the same single statement as foldStatusCounts, for one fragment).
 */
async function foldReferenceGram(db: Db, gram: string, after: number): Promise<void> {
  const [rows] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as "n" from "director_reference_grams" where "gram" = lower(${gram})`));
  if (Number(rows?.n ?? 0) <= after) return;
  await db.execute(sql`with "gone" as (delete from "director_reference_grams" where "gram" = lower(${gram}) returning "gram", "scope", "status", "delta")
    insert into "director_reference_grams" ("gram", "scope", "status", "delta")
    select "gram", "scope", "status", sum("delta") from "gone" group by 1, 2, 3 having sum("delta") <> 0`);
}
