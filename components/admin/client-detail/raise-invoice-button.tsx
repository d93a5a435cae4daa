"use client";

import { useState } from "react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { showToast, useToastMessages } from "@/components/ui/toast";

/**
 * "Raise invoice in Sage": asks the server to try the client's invoice again after the job gave up.
 * The server answers at once and the job runs in the background, so the page refreshes to show the
 * new audit entries; the invoice number follows once Sage has answered. When the server refuses
 * (the invoice exists, an attempt is under way), its message says why.
 */
export function RaiseInvoiceButton({ clientId }: { clientId: number }) {
  const t = useTranslations("clientDetail.raiseInvoice");
  const tt = useTranslations("toasts");
  const router = useRouter();
  const toastMessage = useToastMessages();
  const [busy, setBusy] = useState(false);

  async function raise() {
    setBusy(true);
    try {
      const res = await fetch(`/api/admin/director-verification/clients/${clientId}/invoice`, { method: "POST", credentials: "same-origin", cache: "no-store" });
      if (res.ok) {
        toastMessage.success("invoiceRetryQueued");
      } else {
        const body = (await res.json().catch(() => ({}))) as { message?: unknown };
        const reason = res.status === 409 && typeof body.message === "string" ? body.message : tt("invoiceRetryFailed.description");
        showToast("error", tt("invoiceRetryFailed.title"), { description: reason });
      }
      router.refresh();
    } catch {
      toastMessage.error("invoiceRetryFailed");
    } finally {
      setBusy(false);
    }
  }

  return (
    <Button variant="secondary" size="sm" loading={busy} onClick={raise}>
      {t("open")}
    </Button>
  );
}
