import { getFormatter, getTranslations } from "next-intl/server";
import { getDb } from "@/db";
import type { Principal } from "@/lib/auth/principal";
import type { ClientSearchRequest } from "@/lib/schemas/client-search";
import { searchClients } from "@/lib/server/clients/search-clients";
import { ResultsTable } from "./results-table";
import { SearchPagination } from "./search-pagination";
import { StatusChips } from "./status-chips";

/**
 * The results of a search, rendered on the server: status chips with counts, the result count
 * (a polite live region, so screen readers hear it after each search), the table and the pager.
 */
export async function SearchResults({ user, request }: { user: Principal; request: ClientSearchRequest }) {
  const [result, t, format] = await Promise.all([
    getDb().then((db) => searchClients({ db, user, query: request })),
    getTranslations("clientSearch"),
    getFormatter(),
  ]);
  const { pager } = result;
  const n = (v: number) => format.number(v);
  const summary =
    pager.totalCount === 0
      ? t("results.none")
      : result.clients.length === 0
        ? t("results.beyond", { total: n(pager.totalCount), page: n(pager.currentPage), pages: n(pager.totalPages) })
        : t(request.tableViewMode === "individual" ? "results.individuals" : "results.clients", {
            from: n(pager.itemFromNo),
            to: n(pager.itemToNo),
            total: n(pager.totalCount),
            count: pager.totalCount,
          });

  return (
    <div className="flex flex-col gap-4">
      <StatusChips stats={result.statusStats.map((s) => ({ value: s.value, label: s.label ?? s.value, count: s.count }))} />
      <p role="status" className="font-semibold">
        {summary}
      </p>
      {result.clients.length === 0 ? (
        <div className="rounded-md border border-dashed border-line p-6 text-center">
          <p className="text-lg font-semibold">{t("empty.title")}</p>
          <p className="text-ink-muted">{t(pager.totalCount === 0 ? "empty.hint" : "empty.beyondHint")}</p>
        </div>
      ) : (
        <ResultsTable view={request.tableViewMode} rows={result.clients} sortBy={request.sortBy} sortDirection={request.sortDirection} captionId="client-search-caption" />
      )}
      {pager.totalCount > 0 ? <SearchPagination pager={pager} /> : null}
    </div>
  );
}
