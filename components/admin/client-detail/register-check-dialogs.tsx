"use client";

import { useId, useState } from "react";
import { useRouter } from "next/navigation";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslations } from "next-intl";
import { registerCheckResolutionSchema, type RegisterCheckResolution } from "@/lib/schemas/register-check";
import type { RegisterFindings } from "@/lib/server/companies-house/register-check-findings";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { ErrorSummary } from "@/components/ui/error-summary";
import { TextareaField } from "@/components/ui/field";
import { useToastMessages } from "@/components/ui/toast";
import { directorUrl, sendJson } from "./api";
import { useFieldMessage } from "./use-field-message";

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
  const router = useRouter();
  const toastMessage = useToastMessages();
  const message = useFieldMessage();
  const base = useId().replace(/[^a-zA-Z0-9_-]/g, "");
  const ids = { summary: `${base}-summary`, reason: `${base}-reason` };
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting, submitCount },
  } = useForm<RegisterCheckResolution>({ resolver: zodResolver(registerCheckResolutionSchema), defaultValues: { reason: "" }, shouldFocusError: false });
  const reasonError = message(errors.reason?.message);
  const formError = message(errors.root?.server?.message);

  async function submit(values: RegisterCheckResolution) {
    const result = await sendJson(`${directorUrl(directorId)}/register-checks/${checkId}/resolve`, values);
    if (result.ok) {
      toastMessage.success("registerCheckResolved");
      router.refresh();
      onClose();
      return;
    }
    if (result.fields.reason?.[0]) setError("reason", { type: "server", message: result.fields.reason[0] });
    else if (result.status === 409) setError("root.server", { type: "server", message: "registerCheckNotOpen" });
    toastMessage.error("formSubmitFailed");
  }

  return (
    <form noValidate onSubmit={handleSubmit(submit)} className="flex flex-col gap-4">
      <ErrorSummary
        id={ids.summary}
        title={t("errorSummary")}
        focusKey={submitCount}
        items={[...(formError ? [{ message: formError }] : []), ...(reasonError ? [{ message: reasonError, controlId: ids.reason }] : [])]}
      />
      <TextareaField id={ids.reason} label={t("reason")} hint={t("reasonHint")} rows={3} maxLength={1000} error={reasonError} {...register("reason")} />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" loading={isSubmitting}>
          {t("submit")}
        </Button>
        <Button type="button" variant="secondary" onClick={onClose}>
          {t("cancel")}
        </Button>
      </div>
    </form>
  );
}
