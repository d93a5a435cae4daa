"use client";

import { useEffect, useState } from "react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";

/** How often the operator's page renders itself again. */
export const REFRESH_MS = 15_000;

/**
 * Renders the page again every 15 seconds (router.refresh: the server components read everything
 * anew, the page keeps its scroll and focus), while the browser tab is visible and the reader has
 * not paused it. Says when what is shown was read ("Updated at 11:02:15", in UK time: the server
 * renders it). Not a live region: a screen reader is not interrupted every 15 seconds.
 */
export function AutoRefresh({ updatedAt }: { updatedAt: string }) {
  const t = useTranslations("operations.refresh");
  const router = useRouter();
  const [paused, setPaused] = useState(false);

  useEffect(() => {
    if (paused) return;
    const timer = setInterval(() => {
      if (document.visibilityState === "visible") router.refresh();
    }, REFRESH_MS);
    return () => clearInterval(timer);
  }, [paused, router]);

  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-2 rounded-md border border-line-soft bg-navy-50 px-4 py-3">
      <p className="font-semibold">{paused ? t("paused", { time: updatedAt }) : t("updatedAt", { time: updatedAt })}</p>
      <p className="text-sm text-ink-muted">{t("every")}</p>
      <Button variant="secondary" size="sm" onClick={() => setPaused((p) => !p)}>
        {paused ? t("resume") : t("pause")}
      </Button>
    </div>
  );
}
