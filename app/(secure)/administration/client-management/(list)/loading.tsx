import { useTranslations } from "next-intl";
import { ResultsSkeleton } from "@/components/admin/client-search/results-skeleton";
import { Skeleton } from "@/components/ui/skeleton";

/**
 * The client list's pending view: the page's shape while it loads. It sits in the `(list)` route
 * group so that its Suspense boundary wraps the list only: around /client-management/{id} it would
 * let the response stream before the detail layout can answer 404 for an unknown id.
 *
 * At least one screen tall, as the list it stands for (25 rows by default): the footer stays below the
 * fold instead of showing under the placeholder and jumping down when the list replaces it.
 */
export default function ClientManagementLoading() {
  const t = useTranslations("clientSearch");
  return (
    <div className="min-h-dvh w-full px-4 py-6 sm:px-6 sm:py-10" aria-busy="true">
      <h1 className="sr-only">{t("title")}</h1>
      <Skeleton className="mb-3 h-9 w-72" />
      <Skeleton className="mb-8 h-5 w-96 max-w-full" />
      <Skeleton className="mb-2 h-5 w-48" />
      <Skeleton className="mb-6 h-11 max-w-2xl" />
      <Skeleton className="mb-6 h-11" />
      <ResultsSkeleton />
    </div>
  );
}
