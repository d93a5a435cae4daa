import { useTranslations } from "next-intl";
import { Skeleton } from "@/components/ui/skeleton";

/**
 * The client detail's pending view (its route's loading.tsx): the page's shape in the page's own
 * container (`PlainPage`, wide), at least one screen tall. The real page is always taller than the
 * screen (summary, the form's sections, individuals, audit), so with the placeholder filling the screen
 * the footer starts and stays below the fold: the content replaces the placeholder without moving
 * anything in view (a short placeholder let the footer show, then jump: CLS 0.24 on desktop).
 */
export function ClientDetailSkeleton() {
  const t = useTranslations("secure.client");
  return (
    <div className="mx-auto min-h-dvh w-full max-w-[96rem] px-4 py-6 sm:px-6 sm:py-10" role="status" aria-live="polite">
      <span className="sr-only">{t("loading")}</span>
      {/* Title and actions, laid out as PlainPage's heading. */}
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <Skeleton className="h-8 w-2/3 max-w-md sm:h-9" />
        <div className="flex flex-wrap gap-3">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-9 w-36 rounded-md" />
          ))}
        </div>
      </div>
      <div className="mt-6">
        {/* Back link, summary, sections' links. */}
        <Skeleton className="mb-4 h-5 w-52" />
        <div className="mb-8 flex max-w-xl flex-col gap-2">
          {[0, 1, 2, 3, 4, 5, 6].map((i) => (
            <Skeleton key={i} className="h-5" />
          ))}
        </div>
        <Skeleton className="mb-8 h-5 w-96 max-w-full" />
        {/* The form's first sections. */}
        <Skeleton className="mb-6 h-8 w-48" />
        <div className="flex flex-col gap-6">
          {[0, 1].map((i) => (
            <div key={i} className="rounded-lg border border-line-soft p-4 sm:p-5">
              <Skeleton className="mb-4 h-6 w-40" />
              <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
                {[0, 1, 2, 3].map((j) => (
                  <Skeleton key={j} className="h-11" />
                ))}
              </div>
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}
