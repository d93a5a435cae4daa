"use client";

import { useState } from "react";
import { useRouter } from "next/navigation";
import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslations } from "next-intl";
import { registerCheckResolutionSchema } from "@/lib/schemas/register-check";
import type { RegisterFindings } from "@/lib/server/companies-house/register-check-findings";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { useToastMessages } from "@/components/ui/toast";
import { directorUrl, sendJson } from "./api";
import { StaffReasonForm } from "./staff-reason-form";

interface RegisterDirector {
  id: number;
  name: string;
  /** An identity check of theirs has passed: the register can be checked. */
  checkPassedAt: Date | string | null;
}

/**
 * The client page's actions on an individual's register findings: record how an open finding was
 * resolved (a dialog asking the reason, more than 10 characters, audited by the server), and ask
 * for the register check again once their identity check has passed.
 */
export function RegisterCheckActions({ director, findings }: { director: RegisterDirector; findings: RegisterFindings | undefined }) {
  const t = useTranslations("clientDetail.register");
  const router = useRouter();
  const toastMessage = useToastMessages();
  const [open, setOpen] = useState(false);
  const [asking, setAsking] = useState(false);
  const latest = findings?.latest ?? null;
  if (!latest?.open && director.checkPassedAt === null) return null;

  async function checkAgain() {
    setAsking(true);
    const result = await sendJson(`${directorUrl(director.id)}/register-checks`, {});
    setAsking(false);
    if (!result.ok) {
      toastMessage.error("registerRecheckFailed");
      return;
    }
    toastMessage.success("registerRecheckQueued");
    router.refresh();
  }

  return (
    <div className="flex flex-wrap gap-2">
      {latest?.open ? (
        <Button size="sm" onClick={() => setOpen(true)}>
          {t("resolve")}
        </Button>
      ) : null}
      {director.checkPassedAt !== null && !findings?.pending ? (
        <Button size="sm" variant="secondary" loading={asking} onClick={() => void checkAgain()}>
          {t("checkAgain")}
        </Button>
      ) : null}
      {latest?.open ? (
        <Dialog open={open} onClose={() => setOpen(false)} title={t("resolveDialog.title", { name: director.name })} description={t("resolveDialog.description")}>
          <ResolveForm directorId={director.id} checkId={latest.id} onClose={() => setOpen(false)} />
        </Dialog>
      ) : null}
    </div>
  );
}

function ResolveForm({ directorId, checkId, onClose }: { directorId: number; checkId: number; onClose: () => void }) {
  const t = useTranslations("clientDetail.register.resolveDialog");
  return (
    <StaffReasonForm
      url={`${directorUrl(directorId)}/register-checks/${checkId}/resolve`}
      resolver={zodResolver(registerCheckResolutionSchema)}
      words={t}
      summaryTitle={t("errorSummary")}
      done="registerCheckResolved"
      problems={(refusal) => {
        const reason = refusal.fields.reason?.[0];
        return { reason, form: !reason && refusal.status === 409 ? "registerCheckNotOpen" : undefined };
      }}
      onClose={onClose}
    />
  );
}
