import { useTranslations } from "next-intl";
import { Skeleton } from "@/components/ui/skeleton";

/** The client detail's own pending view. */
export default function ClientDetailLoading() {
  const t = useTranslations("secure.client");
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6" role="status" aria-live="polite">
      <span className="sr-only">{t("loading")}</span>
      <Skeleton className="mb-6 h-9 w-1/2" />
      <Skeleton lines={6} />
    </div>
  );
}
