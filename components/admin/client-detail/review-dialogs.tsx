"use client";

import { useId } from "react";
import { useRouter } from "next/navigation";
import { useWatch } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslations } from "next-intl";
import type { z } from "zod";
import { evidenceKindValues, type DirectorStatus, type EvidenceKind } from "@/lib/domain/values";
import {
  reopenRequestSchema,
  reviewDecisionFormSchema,
  reviewDecisionValues,
  type ReviewDecision,
  type ReviewDecisionFormInput,
} from "@/lib/schemas/director-review";
import { Choice, ChoiceGroup } from "@/components/ui/choice";
import { cn } from "@/components/ui/cn";
import { Dialog } from "@/components/ui/dialog";
import { ErrorSummary, summaryItems } from "@/components/ui/error-summary";
import { TextareaField } from "@/components/ui/field";
import { KitFormElement } from "@/components/ui/form/form";
import { FormActions } from "@/components/ui/form/form-actions";
import { useStaffMessage } from "@/components/ui/form/staff-messages";
import { useKitForm } from "@/components/ui/form/use-kit-form";
import { useToastMessages } from "@/components/ui/toast";
import { directorUrl, sendJson } from "./api";
import { StaffReasonForm } from "./staff-reason-form";

interface ReviewDirector {
  id: number;
  name: string;
  status: DirectorStatus;
  evidenceOutstanding: EvidenceKind[] | null;
}

type DialogProps = { director: ReviewDirector; open: boolean; onClose: () => void };

/** The message keys of each decision (clientDetail.reviewDecision.decisions.*). */
const DECISION_KEYS: Record<ReviewDecision, "approve" | "requestEvidence" | "reject"> = {
  approve: "approve",
  "request-evidence": "requestEvidence",
  reject: "reject",
};

/**
 * Deciding a manual review: approve, ask for more evidence (naming the documents) or reject, with a
 * reason longer than 10 characters. Offered for an individual under review or with outstanding ID
 * info; the server checks the move again (lib/server/directors/decide-review.ts).
 */
export function ReviewDecisionDialog({ director, open, onClose }: DialogProps) {
  const t = useTranslations("clientDetail.reviewDecision");
  return (
    <Dialog open={open} onClose={onClose} title={t("title", { name: director.name })} description={t("description")}>
      <ReviewDecisionForm director={director} onClose={onClose} />
    </Dialog>
  );
}

