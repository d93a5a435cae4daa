import type { ClientSearchInput } from "@/lib/schemas/client-search";
import { CLIENT_SORT_KEYS, DIRECTOR_SORT_KEYS } from "@/lib/schemas/client-search-params";
import { TERM_KINDS, type TermKind, type TermPool } from "./terms";

/** One kind of search the benchmark repeats; `request(i, terms)` may vary with the call number, its terms drawn from the data (./terms.ts). */
export interface Scenario {
  id: string;
  title: string;
  /** Typical queries carry the speed bar (docs/speed.md); the others are reported for information. */
  typical: boolean;
  request: (i: number, terms: TermPool) => ClientSearchInput;
}

/** A term drawn from the data for call i, of each kind in turn. */
const term = (i: number, terms: TermPool) => terms.pick(TERM_KINDS[i % TERM_KINDS.length]!, i);
/** A term of one of the kinds, in turn. */
const termOf = (kinds: TermKind[]) => (i: number, terms: TermPool) => terms.pick(kinds[i % kinds.length]!, i);

/**
 * The shapes a term decides, each term drawn at random from the data the same way
 * (./terms.ts), plus the individual view's deep page: run by default, in process and, with
 * `--http`, over HTTP one request at a time; p95 per shape against the bar.
 */
export const RANDOM_TERM_SHAPES: Scenario[] = [
  ...(["client", "individual"] as const).flatMap((view) =>
    TERM_KINDS.map((kind) => ({
      id: `${view[0]}-global-${kind.replace(/ /g, "-")}`,
      title: `${view} view, global search, ${kind === "email local part" ? "an" : "a"} ${kind}`,
      typical: true,
      request: (i: number, terms: TermPool) => ({ tableViewMode: view, globalSearch: terms.pick(kind, i) }),
    })),
  ),
  {
    id: "i-global-sort-individual",
    title: "individual view, global search (each kind in turn) sorted by individual",
    typical: true,
    request: (i, terms) => ({ tableViewMode: "individual", globalSearch: term(i, terms), sortBy: "directorName", sortDirection: "asc" }),
  },
  {
    id: "c-filter-individual-random",
    title: "client view, individual name filter (a surname or a fragment)",
    typical: true,
    request: (i, terms) => ({ filters: { individual: termOf(["surname", "fragment"])(i, terms) } }),
  },
  {
    id: "i-filter-individual-random",
    title: "individual view, individual name filter (a surname or a fragment)",
    typical: true,
    request: (i, terms) => ({ tableViewMode: "individual", filters: { individual: termOf(["surname", "fragment"])(i, terms) } }),
  },
  {
    id: "c-filter-name-random",
    title: "client view, client name filter (a company word or a fragment)",
    typical: true,
    request: (i, terms) => ({ filters: { name: termOf(["company word", "fragment"])(i, terms) } }),
  },
  {
    id: "i-deep-3000-random",
    title: "individual view, page 3000 of 25",
    typical: true,
    request: () => ({ tableViewMode: "individual", pagerModel: { currentPage: 3000, pageSize: 25 } }),
  },
];

export const SCENARIOS: Scenario[] = [
  { id: "no-filter", title: "client view, no filter (newest first)", typical: true, request: () => ({}) },
  { id: "global-search", title: "client view, global search (random terms)", typical: true, request: (i, t) => ({ globalSearch: term(i, t) }) },
  { id: "status-tab", title: "client view, status tab In progress", typical: true, request: () => ({ status: "InProgress" }) },
  { id: "individual", title: "individual view, no filter", typical: true, request: () => ({ tableViewMode: "individual" }) },
  { id: "sort-name", title: "client view, sorted by name A–Z", typical: true, request: () => ({ sortBy: "name", sortDirection: "asc" }) },
  { id: "deep-page", title: "client view, page 200 of 25", typical: true, request: () => ({ pagerModel: { currentPage: 200, pageSize: 25 } }) },
  {
    id: "individual-search",
    title: "individual view, global search",
    typical: false,
    request: (i, t) => ({ tableViewMode: "individual", globalSearch: term(i, t) }),
  },
  {
    id: "individual-status",
    title: "individual view, status tab Rejected",
    typical: false,
    request: () => ({ tableViewMode: "individual", status: "Rejected" }),
  },
  {
    id: "individual-sort-client",
    title: "individual view, sorted by client name",
    typical: false,
    request: () => ({ tableViewMode: "individual", sortBy: "name", sortDirection: "asc" }),
  },
  {
    id: "individual-sort-director",
    title: "individual view, sorted by individual's name",
    typical: false,
    request: () => ({ tableViewMode: "individual", sortBy: "directorName", sortDirection: "asc" }),
  },
  {
    id: "individual-deep-page",
    title: "individual view, page 400 of 25",
    typical: false,
    request: () => ({ tableViewMode: "individual", pagerModel: { currentPage: 400, pageSize: 25 } }),
  },
  {
    id: "filters",
    title: "client view, tier + created range + owner + status filters",
    typical: false,
    request: () => ({
      filters: { productTier: "Managed", createdAtFrom: "2024-01-01", createdAtTo: "2030-12-31", owner: "tom.reid@portal.example", status: "InProgress" },
    }),
  },
  {
    id: "individual-filters",
    title: "client view, individual name + individual status filters",
    typical: false,
    request: (i, t) => ({ filters: { individual: termOf(["surname", "fragment"])(i, t), individualStatus: "Complete" } }),
  },
  { id: "sort-director-count", title: "client view, sorted by number of individuals", typical: false, request: () => ({ sortBy: "directorCount" }) },
  { id: "page-size-100", title: "client view, 100 rows a page", typical: false, request: () => ({ pagerModel: { currentPage: 1, pageSize: 100 } }) },
  { id: "verify-within", title: "client view, someone to verify within 30 days", typical: false, request: () => ({ filters: { verifyWithinDays: 30 } }) },
  {
    id: "sort-verify-by",
    title: "client view, sorted by the earliest verify-by date",
    typical: false,
    request: () => ({ sortBy: "nextVerifyBy", sortDirection: "asc" }),
  },
];

