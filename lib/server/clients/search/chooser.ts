import type { ClientSearchRequest } from "@/lib/schemas/client-search";
import { KEPT_FRAGMENT_LENGTH } from "./config";
import { clientConditions, directorConditions, type Filters } from "./conditions";
import { INDEXED_SEARCH_ROW_SORTS, inDefaultOrder, sortOf } from "./sorts";

/*
 * Which strategy serves which request: the admin search's plan, counts and page, each chosen from
 * one table below read top to bottom, the first row whose test holds winning. The statement
 * builders (./statements.ts, ./client-view.ts, ./individual-view.ts, ./text-search.ts) build what
 * the names say; runSearch (./run.ts) runs the plan.
 */

/** What runSearch learned before building the statements (counted first). */
export interface Learned {
  /** The page is read from the few matches (a reference fragment's directors, or clients filtered on text). */
  fewMatches?: boolean;
  /** In client view, a short reference fragment matching many directors: each client probed. */
  probeClients?: boolean;
  /** In client view, few clients match the text or owner filters: the page reads their ids. */
  fewClients?: boolean;
  /** The page skips at least SEARCH_THRESHOLDS.deepOffset rows. */
  deep?: boolean;
}

type Row<T> = readonly [strategy: T, when: (q: ClientSearchRequest, learned: Learned) => boolean];
const pick = <T>(table: readonly Row<T>[], q: ClientSearchRequest, learned: Learned = {}): T => table.find(([, when]) => when(q, learned))![0];

const individual = (q: ClientSearchRequest) => q.tableViewMode === "individual";
const clientFiltered = (q: ClientSearchRequest) => clientConditions(q.filters, q.includeDeleted).filtered;
const directorText = (q: ClientSearchRequest) => directorConditions(q.filters, q.includeDeleted).text;
const always = () => true;

/** How the statements run. */
export type Plan =
  /** One statement: the matches once, the counts and the page from them (./text-search.ts). */
  | "text search"
  /** The counts first (a few rows), then the page read from the matches when few, or walked in order. */
  | "reference fragment"
  /** The counts first, then the page from the matching clients' ids when few, or walked in order (from the nearer end when deep). */
  | "clients from matches"
  /** The counts and the page in one statement sharing the text's matches (other filters beside the text). */
  | "one statement"
  /** The counts first, then the page read from whichever end of the result is nearer. */
  | "deep page"
  /** The counts and the page side by side, on two connections. */
  | "side by side";

const PLANS: readonly Row<Plan>[] = [
  ["text search", (q) => plainTextSearch(q)],
  ["reference fragment", (q) => referenceGram(q) !== undefined],
  ["clients from matches", (q) => clientPageFromMatches(q)],
  ["one statement", (q) => !!q.globalSearch || (individual(q) && directorText(q))],
  ["deep page", (_, learned) => !!learned.deep],
  ["side by side", always],
];

export const choosePlan = (q: ClientSearchRequest, deep: boolean): Plan => pick(PLANS, q, { deep });

/** Where the status counts come from. */
export type Counts =
  /** Counted over the text's matches, computed once for the counts and the page. */
  | "matches"
  /** Clients counted on client_search's indexes, one per filter. */
  | "client_search rows"
  /** Summed from search_counts (no filter, no text). */
  | "kept client counts"
  /** Summed from search_counts (a short reference fragment alone). */
  | "fragment counts"
  /** The matching clients' directors per status in client_search, summed (conditions on the client only). */
  | "per-client sums"
  /** Summed from search_counts (no condition on the client, no text). */
  | "kept director counts";

const COUNTS: readonly Row<Counts>[] = [
  ["matches", (q) => !individual(q) && !!q.globalSearch],
  ["client_search rows", (q) => !individual(q) && (clientFiltered(q) || directorConditions(q.filters, q.includeDeleted).filtered)],
  ["kept client counts", (q) => !individual(q)],
  ["fragment counts", (q, learned) => referenceGram(q) !== undefined && !learned.fewMatches],
  ["matches", (q) => !!q.globalSearch || directorText(q)],
  ["per-client sums", clientFiltered],
  ["kept director counts", always],
];

export const chooseCounts = (q: ClientSearchRequest, learned: Learned = {}): Counts => pick(COUNTS, q, learned);

/** How the page is found (on ids and sort keys; its rows are built for the page alone). */
export type Page =
  /** Every match sorted. */
  | "sorted matches"
  /** The few matching clients' ids, their sort keys read by primary key, sorted. */
  | "few clients' ids"
  /** The clients' sort index, the text and owner filters tested on client_search's indexes. */
  | "client sort index, filters on client_search"
  /** The clients' sort index walked (forwards, or from the far end). */
  | "client sort index"
  /** The clients in sort order, each one's directors probed on director_search's client index. */
  | "clients in order, directors probed"
  /** The director column's index on director_search, each row checked there. */
  | "director sort index, rows checked"
  /** Deep in the default order, every live director: the page's clients found by a running sum of their directors, only theirs joined. */
  | "running count of directors"
  /** The clients in sort order, each one's directors joined lazily. */
  | "clients in order, directors joined"
  /** The director column's (column, id) index on director_search, which carries status and deletion. */
  | "director sort index"
  /** Directors joined to clients and sorted. */
  | "joined and sorted";