function ReviewDecisionForm({ director, onClose }: { director: ReviewDirector; onClose: () => void }) {
  const t = useTranslations("clientDetail.reviewDecision");
  const ts = useTranslations("statuses.director");
  const tk = useTranslations("evidence.kinds");
  const router = useRouter();
  const toastMessage = useToastMessages();
  const message = useStaffMessage();
  const base = useId().replace(/[^a-zA-Z0-9_-]/g, "");
  const ids = {
    summary: `${base}-summary`,
    decision: (d: ReviewDecision) => `${base}-decision-${d}`,
    decisionError: `${base}-decision-error`,
    kind: (k: EvidenceKind) => `${base}-evidence-${k}`,
    kindsHint: `${base}-evidence-hint`,
    kindsError: `${base}-evidence-error`,
    conditional: `${base}-evidence-conditional`,
  };
  const form = useKitForm<ReviewDecisionFormInput, z.output<typeof reviewDecisionFormSchema>>({ resolver: zodResolver(reviewDecisionFormSchema), defaultValues: { reason: "", evidenceNeeded: [] } });
  const { register, control, formState } = form;
  const { errors } = formState;
  const decision = useWatch({ control, name: "decision" });

  const decisionError = message(errors.decision?.message);
  const kindsError = message(errors.evidenceNeeded?.message ?? errors.evidenceNeeded?.root?.message);
  const reasonError = message(errors.reason?.message);
  const problems = summaryItems(errors, {
    scope: base,
    translate: message,
    order: ["decision", "evidenceNeeded", "reason"],
    controlFor: (path) => (path === "decision" ? ids.decision(reviewDecisionValues[0]) : path === "evidenceNeeded" ? ids.kind(evidenceKindValues[0]) : undefined),
  });

  async function submit(values: z.output<typeof reviewDecisionFormSchema>) {
    const result = await sendJson(`${directorUrl(director.id)}/review`, values);
    if (result.ok) {
      toastMessage.success("reviewDecided");
      router.refresh();
      onClose();
      return;
    }
    // A refused move (the individual's status changed meanwhile) is about the form, not a field.
    form.serverErrors(result.fields, ["decision", "evidenceNeeded", "reason"], ["status"]);
    toastMessage.error("formSubmitFailed");
  }

  const outstanding = director.status === "OutstandingIDInfo" && director.evidenceOutstanding?.length ? director.evidenceOutstanding : null;

  return (
    <KitFormElement scope={base} onSubmit={form.submitWith(submit)} className="flex flex-col gap-4">
      <ErrorSummary id={ids.summary} title={t("errorSummary")} items={problems} focusKey={form.failures || undefined} />
      <p>
        {t("current", { status: ts(director.status) })}
        {outstanding ? (
          <>
            <br />
            {t("outstanding", { documents: outstanding.map((k) => tk(k)).join(", ") })}
          </>
        ) : null}
      </p>

      <ChoiceGroup legend={t("decision")} legendClassName="mb-1 font-semibold text-ink" error={decisionError} errorId={ids.decisionError}>
        {reviewDecisionValues.map((d) => {
          const key = DECISION_KEYS[d];
          const inputId = ids.decision(d);
          const conditional = d === "request-evidence";
          return (
            <div key={d} className="flex flex-col gap-2">
              <Choice
                id={inputId}
                type="radio"
                value={d}
                label={t(`decisions.${key}.label`)}
                hint={t(`decisions.${key}.hint`)}
                textClassName="flex flex-col gap-0.5"
                {...(conditional ? { "aria-controls": ids.conditional } : {})}
                {...register("decision")}
              />
              {conditional ? (
                <div id={ids.conditional} hidden={decision !== d} className={cn("ml-2.5 border-l-4 pl-5", kindsError ? "border-danger" : "border-line")}>
                  <ChoiceGroup
                    legend={t("evidenceNeeded")}
                    legendClassName="font-semibold text-ink"
                    hint={t("evidenceNeededHint")}
                    hintId={ids.kindsHint}
                    error={kindsError}
                    errorId={ids.kindsError}
                    className="flex flex-col gap-2"
                  >
                    {evidenceKindValues.map((k) => (
                      <div key={k} className="flex items-center gap-3">
                        <input id={ids.kind(k)} type="checkbox" value={k} className="size-5 shrink-0 accent-navy-900" {...register("evidenceNeeded")} />
                        <label htmlFor={ids.kind(k)} className="cursor-pointer">
                          {tk(k)}
                        </label>
                      </div>
                    ))}
                  </ChoiceGroup>
                </div>
              ) : null}
            </div>
          );
        })}
      </ChoiceGroup>

      <TextareaField label={t("reason")} hint={t("reasonHint")} rows={3} maxLength={1000} error={reasonError} {...register("reason")} />
      <FormActions submit={t("submit")} loading={formState.isSubmitting} cancel={t("cancel")} onCancel={onClose} />
    </KitFormElement>
  );
}

/**
 * Re-opening a rejected individual with a reason longer than 10 characters: the failed attempts are
 * reset and the status machine returns them to the personal code step or a new identity check.
 */
export function ReopenDialog({ director, open, onClose }: DialogProps) {
  const t = useTranslations("clientDetail.reopen");
  const ts = useTranslations("statuses.director");
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t("title", { name: director.name })}
      description={t("description", { passed: ts("AwaitingAuthCode"), notPassed: ts("AwaitingIDInfo") })}
    >
      <ReopenForm director={director} onClose={onClose} />
    </Dialog>
  );
}

function ReopenForm({ director, onClose }: { director: ReviewDirector; onClose: () => void }) {
  const t = useTranslations("clientDetail.reopen");
  const tr = useTranslations("clientDetail.reviewDecision");
  return (
    <StaffReasonForm
      url={`${directorUrl(director.id)}/reopen`}
      resolver={zodResolver(reopenRequestSchema)}
      words={t}
      summaryTitle={tr("errorSummary")}
      done="directorReopened"
      problems={(refusal) => ({ reason: refusal.fields.reason?.[0], form: refusal.fields.status?.[0] })}
      onClose={onClose}
    />
  );
}
