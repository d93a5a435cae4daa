/*
 * The admin client search's vocabulary (docs/domain.md "Client search request") without zod, so client
 * components can import it without shipping the schema: sortable columns, defaults, and the
 * mapping between a search request and the page's URL search parameters.
 *
 * URL contract (/administration/client-management/): one flat parameter per field, defaults
 * omitted. Filters keep their names (`name`, `sageId`, ..., `individualStatus`) except
 * `filters.status`, which is `clientStatus` in the URL because `status` is the status tab.
 * `globalSearch`, `status`, `sortBy`, `sortDirection`, `currentPage`, `pageSize`,
 * `tableViewMode` and `includeDeleted` are as in the request. Prices are integer pence.
 */

export const TABLE_VIEW_MODES = ["client", "individual"] as const;
export type TableViewMode = (typeof TABLE_VIEW_MODES)[number];

export const SORT_DIRECTIONS = ["asc", "desc"] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

/** Columns of the client (both view modes). */
export const CLIENT_SORT_KEYS = [
  "createdAt",
  "updatedAt",
  "name",
  "reference",
  "sageId",
  "companyId",
  "mainContactEmail",
  "productTier",
  "status",
  "journey",
  "owner",
  "unitPrice",
  "fullPrice",
  "directorCount",
  "kantataReference",
  "inKantata",
  /** The earliest verify-by date of the client's people still to be verified (empty last). */
  "nextVerifyBy",
] as const;

/** Columns of the individual: individual view mode only. */
export const DIRECTOR_SORT_KEYS = [
  "directorName",
  "directorEmail",
  "directorReference",
  "directorStatus",
  "priceOverride",
  "idvNumber",
] as const;

export const SORT_KEYS = [...CLIENT_SORT_KEYS, ...DIRECTOR_SORT_KEYS] as const;
export type SortKey = (typeof SORT_KEYS)[number];

export function isDirectorSortKey(key: string): boolean {
  return (DIRECTOR_SORT_KEYS as readonly string[]).includes(key);
}

export const PAGE_SIZE_MIN = 1;
export const PAGE_SIZE_MAX = 100;
/** The page sizes the page offers (any size from 1 to 100 is accepted). */
export const PAGE_SIZE_OPTIONS = [10, 25, 50, 100] as const;

export const SEARCH_DEFAULTS = {
  sortBy: "createdAt",
  sortDirection: "desc",
  currentPage: 1,
  pageSize: 25,
  tableViewMode: "client",
  includeDeleted: false,
} as const satisfies {
  sortBy: SortKey;
  sortDirection: SortDirection;
  currentPage: number;
  pageSize: number;
  tableViewMode: TableViewMode;
  includeDeleted: boolean;
};

export const TEXT_FILTER_KEYS = [
  "name",
  "sageId",
  "reference",
  "companyId",
  "mainContact",
  "owner",
  "kantataReference",
  "individual",
  "individualReference",
] as const;
export const DATE_FILTER_KEYS = ["createdAtFrom", "createdAtTo", "updatedAtFrom", "updatedAtTo"] as const;
export const PENCE_FILTER_KEYS = ["priceFrom", "priceTo", "fullPriceFrom", "fullPriceTo"] as const;
/**
 * Whole days: `verifyWithinDays` keeps clients with someone to be verified by today plus that many
 * days, overdue people included (0: overdue or due today).
 */
export const DAY_FILTER_KEYS = ["verifyWithinDays"] as const;
export const FILTER_KEYS = [
  ...TEXT_FILTER_KEYS,
  "productTier",
  "status",
  ...DATE_FILTER_KEYS,
  ...PENCE_FILTER_KEYS,
  "inKantata",
  "individualStatus",
  ...DAY_FILTER_KEYS,
] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];

/** Filters as a plain object (the shape of the request's `filters`). */
export type SearchFilters = Partial<{
  [K in FilterKey]: K extends (typeof PENCE_FILTER_KEYS)[number] | (typeof DAY_FILTER_KEYS)[number] ? number : K extends "inKantata" ? boolean : string;
}>;

