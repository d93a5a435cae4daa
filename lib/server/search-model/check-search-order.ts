import "server-only";
import { sql } from "drizzle-orm";
import { rowsOf, type Db } from "@/db/client";

/**
 * When the nightly job asks for director_search to be written again in the order of the
 * directors' names (db/search/05-checks.sql director_search_order_check, 06-rebuild.sql):
 * - `minDirectors`: below it the table is a few megabytes, which PostgreSQL keeps in its memory,
 *   so the order of its pages does not matter (docs/speed.md "Directors in the order of their names");
 * - `outOfOrderShare`: the share of rows on pages out of that order, about half the share of
 *   directors added since the last rebuild (their pages hold names from anywhere in the alphabet,
 *   and about half of them come after a page of later names). At a twentieth of a million
 *   directors added, a surname's 20,000 matches lie on about 1,000 such pages beside the 500 of its
 *   own: three times what a search reads just after a rebuild.
 */
export const SEARCH_ORDER_LIMITS = { minDirectors: 20_000, outOfOrderShare: 0.025 } as const;

export interface SearchOrder {
  directors: number;
  /** Rows on pages whose middle name (in the rebuild's order) comes before the middle name of the page before. */
  outOfOrder: number;
  /** Whether a rebuild (`npm run search:rebuild`) would put the search's matches back on fewer pages. */
  rebuildAdvised: boolean;
}

/** Reads how far director_search has moved from its rebuild's order. Read-only; reads the whole table. System work, no user. */
export async function checkSearchOrder({ db }: { db: Db }): Promise<SearchOrder> {
  const [row] = rowsOf<{ directors: number; out_of_order: number }>(await db.execute(sql`select * from director_search_order_check()`));
  const directors = Number(row?.directors ?? 0);
  const outOfOrder = Number(row?.out_of_order ?? 0);
  return { directors, outOfOrder, rebuildAdvised: directors >= SEARCH_ORDER_LIMITS.minDirectors && outOfOrder > SEARCH_ORDER_LIMITS.outOfOrderShare * directors };
}
