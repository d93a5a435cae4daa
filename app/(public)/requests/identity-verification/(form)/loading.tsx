import { useTranslations } from "next-intl";
import { Skeleton } from "@/components/ui/skeleton";

/** The request page's pending view. */
export default function RequestVerificationLoading() {
  const t = useTranslations("requestForm");
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6" role="status" aria-live="polite">
      <span className="sr-only">{t("loading")}</span>
      <Skeleton className="mb-6 h-9 w-2/3" />
      <Skeleton lines={8} />
    </div>
  );
}
