"use client";

import { useState, type ReactNode } from "react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { showToast, useToastMessages } from "@/components/ui/toast";

export interface PostButtonProps {
  url: string;
  /** Sent as JSON; without it the POST has no body. */
  body?: unknown;
  /** Toast keys: what a success and a failure say. */
  succeeded: "invoiceRetryQueued" | "reminderSent";
  failed: "invoiceRetryFailed" | "reminderFailed";
  /** Refresh the page after a refusal too (the server may have written audit entries). */
  refreshAfterRefusal?: boolean;
  children: ReactNode;
}

/**
 * A small button that asks the server for one action on a client (POST), says how it went in a toast
 * and refreshes the page. A refusal (409) shows the server's reason as the toast's description.
 */
export function PostButton({ url, body, succeeded, failed, refreshAfterRefusal = false, children }: PostButtonProps) {
  const tt = useTranslations("toasts");
  const router = useRouter();
  const toastMessage = useToastMessages();
  const [busy, setBusy] = useState(false);

  async function post() {
    setBusy(true);
    try {
      const json = body === undefined ? {} : { headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) };
      const res = await fetch(url, { method: "POST", ...json, credentials: "same-origin", cache: "no-store" });
      if (res.ok) {
        toastMessage.success(succeeded);
        router.refresh();
        return;
      }
      const answer = (await res.json().catch(() => ({}))) as { message?: unknown };
      const reason = res.status === 409 && typeof answer.message === "string" ? answer.message : tt(`${failed}.description`);
      showToast("error", tt(`${failed}.title`), { description: reason });
      if (refreshAfterRefusal) router.refresh();
    } catch {
      toastMessage.error(failed);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Button variant="secondary" size="sm" loading={busy} onClick={post}>
      {children}
    </Button>
  );
}