const PAGES: readonly Row<Page>[] = [
  ["sorted matches", (q) => !individual(q) && !!q.globalSearch],
  ["few clients' ids", (q, learned) => !individual(q) && !!learned.fewClients && filteredClientView(q)],
  ["client sort index, filters on client_search", (q) => !individual(q) && filteredClientView(q) && clientConditions(q.filters, q.includeDeleted).onSearchRow.length > 0],
  ["client sort index", (q) => !individual(q)],
  ["clients in order, directors probed", (q, learned) => referenceGram(q) !== undefined && !learned.fewMatches && !sortOf(q).director],
  ["director sort index, rows checked", (q, learned) => referenceGram(q) !== undefined && !learned.fewMatches],
  ["sorted matches", (q) => !!q.globalSearch || directorText(q)],
  ["running count of directors", (q, learned) => !!learned.deep && inDefaultOrder(q) && everyLiveDirector(q)],
  ["clients in order, directors joined", (q) => !sortOf(q).director],
  ["director sort index", (q) => !clientFiltered(q) && INDEXED_SEARCH_ROW_SORTS.has(q.sortBy)],
  ["joined and sorted", always],
];

export const choosePage = (q: ClientSearchRequest, learned: Learned = {}): Page => pick(PAGES, q, learned);

/** The page of a plain text search (./text-search.ts). */
export type TextSearchPage =
  /** Client view: the clients' sort index alone, each client looked up in the hashed matches. */
  | "client sort index on hashed matches"
  /** Individual view by a client column: the same walk, each matching client's directors probed. */
  | "clients in order, directors probed"
  /** Individual view by a director column: that column's index walked when the matches are dense, every match sorted otherwise. */
  | "walked or sorted";

const TEXT_SEARCH_PAGES: readonly Row<TextSearchPage>[] = [
  ["client sort index on hashed matches", (q) => !individual(q)],
  ["clients in order, directors probed", (q) => !sortOf(q).director],
  ["walked or sorted", always],
];

export const chooseTextSearchPage = (q: ClientSearchRequest): TextSearchPage => pick(TEXT_SEARCH_PAGES, q);

/** An individual-view search of every live director of every live client: no filter, tab or deleted rows. */
function everyLiveDirector(q: ClientSearchRequest): boolean {
  return individual(q) && !q.includeDeleted && !q.status && !clientFiltered(q) && !directorConditions(q.filters, q.includeDeleted).filtered;
}

/** A client-view search with a filter on the client, or on its individuals. */
function filteredClientView(q: ClientSearchRequest): boolean {
  return clientFiltered(q) || directorConditions(q.filters, q.includeDeleted).filtered;
}

/**
 * A text search that buildTextSearchStatement serves: a global search, or the individual text
 * filter (other than a short reference fragment), with nothing asked of the client and, with a
 * global search, no individual filter (in client view, not even a status).
 */
export function plainTextSearch(query: ClientSearchRequest): boolean {
  const f = query.filters;
  if (clientConditions(f, query.includeDeleted).filtered) return false;
  const text = !!(f.individual || f.individualReference);
  if (query.globalSearch) return !text && (query.tableViewMode === "individual" || !f.individualStatus);
  return text && shortReferenceFragment(f) === undefined;
}

/** The individual reference filter's fragment when it is short enough for search_counts and the only director text filter. */
export function shortReferenceFragment(f: Filters): string | undefined {
  const term = f.individualReference;
  return term && [...term].length <= KEPT_FRAGMENT_LENGTH && !f.individual ? term : undefined;
}

/**
 * The fragment whose counts search_counts keeps, when it alone decides the search: the
 * individual reference filter with one to three characters, in individual view, with no other text
 * (global search, individual name) and no condition on the client.
 */
export function referenceGram(query: ClientSearchRequest): string | undefined {
  const term = shortReferenceFragment(query.filters);
  if (query.tableViewMode !== "individual" || !term || query.globalSearch) return undefined;
  return clientConditions(query.filters, query.includeDeleted).filtered ? undefined : term;
}

/**
 * In client view, a short individual reference fragment, the only individual filter, is tested on
 * each client's joined directors' references in client_search (./client-view.ts directorReferencesOnSearchRow).
 */
export function referencesOnSearchRow(query: ClientSearchRequest): boolean {
  return query.tableViewMode === "client" && shortReferenceFragment(query.filters) !== undefined && !query.filters.individualStatus;
}

/**
 * Whether a client-view page may be read from its matching clients rather than by walking the
 * sort index (runSearch counts them first and does so when they are few): a text or owner filter
 * on the client, whose matches may lie anywhere in the sort order.
 */
export function clientPageFromMatches(query: ClientSearchRequest): boolean {
  if (query.tableViewMode !== "client" || query.globalSearch) return false;
  return clientConditions(query.filters, query.includeDeleted).onSearchRow.length > 0 || referencesOnSearchRow(query);
}
