import type { Metadata } from "next";
import { Suspense } from "react";
import { getTranslations } from "next-intl/server";
import { ExportButtons } from "@/components/admin/export-buttons";
import { FiltersPanel } from "@/components/admin/client-search/filters-panel";
import { BusyRegion } from "@/components/admin/client-search/pending-rows";
import { ResultsBoundary } from "@/components/admin/client-search/results-boundary";
import { ResultsSkeleton } from "@/components/admin/client-search/results-skeleton";
import { ClientSearchProvider } from "@/components/admin/client-search/search-context";
import { SearchResults } from "@/components/admin/client-search/search-results";
import { SearchToolbar } from "@/components/admin/client-search/search-toolbar";
import { PlainPage } from "@/components/layout/page-layouts";
import { Alert } from "@/components/ui/alert";
import { getDb } from "@/db";
import { requirePageUser } from "@/lib/auth/guards";
import { parseSearchParams, toSearchState } from "@/lib/schemas/client-search";
import { getAdminOptions } from "@/lib/server/options/get-admin-options";
import { ClientMessages } from "@/components/i18n/client-messages";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("clientSearch");
  return { title: t("metaTitle") };
}

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/**
 * Admin only: find clients and individuals. The whole search lives in the URL (filters,
 * tableViewMode, sortBy, sortDirection, currentPage, pageSize; see lib/schemas/client-search-params.ts),
 * read here with the same schema as the search API; the first results render on the server.
 */
export default async function ClientManagementPage({ searchParams }: Props) {
  const user = await requirePageUser("admin.clients.read");
  const { request, dropped } = parseSearchParams(await searchParams);
  const [t, options] = await Promise.all([getTranslations("clientSearch"), getAdminOptions({ db: await getDb(), user })]);
  const state = toSearchState(request);

  return (
    <ClientMessages namespaces={["clientSearch", "common", "pagination"]}>
      <PlainPage title={t("title")} description={t("intro")} width="full" actions={<ExportButtons />}>
        <ClientSearchProvider state={state}>
          <div className="flex flex-col gap-5">
            {dropped.length > 0 ? (
              <Alert variant="warning" role="status">
                {t("invalidParams")}
              </Alert>
            ) : null}
            <SearchToolbar />
            <FiltersPanel
              options={{
                productTiers: options.productTiers,
                clientStatuses: options.clientStatuses,
                directorStatuses: options.directorStatuses,
                owners: options.assignees,
              }}
            />
            <BusyRegion label={t("resultsRegion")}>
              <ResultsBoundary resetKey={crypto.randomUUID()}>
                <Suspense fallback={<ResultsSkeleton />}>
                  <SearchResults user={user} request={request} />
                </Suspense>
              </ResultsBoundary>
            </BusyRegion>
          </div>
        </ClientSearchProvider>
      </PlainPage>
    </ClientMessages>
  );
}
