import { z } from "zod";
import { INVALID_CHARACTERS, isSingleLineText } from "./text";
import { clientStatusValues, directorStatusValues, productTierValues } from "@/lib/domain/values";
import {
  CLIENT_SORT_KEYS,
  PAGE_SIZE_MAX,
  PAGE_SIZE_MIN,
  SEARCH_DEFAULTS,
  SORT_DIRECTIONS,
  SORT_KEYS,
  TABLE_VIEW_MODES,
  requestFromSearchParams,
  type SearchFilters,
  type SearchState,
  type SortDirection,
  type SortKey,
  type TableViewMode,
} from "./client-search-params";

/*
 * The admin client search request (docs/domain.md "Client search request"), shared by
 * POST /api/admin/director-verification/clients/search and the page
 * /administration/client-management/ (which keeps the same request in its URL, see
 * client-search-params.ts).
 *
 * - Empty strings and null mean "not set" for every optional field (forms and older clients send them).
 * - Unknown keys are rejected, each with its own path (`fields: { "filters.foo": ["unknownKey"] }`).
 * - Text filters are case-insensitive "contains" matches, at most 200 characters.
 * - Dates are a day `YYYY-MM-DD` (UK time; "to" includes the whole day) or an ISO 8601 instant with offset.
 * - Prices are integer pence. `priceFrom/To` filter the client's unit price, `fullPriceFrom/To` its full price.
 * - `verifyWithinDays` (0 to 3650) keeps clients with someone still to be verified whose verify-by
 *   date is at most that many days from today (UK), overdue ones included.
 * - Sorted by `createdAt` descending (the default, newest first), clients with someone overdue come
 *   first; `nextVerifyBy` sorts by the client's earliest verify-by date (clients without one last).
 * - `status` is the status tab: a client status in client view, a director status in individual view.
 * - Director sort keys (`directorName`, ...) are allowed in individual view only.
 * Error messages are keys under `clientSearch.errors` in messages/en-GB.json.
 */

const MAX_TEXT = 200;
const MAX_PENCE = 2_147_483_647;
const MAX_PAGE = 1_000_000;

const blankToUndefined = (v: unknown) => (v === null || (typeof v === "string" && v.trim() === "") ? undefined : v);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blankToUndefined, schema.optional());

/** Search terms are single lines: no control characters or lone surrogates (PostgreSQL refuses some of them). */
const text = optional(z.string({ error: "invalid" }).refine(isSingleLineText, INVALID_CHARACTERS).trim().max(MAX_TEXT, "tooLong"));
const choice = <T extends readonly [string, ...string[]]>(values: T) => optional(z.enum(values, { error: "invalidOption" }));
const pence = optional(z.number({ error: "invalidNumber" }).int("invalidNumber").min(0, "invalidNumber").max(MAX_PENCE, "invalidNumber"));
const flag = optional(z.boolean({ error: "invalidBoolean" }));
/** A number of days ahead, up to ten years. */
const days = optional(z.number({ error: "invalidDays" }).int("invalidDays").min(0, "invalidDays").max(3650, "invalidDays"));
const dateOrInstant = optional(z.union([z.iso.date(), z.iso.datetime({ offset: true })], { error: "invalidDate" }));

/** An object of exactly these keys: each unknown key is an issue of its own (`unknownKey`). */
function exact<T extends z.ZodRawShape>(shape: T) {
  return z.preprocess(
    (value, ctx) => {
      if (value && typeof value === "object" && !Array.isArray(value)) {
        for (const key of Object.keys(value)) {
          if (!Object.hasOwn(shape, key)) ctx.addIssue({ code: "custom", message: "unknownKey", path: [key], input: value });
        }
      }
      return value;
    },
    z.object(shape, { error: "invalid" }),
  );
}

const filtersSchema = exact({
    name: text,
    sageId: text,
    reference: text,
    companyId: text,
    /** Main contact email or name. */
    mainContact: text,
    productTier: choice(productTierValues),
    /** Client status (independent of the status tab). */
    status: choice(clientStatusValues),
    createdAtFrom: dateOrInstant,
    createdAtTo: dateOrInstant,
    updatedAtFrom: dateOrInstant,
    updatedAtTo: dateOrInstant,
    priceFrom: pence,
    priceTo: pence,
    fullPriceFrom: pence,
    fullPriceTo: pence,
    /** The assigned staff member's email (exact, case-insensitive). */
    owner: text,
    kantataReference: text,
    inKantata: flag,
    /** A director's name or email contains this. */
    individual: text,
    individualReference: text,
    individualStatus: choice(directorStatusValues),
    /** Someone of the client is to be verified within this many days from today, or is overdue. */
    verifyWithinDays: days,
});

/** Day or instant bounds compare as instants: a day stands for its start ("from") or end ("to"). */
function boundMs(value: string, end: boolean): number {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return Date.parse(`${value}T00:00:00Z`) + (end ? 86_400_000 - 1 : 0);
  return Date.parse(value);
}

