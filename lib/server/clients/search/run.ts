import "server-only";
import { type SQL } from "drizzle-orm";
import { rowsOf, type Db } from "@/db/client";
import { clientStatusValues, directorStatusValues } from "@/db/schema";
import { translator } from "@/lib/i18n/translator";
import { clientStatusLifecycleOrder, directorStatusLifecycleOrder } from "@/lib/domain/values";
import { pagerFor, pageWindow } from "@/lib/pager";
import type { ClientSearchRequest } from "@/lib/schemas/client-search";
import { choosePlan, referencesOnSearchRow, shortReferenceFragment, type Learned } from "./chooser";
import { SEARCH_THRESHOLDS, type SearchThresholds } from "./config";
import { referenceFragmentMatches } from "./counts";
import { buildSearchStatements } from "./statements";
import { buildTextSearchStatement } from "./text-search";
import type { ClientSearchResult, ClientSearchRow, IndividualSearchRow } from "./types";

/** What a search statement answers: the counts and/or the page. A search only reads: the kept counts' deltas are folded by the job search.fold-counts. */
type Answer = { stats?: unknown; rows?: unknown };

/**
 * Runs the plan chooser.ts picks for the request and shapes its answer. searchClients calls it
 * with SEARCH_THRESHOLDS after checking the user; tests call it with other thresholds to reach
 * each side of them on small data. No authorisation here.
 */
export async function runSearch({ db, query, thresholds = SEARCH_THRESHOLDS }: { db: Db; query: ClientSearchRequest; thresholds?: SearchThresholds }): Promise<ClientSearchResult> {
  const individual = query.tableViewMode === "individual";
  const { currentPage, pageSize } = query.pagerModel;
  const first = async (statement: SQL) => rowsOf<Answer>(await db.execute(statement))[0] ?? {};
  const deep = (currentPage - 1) * pageSize >= thresholds.deepOffset;

  /** The counts on their own, first; with them, the window a deep page is read through. */
  const countFirst = async (learned: Learned) => {
    const counted = await first(buildSearchStatements(query, undefined, learned)[0]!);
    const counts = parseJson<[string, number][]>(counted.stats ?? []);
    const total = totalOf(query, counts);
    return { counted, counts, total, window: deep ? pageWindow(total, currentPage, pageSize) : undefined };
  };
  /** A short reference fragment in client view, with an individual status too, is probed client by client when it matches many directors. */
  const probeClients = async () => {
    const fragment = individual || referencesOnSearchRow(query) ? undefined : shortReferenceFragment(query.filters);
    return fragment !== undefined && (await referenceFragmentMatches(db, fragment, query.includeDeleted)) >= thresholds.fewMatches;
  };

  const PLANS = {
    "text search": async () => [await first(buildTextSearchStatement(query, thresholds.walkFactor))],
    "reference fragment": async () => {
      // Its counts first (a few rows), then the page read in order when it matches many, or from its matches when it matches few.
      const { counted, total, window } = await countFirst({});
      const page = total < thresholds.fewMatches ? buildSearchStatements(query, undefined, { fewMatches: true })[0]! : buildSearchStatements(query, window)[1]!;
      return [counted, await first(page)];
    },
    "clients from matches": async () => {
      const learned = { probeClients: await probeClients() };
      const { counted, counts, window } = await countFirst(learned);
      // Every status's clients, since the ids are read before the status tab is applied.
      const fewClients = counts.reduce((sum, [, count]) => sum + Number(count), 0) < thresholds.fewMatches;
      return [counted, await first(buildSearchStatements(query, fewClients ? undefined : window, { ...learned, fewClients })[1]!)];
    },
    "one statement": async () => [await first(buildSearchStatements(query, undefined, { probeClients: await probeClients() })[0]!)],
    "deep page": async () => {
      const learned = { probeClients: await probeClients() };
      const { counted, window } = await countFirst(learned);
      return [counted, await first(buildSearchStatements(query, window!.reverse ? window : undefined, { ...learned, deep: true })[1]!)];
    },
    "side by side": async () => Promise.all(buildSearchStatements(query, undefined, { probeClients: await probeClients() }).map(first)),
  } satisfies Record<ReturnType<typeof choosePlan>, () => Promise<Answer[]>>;

  const answers: Answer[] = await PLANS[choosePlan(query, deep)]();
  const result = Object.assign({}, ...answers) as Answer;
  return shape(query, parseJson<[string, number][]>(result.stats ?? []), parseJson<JsonRow[]>(result.rows ?? []));
}

/** The rows of the search: those of the status tab, or of every status. */
function totalOf(query: ClientSearchRequest, counted: [string, number][]): number {
  return counted.reduce((sum, [value, count]) => (!query.status || value === query.status ? sum + Number(count) : sum), 0);
}

type JsonRow = Omit<IndividualSearchRow, "createdAt" | "updatedAt" | "tableRowId"> & { createdAt: string | Date; updatedAt: string | Date };

/** JSON columns arrive parsed (node-postgres and PGlite both parse json); dates arrive as ISO strings. */
function parseJson<T>(value: unknown): T {
  return (typeof value === "string" ? JSON.parse(value) : value) as T;
}

let labels: Map<string, string> | undefined;
function labelOf(kind: "client" | "director", value: string): string {
  if (!labels) {
    const t = translator();
    labels = new Map([
      ...clientStatusValues.map((v) => [`client.${v}`, t(`statuses.client.${v}`)] as const),
      ...directorStatusValues.map((v) => [`director.${v}`, t(`statuses.director.${v}`)] as const),
    ]);
  }
  return labels.get(`${kind}.${value}`) ?? value;
}

/** The answer: every status tab in lifecycle order with its count and label, the rows, the pager. */
function shape(query: ClientSearchRequest, counted: [string, number][], found: JsonRow[]): ClientSearchResult {
  const individual = query.tableViewMode === "individual";
  const { currentPage, pageSize } = query.pagerModel;
  const counts = new Map(counted.map(([value, count]) => [value, Number(count)]));
  const kind = individual ? "director" : "client";
  // The tabs in lifecycle order (the counts come in the enum's order).
  const statusValues: readonly string[] = individual ? directorStatusLifecycleOrder : clientStatusLifecycleOrder;
  const statusStats = statusValues.map((value) => ({ value, label: labelOf(kind, value), count: counts.get(value) ?? 0 }));
  const rows = found.map((r) => {
    const base = { ...r, createdAt: new Date(r.createdAt), updatedAt: new Date(r.updatedAt) };
    return individual ? { tableRowId: `d-${r.directorId}`, ...base } : { tableRowId: `c-${r.id}`, ...base };
  });
  return {
    statusStats,
    clients: rows as ClientSearchRow[] | IndividualSearchRow[],
    pager: pagerFor(totalOf(query, counted), currentPage, pageSize),
  };
}
