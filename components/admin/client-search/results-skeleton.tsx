import { useTranslations } from "next-intl";
import { Skeleton } from "@/components/ui/skeleton";

/** Placeholder of the results (chips, count, table rows) while the first results load. */
export function ResultsSkeleton({ rows = 8 }: { rows?: number }) {
  const t = useTranslations("clientSearch");
  return (
    <div role="status" aria-live="polite" className="flex flex-col gap-4">
      <span className="sr-only">{t("loading")}</span>
      <div className="flex flex-wrap gap-2">
        {Array.from({ length: 6 }, (_, i) => (
          <Skeleton key={i} className="h-10 w-28 rounded-full" />
        ))}
      </div>
      <Skeleton className="h-5 w-64" />
      <div className="flex flex-col gap-3 rounded-md border border-line-soft p-3">
        <Skeleton className="h-6" />
        {Array.from({ length: rows }, (_, i) => (
          <Skeleton key={i} className="h-5" />
        ))}
      </div>
    </div>
  );
}
