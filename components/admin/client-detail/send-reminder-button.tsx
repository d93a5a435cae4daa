"use client";

import { useState } from "react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { showToast, useToastMessages } from "@/components/ui/toast";

/**
 * "Send reminder now": the company's contact (no `directorId`) or one individual. The server picks
 * the kind (an individual who opened the identity check gets the identity-check reminder) and
 * refuses, with its reason, a record never reminded or one reminded today; the page then refreshes
 * to show the new count and date.
 */
export function SendReminderButton({ clientId, directorId }: { clientId: number; directorId?: number }) {
  const t = useTranslations("clientDetail.sendReminder");
  const tt = useTranslations("toasts");
  const router = useRouter();
  const toastMessage = useToastMessages();
  const [busy, setBusy] = useState(false);

  async function send() {
    setBusy(true);
    try {
      const res = await fetch(`/api/admin/director-verification/clients/${clientId}/remind`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(directorId === undefined ? {} : { directorId }),
        credentials: "same-origin",
        cache: "no-store",
      });
      if (res.ok) {
        toastMessage.success("reminderSent");
        router.refresh();
      } else {
        const body = (await res.json().catch(() => ({}))) as { message?: unknown };
        const reason = res.status === 409 && typeof body.message === "string" ? body.message : tt("reminderFailed.description");
        showToast("error", tt("reminderFailed.title"), { description: reason });
      }
    } catch {
      toastMessage.error("reminderFailed");
    } finally {
      setBusy(false);
    }
  }

  return (
    <Button variant="secondary" size="sm" loading={busy} onClick={send}>
      {directorId === undefined ? t("contact") : t("director")}
    </Button>
  );
}
