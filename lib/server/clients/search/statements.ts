import { sql, type SQL } from "drizzle-orm";
import type { PageWindow } from "@/lib/pager";
import type { ClientSearchRequest } from "@/lib/schemas/client-search";
import type { Learned } from "./chooser";
import { buildClientView } from "./client-view";
import { buildIndividualView } from "./individual-view";
import { statsJson } from "./sql-parts";

/**
 * The statements of a search other than a plain text search (./text-search.ts), each answering
 * one row with `stats` (`[[status, count], ...]`, status tab left out) and/or `rows` (the page, in
 * order, as JSON objects). Exported for the benchmark's EXPLAIN output.
 */
export function buildSearchStatements(query: ClientSearchRequest, window?: PageWindow, learned: Learned = {}): SQL[] {
  const built = (query.tableViewMode === "individual" ? buildIndividualView : buildClientView)({ query, window, learned });
  const { ctes, stats, page, rows } = built;
  if (ctes.length > 0) {
    // A text search: one statement, so that the counts and the page share the set of matches.
    return [sql`with ${sql.join([...ctes, sql`"page" as (${page})`], sql`, `)} select ${statsJson(stats)} as "stats", (${rows}) as "rows"`];
  }
  // Otherwise two statements that run side by side on two connections: the counts (the costlier
  // part in individual view) and the page.
  return [sql`select ${statsJson(stats)} as "stats"`, sql`with "page" as (${page}) select (${rows}) as "rows"`];
}
