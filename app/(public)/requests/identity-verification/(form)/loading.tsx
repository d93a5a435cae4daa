import { useTranslations } from "next-intl";
import { Skeleton } from "@/components/ui/skeleton";

/**
 * The request page's pending view, shown while the page renders (a slow server, a navigation within
 * the portal). At least as tall as the window, so the footer waits below it: shorter, the footer
 * showed under the skeleton and jumped down when the form replaced it (a layout shift of about 0.4
 * on a phone, issue 23).
 */
export default function RequestVerificationLoading() {
  const t = useTranslations("requestForm");
  return (
    <div className="mx-auto min-h-dvh w-full max-w-3xl px-4 py-8 sm:px-6" role="status" aria-live="polite" data-testid="request-pending">
      <span className="sr-only">{t("loading")}</span>
      <Skeleton className="mb-6 h-9 w-2/3" />
      <Skeleton lines={8} />
    </div>
  );
}
