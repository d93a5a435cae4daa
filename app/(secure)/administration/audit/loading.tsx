import { useTranslations } from "next-intl";
import { Skeleton } from "@/components/ui/skeleton";

/** The audit list's own pending view. */
export default function AuditLoading() {
  const t = useTranslations("secure.audit");
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6" role="status" aria-live="polite">
      <span className="sr-only">{t("loading")}</span>
      <Skeleton className="mb-6 h-9 w-1/2" />
      <Skeleton lines={6} />
    </div>
  );
}
