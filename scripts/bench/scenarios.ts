import type { ClientSearchInput } from "@/lib/schemas/client-search";
import { CLIENT_SORT_KEYS, DIRECTOR_SORT_KEYS } from "@/lib/schemas/client-search-params";

/** One kind of search the benchmark repeats; `request(i)` may vary with the iteration number. */
export interface Scenario {
  id: string;
  title: string;
  /** Typical queries carry the speed bar (docs/speed.md); the others are reported for information. */
  typical: boolean;
  request: (i: number) => ClientSearchInput;
}

/** Words a member of staff types: surnames and company-name words of the large seed, a demo client, an email. */
const TERMS = ["smith", "patel", "kestrel", "okafor", "hartwell", "mendip", "oliver.king", "harbour"];
const term = (i: number) => TERMS[i % TERMS.length]!;

export const SCENARIOS: Scenario[] = [
  { id: "no-filter", title: "client view, no filter (newest first)", typical: true, request: () => ({}) },
  { id: "global-search", title: "client view, global search (8 terms in turn)", typical: true, request: (i) => ({ globalSearch: term(i) }) },
  { id: "status-tab", title: "client view, status tab In progress", typical: true, request: () => ({ status: "InProgress" }) },
  { id: "individual", title: "individual view, no filter", typical: true, request: () => ({ tableViewMode: "individual" }) },
  { id: "sort-name", title: "client view, sorted by name A–Z", typical: true, request: () => ({ sortBy: "name", sortDirection: "asc" }) },
  { id: "deep-page", title: "client view, page 200 of 25", typical: true, request: () => ({ pagerModel: { currentPage: 200, pageSize: 25 } }) },
  {
    id: "individual-search",
    title: "individual view, global search",
    typical: false,
    request: (i) => ({ tableViewMode: "individual", globalSearch: term(i) }),
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
    request: (i) => ({ filters: { individual: term(i), individualStatus: "Complete" } }),
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
  { id: "i-global-search", title: "individual view, global search", typical: true, request: (i) => ({ tableViewMode: "individual", globalSearch: term(i) }) },
  { id: "i-global-sort-name", title: "individual view, global search sorted by individual", typical: true, request: (i) => ({ tableViewMode: "individual", globalSearch: term(i), sortBy: "directorName", sortDirection: "asc" }) },
  { id: "c-global-sort-count", title: "client view, global search sorted by director count", typical: true, request: (i) => ({ globalSearch: term(i), sortBy: "directorCount", sortDirection: "desc" }) },
  { id: "c-global-tab", title: "client view, global search + status tab", typical: true, request: (i) => ({ globalSearch: term(i), status: "InProgress" }) },
  { id: "c-deep-last", title: "client view, page 400 of 25", typical: true, request: () => ({ pagerModel: { currentPage: 400, pageSize: 25 } }) },
  { id: "i-deep-3000", title: "individual view, page 3000 of 25", typical: true, request: () => ({ tableViewMode: "individual", pagerModel: { currentPage: 3000, pageSize: 25 } }) },
  { id: "i-deep-3000-name", title: "individual view sorted by individual, page 3000", typical: true, request: () => ({ tableViewMode: "individual", sortBy: "directorName", pagerModel: { currentPage: 3000, pageSize: 25 } }) },
  ...(
    [
      ["name", { name: "kestrel" }],
      ["sageId", { sageId: "SG0012" }],
      ["reference", { reference: "ZC2" }],
      ["companyId", { companyId: "1000" }],
      ["mainContact", { mainContact: "smith" }],
      ["productTier", { productTier: "OneOff" }],
      ["status", { status: "Completed" }],
      ["createdAt", { createdAtFrom: "2025-01-01", createdAtTo: "2025-06-30" }],
      ["updatedAt", { updatedAtFrom: "2025-06-01" }],
      ["price", { priceFrom: 6000, priceTo: 6500 }],
      ["fullPrice", { fullPriceFrom: 100000 }],
      ["owner", { owner: "tom.reid@portal.example" }],
      ["kantataReference", { kantataReference: "KAN-31" }],
      ["inKantata", { inKantata: true }],
      ["individual", { individual: "okafor" }],
      ["individualReference", { individualReference: "ZD2" }],
      ["individualStatus", { individualStatus: "Rejected" }],
    ] as const
  ).flatMap(([name, filters]) => [
    { id: `c-filter-${name}`, title: `client view, filter ${name}`, typical: true, request: () => ({ filters }) },
    { id: `i-filter-${name}`, title: `individual view, filter ${name}`, typical: true, request: () => ({ tableViewMode: "individual" as const, filters }) },
  ]),
  { id: "include-deleted", title: "individual view including deleted", typical: true, request: () => ({ tableViewMode: "individual", includeDeleted: true }) },
];
