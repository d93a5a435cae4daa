import "server-only";
import { getTableName, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { clientSearch, directorSearch } from "@/db/search/tables";
import { foldSearchCounts } from "./fold-search-counts";

/**
 * The rebuilds of db/search/06-rebuild.sql, in the order they must run: client_search first (the
 * per-client counts and director_count are written into its rows).
 */
export const searchModelRebuilds = [
  "client_search_rebuild",
  "director_count_rebuild",
  "director_search_rebuild",
  "search_counts_rebuild",
] as const;

export type SearchModelStep = (typeof searchModelRebuilds)[number] | "vacuum";

/**
 * Writes every side table of the search again from directors and clients, online: each rebuild is
 * one statement in its own transaction (a search sees each table before or after, never between;
 * writers to directors and clients wait for the statement at most), then VACUUM ANALYZE of the
 * copies, which a rebuild leaves at twice their size. `onStep` is told as each step starts and ends.
 * Operator work (`npm run search:rebuild`), no user.
 */
export async function rebuildSearchModel({
  db,
  onStep,
}: {
  db: Db;
  onStep?: (step: SearchModelStep, state: "start" | "done", ms?: number) => void;
}): Promise<void> {
  for (const step of searchModelRebuilds) {
    const started = Date.now();
    onStep?.(step, "start");
    await db.execute(sql`select ${sql.identifier(step)}()`);
    onStep?.(step, "done", Date.now() - started);
  }
  await foldSearchCounts({ db });
  const started = Date.now();
  onStep?.("vacuum", "start");
  const tables = [clientSearch, directorSearch].map((t) => sql.identifier(getTableName(t)));
  await db.execute(sql`vacuum analyze ${sql.join(tables, sql`, `)}`);
  onStep?.("vacuum", "done", Date.now() - started);
}