/** A complete search request (after defaults): what the page holds and the server function takes. */
export interface SearchState {
  globalSearch?: string;
  filters: SearchFilters;
  status?: string;
  sortBy: SortKey;
  sortDirection: SortDirection;
  pagerModel: { currentPage: number; pageSize: number };
  tableViewMode: TableViewMode;
  includeDeleted: boolean;
}

/** URL parameter name of a filter. */
export function filterParam(key: FilterKey): string {
  return key === "status" ? "clientStatus" : key;
}

const NUMERIC_PARAMS = new Set<string>(["currentPage", "pageSize", ...PENCE_FILTER_KEYS, ...DAY_FILTER_KEYS]);
const BOOLEAN_PARAMS = new Set<string>(["inKantata", "includeDeleted"]);

/** The URL search parameters of a search (defaults omitted, stable order). */
export function toSearchParams(state: SearchState): URLSearchParams {
  const out = new URLSearchParams();
  if (state.globalSearch) out.set("globalSearch", state.globalSearch);
  if (state.tableViewMode !== SEARCH_DEFAULTS.tableViewMode) out.set("tableViewMode", state.tableViewMode);
  if (state.status) out.set("status", state.status);
  for (const key of FILTER_KEYS) {
    const value = state.filters[key];
    if (value !== undefined && value !== "") out.set(filterParam(key), String(value));
  }
  if (state.includeDeleted) out.set("includeDeleted", "true");
  if (state.sortBy !== SEARCH_DEFAULTS.sortBy) out.set("sortBy", state.sortBy);
  if (state.sortDirection !== SEARCH_DEFAULTS.sortDirection) out.set("sortDirection", state.sortDirection);
  if (state.pagerModel.currentPage !== SEARCH_DEFAULTS.currentPage) out.set("currentPage", String(state.pagerModel.currentPage));
  if (state.pagerModel.pageSize !== SEARCH_DEFAULTS.pageSize) out.set("pageSize", String(state.pagerModel.pageSize));
  return out;
}

/** The page URL of a search. */
export function searchHref(pathname: string, state: SearchState): string {
  const qs = toSearchParams(state).toString();
  return qs ? `${pathname}?${qs}` : pathname;
}

type RawParams = Record<string, string | string[] | undefined> | URLSearchParams;

function first(params: RawParams, name: string): string | undefined {
  if (params instanceof URLSearchParams) return params.get(name) ?? undefined;
  const v = params[name];
  return Array.isArray(v) ? v[0] : v;
}

function convert(name: string, value: string): unknown {
  if (NUMERIC_PARAMS.has(name) && /^-?\d{1,15}$/.test(value.trim())) return Number(value.trim());
  if (BOOLEAN_PARAMS.has(name) && (value === "true" || value === "false")) return value === "true";
  return value;
}

/**
 * The request object that URL search parameters stand for, before validation (numbers and
 * booleans converted where they look like one; anything else is left for the schema to reject).
 * Unknown parameters are ignored.
 */
export function requestFromSearchParams(params: RawParams): Record<string, unknown> {
  const get = (name: string) => {
    const v = first(params, name);
    return v === undefined || v === "" ? undefined : convert(name, v);
  };
  const filters: Record<string, unknown> = {};
  for (const key of FILTER_KEYS) {
    const v = get(filterParam(key));
    if (v !== undefined) filters[key] = v;
  }
  const request: Record<string, unknown> = { filters };
  for (const name of ["globalSearch", "status", "sortBy", "sortDirection", "tableViewMode", "includeDeleted"]) {
    const v = get(name);
    if (v !== undefined) request[name] = v;
  }
  const currentPage = get("currentPage");
  const pageSize = get("pageSize");
  if (currentPage !== undefined || pageSize !== undefined) {
    request.pagerModel = { ...(currentPage !== undefined && { currentPage }), ...(pageSize !== undefined && { pageSize }) };
  }
  return request;
}

/** How many filters are set (for the filters panel's summary). */
export function activeFilterCount(state: SearchState): number {
  return FILTER_KEYS.filter((k) => state.filters[k] !== undefined && state.filters[k] !== "").length + (state.includeDeleted ? 1 : 0);
}
