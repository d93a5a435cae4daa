import { sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { CLIENT_SORT_KEYS, DIRECTOR_SORT_KEYS, type SortKey } from "@/lib/schemas/client-search-params";
import type { ClientSearchRequest } from "@/lib/schemas/client-search";
import { c, d, s } from "./sql-parts";

/** How the admin search sorts: each sort key's expression, and where it can be read from. */

export interface SortSpec {
  expr: SQL;
  nullable: boolean;
  director: boolean;
  /** The same column of director_search (alias s), for a director's column. */
  searchRow?: SQL;
}

/** Director columns with an index on director_search (migration 0018). */
export const INDEXED_SEARCH_ROW_SORTS = new Set<SortKey>(["directorName", "directorEmail", "directorReference", "directorStatus"]);

const column = (expr: SQL, nullable = false, director = false, searchRow?: AnyPgColumn): SortSpec => ({
  expr,
  nullable,
  director,
  searchRow: searchRow ? sql`${searchRow}` : undefined,
});

/** The director's column each director sort key sorts on, under the same name in directors (d) and director_search (s). */
const DIRECTOR_SORT_COLUMNS = {
  directorName: "name",
  directorEmail: "email",
  directorReference: "reference",
  directorStatus: "status",
  priceOverride: "priceOverride",
  idvNumber: "idvNumber",
} as const satisfies Record<(typeof DIRECTOR_SORT_KEYS)[number], keyof typeof d & keyof typeof s>;

/**
 * Each sort key's column: a client sort key is the client's column of the same name, a director
 * sort key the director's column it names (DIRECTOR_SORT_COLUMNS); empty values sort last where
 * the column may be null.
 */
const SORTS = Object.fromEntries([
  ...CLIENT_SORT_KEYS.map((key) => [key, column(sql`${c[key]}`, !c[key].notNull)] as const),
  ...DIRECTOR_SORT_KEYS.map((key) => {
    const name = DIRECTOR_SORT_COLUMNS[key];
    return [key, column(sql`${d[name]}`, !d[name].notNull, true, s[name])] as const;
  }),
]) as Record<SortKey, SortSpec>;

/**
 * The default order, newest first, puts clients with someone overdue first: it reads
 * clients.priority_at (created_at, moved 10,000 years on while the client's earliest verify-by date
 * has passed; kept by triggers and a nightly job, migration 0040), one non-null column with its own
 * (priority_at, id) index, so the page is still an index walk. Oldest first is created_at alone.
 */
const PRIORITY: SortSpec = column(sql`${c.priorityAt}`);

/** Whether the search is in the default order (newest first: PRIORITY). */
export const inDefaultOrder = (query: Pick<ClientSearchRequest, "sortBy" | "sortDirection">) => sortOf(query) === PRIORITY;

/** How a search is sorted: its column, or for newest first the default order (PRIORITY). */
export function sortOf(query: Pick<ClientSearchRequest, "sortBy" | "sortDirection">): SortSpec {
  return query.sortBy === "createdAt" && query.sortDirection === "desc" ? PRIORITY : SORTS[query.sortBy];
}