const RANGES = [
  ["createdAtFrom", "createdAtTo"],
  ["updatedAtFrom", "updatedAtTo"],
  ["priceFrom", "priceTo"],
  ["fullPriceFrom", "fullPriceTo"],
] as const;

export const clientSearchSchema = exact({
    globalSearch: text,
    filters: z.preprocess((v) => v ?? {}, filtersSchema),
    status: choice([...clientStatusValues, ...directorStatusValues] as const),
    sortBy: z.preprocess(blankToUndefined, z.enum(SORT_KEYS, { error: "invalidOption" }).default(SEARCH_DEFAULTS.sortBy)),
    sortDirection: z.preprocess(blankToUndefined, z.enum(SORT_DIRECTIONS, { error: "invalidOption" }).default(SEARCH_DEFAULTS.sortDirection)),
    pagerModel: z.preprocess(
      (v) => v ?? {},
      exact({
          currentPage: z.preprocess(
            blankToUndefined,
            z.number({ error: "invalidNumber" }).int("invalidNumber").min(1, "invalidNumber").max(MAX_PAGE, "invalidNumber").default(SEARCH_DEFAULTS.currentPage),
          ),
          pageSize: z.preprocess(
            blankToUndefined,
            z.number({ error: "invalidNumber" }).int("invalidNumber").min(PAGE_SIZE_MIN, "pageSize").max(PAGE_SIZE_MAX, "pageSize").default(SEARCH_DEFAULTS.pageSize),
          ),
        }),
    ),
    tableViewMode: z.preprocess(blankToUndefined, z.enum(TABLE_VIEW_MODES, { error: "invalidOption" }).default(SEARCH_DEFAULTS.tableViewMode)),
    /** Deleted clients and directors are hidden unless this is true. */
    includeDeleted: z.preprocess(blankToUndefined, z.boolean({ error: "invalidBoolean" }).default(SEARCH_DEFAULTS.includeDeleted)),
  }).superRefine((req, ctx) => {
    if (req.status) {
      const allowed: readonly string[] = req.tableViewMode === "individual" ? directorStatusValues : clientStatusValues;
      if (!allowed.includes(req.status)) ctx.addIssue({ code: "custom", path: ["status"], message: "statusForMode" });
    }
    if (req.tableViewMode === "client" && !(CLIENT_SORT_KEYS as readonly string[]).includes(req.sortBy)) {
      ctx.addIssue({ code: "custom", path: ["sortBy"], message: "sortForMode" });
    }
    const f = req.filters as Record<string, string | number | undefined>;
    for (const [from, to] of RANGES) {
      const a = f[from];
      const b = f[to];
      if (a === undefined || b === undefined) continue;
      const bad = typeof a === "number" ? a > (b as number) : boundMs(String(a), false) > boundMs(String(b), true);
      if (bad) ctx.addIssue({ code: "custom", path: ["filters", to], message: "range" });
    }
  });

/** The request body as a client sends it (every field optional; empty values mean "not set"). */
export interface ClientSearchInput {
  globalSearch?: string | null;
  filters?: { [K in keyof SearchFilters]?: SearchFilters[K] | null } | null;
  status?: string | null;
  sortBy?: SortKey;
  sortDirection?: SortDirection;
  pagerModel?: { currentPage?: number; pageSize?: number } | null;
  tableViewMode?: TableViewMode;
  includeDeleted?: boolean;
}
export type ClientSearchRequest = z.output<typeof clientSearchSchema>;

/** The default request: no search, no filters, newest first, first page of 25, client view. */
export const defaultClientSearch: ClientSearchRequest = clientSearchSchema.parse({});

/** A validated request as the page's state (the same object, typed for the pure URL helpers). */
export function toSearchState(req: ClientSearchRequest): SearchState {
  return req as SearchState;
}

/**
 * Reads the page's URL search parameters with the request schema. Invalid parameters are dropped
 * (and named in `dropped`) rather than failing the page: a mistyped link still shows results.
 */
export function parseSearchParams(params: Record<string, string | string[] | undefined> | URLSearchParams): {
  request: ClientSearchRequest;
  dropped: string[];
} {
  const raw = requestFromSearchParams(params);
  const dropped: string[] = [];
  for (let attempt = 0; attempt < 8; attempt++) {
    const result = clientSearchSchema.safeParse(raw);
    if (result.success) return { request: result.data, dropped };
    for (const issue of result.error.issues) {
      const path = issue.path.map(String);
      if (path.length === 0) continue;
      dropped.push(path.join("."));
      let target: Record<string, unknown> = raw;
      for (const segment of path.slice(0, -1)) target = (target[segment] ?? {}) as Record<string, unknown>;
      delete target[path[path.length - 1]!];
    }
  }
  return { request: defaultClientSearch, dropped: [...new Set([...dropped, "*"])] };
}
