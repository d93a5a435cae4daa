import { useTranslations } from "next-intl";
import { Skeleton } from "@/components/ui/skeleton";

/** The audit area's own pending view: title, filters and a few entries as placeholders. */
export default function AuditLoading() {
  const t = useTranslations("auditArea");
  return (
    <div className="mx-auto w-full max-w-[96rem] px-4 py-6 sm:px-6 sm:py-10" role="status" aria-live="polite">
      <span className="sr-only">{t("loading")}</span>
      <Skeleton className="mb-6 h-9 w-1/3" />
      <Skeleton className="mb-6 h-11 w-72" />
      <Skeleton className="mb-6 h-48 w-full" />
      <div className="flex flex-col gap-3">
        {[0, 1, 2, 3].map((i) => (
          <div key={i} className="rounded-md border border-line-soft p-4">
            <Skeleton className="mb-3 h-5 w-1/2" />
            <Skeleton lines={3} />
          </div>
        ))}
      </div>
    </div>
  );
}
