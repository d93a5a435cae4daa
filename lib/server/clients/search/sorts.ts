import { sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { SortKey } from "@/lib/schemas/client-search-params";
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

const SORTS: Record<SortKey, SortSpec> = {
  createdAt: column(sql`${c.createdAt}`),
  updatedAt: column(sql`${c.updatedAt}`),
  name: column(sql`${c.name}`),
  reference: column(sql`${c.reference}`),
  sageId: column(sql`${c.sageId}`, true),
  companyId: column(sql`${c.companyId}`, true),
  mainContactEmail: column(sql`${c.mainContactEmail}`),
  productTier: column(sql`${c.productTier}`),
  status: column(sql`${c.status}`),
  journey: column(sql`${c.journey}`),
  owner: column(sql`${c.owner}`, true),
  unitPrice: column(sql`${c.unitPrice}`, true),
  fullPrice: column(sql`${c.fullPrice}`, true),
  directorCount: column(sql`${c.directorCount}`),
  kantataReference: column(sql`${c.kantataReference}`, true),
  inKantata: column(sql`${c.inKantata}`),
  nextVerifyBy: column(sql`${c.nextVerifyBy}`, true),
  directorName: column(sql`${d.name}`, false, true, s.name),
  directorEmail: column(sql`${d.email}`, false, true, s.email),
  directorReference: column(sql`${d.reference}`, false, true, s.reference),
  directorStatus: column(sql`${d.status}`, false, true, s.status),
  priceOverride: column(sql`${d.priceOverride}`, true, true, s.priceOverride),
  idvNumber: column(sql`${d.idvNumber}`, true, true, s.idvNumber),
};

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
