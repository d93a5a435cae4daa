"use client";

import { useState } from "react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { showToast } from "@/components/ui/toast";

/**
 * "Retry" and "Discard" of one failed task (POST /api/admin/operations/jobs/{retry,discard}). Discard
 * asks first. The server's answer is a toast (its own message when it refused, e.g. someone else
 * got there first), and the page is refreshed either way.
 */
export function FailedJobActions({ queue, id, task }: { queue: string; id: string; task: string }) {
  const t = useTranslations("operations.failedJobs");
  const router = useRouter();
  const [busy, setBusy] = useState<"retry" | "discard" | null>(null);
  const [confirming, setConfirming] = useState(false);

  async function act(action: "retry" | "discard") {
    setBusy(action);
    try {
      const res = await fetch(`/api/admin/operations/jobs/${action}`, {
        method: "POST",
        credentials: "same-origin",
        cache: "no-store",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ queue, id }),
      });
      if (res.ok) {
        showToast("success", t(action === "retry" ? "retried" : "discarded"));
      } else {
        const body = (await res.json().catch(() => ({}))) as { message?: unknown };
        showToast("error", t("failedTitle"), { description: typeof body.message === "string" ? body.message : t("failedBody") });
      }
      router.refresh();
    } catch {
      showToast("error", t("failedTitle"), { description: t("failedBody") });
    } finally {
      setBusy(null);
      setConfirming(false);
    }
  }

  return (
    <div className="flex flex-wrap gap-2">
      <Button variant="secondary" size="sm" loading={busy === "retry"} disabled={busy !== null} aria-label={t("retryLabel", { task })} onClick={() => void act("retry")}>
        {t("retry")}
      </Button>
      <Button variant="secondary" size="sm" disabled={busy !== null} aria-label={t("discardLabel", { task })} onClick={() => setConfirming(true)}>
        {t("discard")}
      </Button>
      <Dialog open={confirming} onClose={() => setConfirming(false)} title={t("confirmTitle")} description={t("confirmBody", { task })}>
        <div className="flex flex-wrap gap-3">
          <Button variant="danger" loading={busy === "discard"} onClick={() => void act("discard")}>
            {t("confirm")}
          </Button>
          <Button variant="secondary" disabled={busy === "discard"} onClick={() => setConfirming(false)}>
            {t("cancel")}
          </Button>
        </div>
      </Dialog>
    </div>
  );
}
