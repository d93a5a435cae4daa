"use client";

import { useState } from "react";
import { useTranslations } from "next-intl";
import type { OwnCompanyDirector } from "@/lib/server/clients/get-own-company";
import { Button } from "@/components/ui/button";
import { showToast } from "@/components/ui/toast";
import { resendInvitationUrl } from "./urls";

/**
 * "Resend invitation" for one individual: the server sends the same invitation again to their
 * address on record. A toast says it went, or why not (sent in the last 10 minutes, too many this
 * hour, not invited yet: the server's own words).
 */
export function ResendInvitationButton({ director }: { director: Pick<OwnCompanyDirector, "id" | "name" | "email"> }) {
  const t = useTranslations("secure.company");
  const tt = useTranslations("toasts");
  const [busy, setBusy] = useState(false);

  async function resend() {
    setBusy(true);
    try {
      const res = await fetch(resendInvitationUrl(director.id), { method: "POST", credentials: "same-origin", cache: "no-store" });
      if (res.ok) {
        showToast("success", tt("invitationResent.title"), { description: tt("invitationResent.description", { name: director.name, email: director.email }) });
        return;
      }
      const body = (await res.json().catch(() => ({}))) as { message?: unknown };
      const reason = [404, 409, 429].includes(res.status) && typeof body.message === "string" ? body.message : tt("invitationResendFailed.description");
      showToast("error", tt("invitationResendFailed.title"), { description: reason });
    } catch {
      showToast("error", tt("invitationResendFailed.title"), { description: tt("invitationResendFailed.description") });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Button type="button" size="sm" variant="secondary" loading={busy} onClick={() => void resend()}>
      {t("resendInvitation")}
      <span className="sr-only"> {t("actionFor", { name: director.name })}</span>
    </Button>
  );
}