/**
 * Every shape a member of staff can ask for, each under the bar: every sortable column in both
 * directions and both views, every status tab, every filter alone, global search in both views with
 * filters, and deep pages. `--all` runs these after SCENARIOS.
 */
export const ALL_SHAPES: Scenario[] = [
  ...CLIENT_SORT_KEYS.flatMap((key) =>
    (["asc", "desc"] as const).flatMap((dir) => [
      { id: `c-sort-${key}-${dir}`, title: `client view sorted by ${key} ${dir}`, typical: true, request: () => ({ sortBy: key, sortDirection: dir }) },
      { id: `i-sort-${key}-${dir}`, title: `individual view sorted by ${key} ${dir}`, typical: true, request: () => ({ tableViewMode: "individual" as const, sortBy: key, sortDirection: dir }) },
    ]),
  ),
  ...DIRECTOR_SORT_KEYS.flatMap((key) =>
    (["asc", "desc"] as const).map((dir) => ({
      id: `i-sort-${key}-${dir}`,
      title: `individual view sorted by ${key} ${dir}`,
      typical: true,
      request: () => ({ tableViewMode: "individual" as const, sortBy: key, sortDirection: dir }),
    })),
  ),
  ...(["New", "Onboarding", "InProgress", "Completed", "PaymentPending"] as const).map((status) => ({
    id: `c-tab-${status}`,
    title: `client view, status tab ${status}`,
    typical: true,
    request: () => ({ status }),
  })),
  ...(["AwaitingIDInfo", "UnderReview", "Complete", "Rejected"] as const).map((status) => ({
    id: `i-tab-${status}`,
    title: `individual view, status tab ${status}`,
    typical: true,
    request: () => ({ tableViewMode: "individual" as const, status }),
  })),
  { id: "i-global-search", title: "individual view, global search", typical: true, request: (i, t) => ({ tableViewMode: "individual", globalSearch: term(i, t) }) },
  { id: "i-global-sort-name", title: "individual view, global search sorted by individual", typical: true, request: (i, t) => ({ tableViewMode: "individual", globalSearch: term(i, t), sortBy: "directorName", sortDirection: "asc" }) },
  { id: "c-global-sort-count", title: "client view, global search sorted by director count", typical: true, request: (i, t) => ({ globalSearch: term(i, t), sortBy: "directorCount", sortDirection: "desc" }) },
  { id: "c-global-tab", title: "client view, global search + status tab", typical: true, request: (i, t) => ({ globalSearch: term(i, t), status: "InProgress" }) },
  { id: "c-deep-last", title: "client view, page 400 of 25", typical: true, request: () => ({ pagerModel: { currentPage: 400, pageSize: 25 } }) },
  { id: "i-deep-3000", title: "individual view, page 3000 of 25", typical: true, request: () => ({ tableViewMode: "individual", pagerModel: { currentPage: 3000, pageSize: 25 } }) },
  { id: "i-deep-3000-name", title: "individual view sorted by individual, page 3000", typical: true, request: () => ({ tableViewMode: "individual", sortBy: "directorName", pagerModel: { currentPage: 3000, pageSize: 25 } }) },
  ...(
    [
      ["name", (i, t) => ({ name: termOf(["company word"])(i, t) })],
      ["sageId", () => ({ sageId: "SG0012" })],
      ["reference", () => ({ reference: "ZC2" })],
      ["companyId", () => ({ companyId: "1000" })],
      ["mainContact", (i, t) => ({ mainContact: termOf(["surname"])(i, t) })],
      ["productTier", () => ({ productTier: "OneOff" })],
      ["status", () => ({ status: "Completed" })],
      ["createdAt", () => ({ createdAtFrom: "2025-01-01", createdAtTo: "2025-06-30" })],
      ["updatedAt", () => ({ updatedAtFrom: "2025-06-01" })],
      ["price", () => ({ priceFrom: 6000, priceTo: 6500 })],
      ["fullPrice", () => ({ fullPriceFrom: 100000 })],
      ["owner", () => ({ owner: "tom.reid@portal.example" })],
      ["kantataReference", () => ({ kantataReference: "KAN-31" })],
      ["inKantata", () => ({ inKantata: true })],
      ["individual", (i, t) => ({ individual: termOf(["surname"])(i, t) })],
      ["individualReference", () => ({ individualReference: "ZD2" })],
      ["individualStatus", () => ({ individualStatus: "Rejected" })],
    ] as [string, (i: number, t: TermPool) => ClientSearchInput["filters"]][]
  ).flatMap(([name, filters]) => [
    { id: `c-filter-${name}`, title: `client view, filter ${name}`, typical: true, request: (i: number, t: TermPool) => ({ filters: filters(i, t) }) },
    { id: `i-filter-${name}`, title: `individual view, filter ${name}`, typical: true, request: (i: number, t: TermPool) => ({ tableViewMode: "individual" as const, filters: filters(i, t) }) },
  ]),
  { id: "include-deleted", title: "individual view including deleted", typical: true, request: () => ({ tableViewMode: "individual", includeDeleted: true }) },
];
