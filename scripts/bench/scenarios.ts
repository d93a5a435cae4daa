import type { ClientSearchInput } from "@/lib/schemas/client-search";

/** One kind of search the benchmark repeats; `request(i)` may vary with the iteration number. */
export interface Scenario {
  id: string;
  title: string;
  /** Typical queries carry the speed bar (DESIGN.md §8); the others are reported for information. */
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
];
