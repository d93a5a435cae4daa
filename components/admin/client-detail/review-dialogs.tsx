"use client";

import { useEffect, useId, useRef } from "react";
import { useRouter } from "next/navigation";
import { useForm, useWatch } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslations } from "next-intl";
import type { z } from "zod";
import { evidenceKindValues, type DirectorStatus, type EvidenceKind } from "@/lib/domain/values";
import {
  reopenRequestSchema,
  reviewDecisionFormSchema,
  reviewDecisionValues,
  type ReopenRequest,
  type ReviewDecision,
  type ReviewDecisionFormInput,
} from "@/lib/schemas/director-review";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { Dialog } from "@/components/ui/dialog";
import { TextareaField } from "@/components/ui/field";
import { useToastMessages } from "@/components/ui/toast";
import { VisuallyHidden } from "@/components/ui/visually-hidden";
import { directorUrl, sendJson } from "./api";
import { useFieldMessage } from "./use-field-message";

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

/** One problem of the form: its message and the control it is about. */
interface Problem {
  message: string;
  controlId?: string;
}

/**
 * The error summary (GOV.UK pattern): every problem at the top of the form, each a link to its
 * control. Focused after a failed submit, so a screen reader hears it first.
 */
function ErrorSummary({ id, title, problems }: { id: string; title: string; problems: Problem[] }) {
  if (!problems.length) return null;
  return (
    <Alert id={id} variant="error" title={title} tabIndex={-1} className="focus:outline-2 focus:outline-offset-2 focus:outline-navy-900">
      <ul className="mt-1 list-disc pl-5">
        {problems.map((p) => (
          <li key={`${p.controlId ?? "form"}-${p.message}`}>
            {p.controlId ? (
              <a
                href={`#${p.controlId}`}
                className="font-semibold underline underline-offset-2"
                onClick={(e) => {
                  e.preventDefault();
                  document.getElementById(p.controlId!)?.focus();
                }}
              >
                {p.message}
              </a>
            ) : (
              p.message
            )}
          </li>
        ))}
      </ul>
    </Alert>
  );
}

/** Moves focus to the error summary after each submit that leaves problems. */
function useFocusSummary(summaryId: string, submitCount: number, problemCount: number) {
  const last = useRef(0);
  useEffect(() => {
    if (submitCount === last.current) return;
    last.current = submitCount;
    if (problemCount) document.getElementById(summaryId)?.focus();
  }, [summaryId, submitCount, problemCount]);
}

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
  const tc = useTranslations("common");
  const router = useRouter();
  const toastMessage = useToastMessages();
  const message = useFieldMessage();
  const base = useId().replace(/[^a-zA-Z0-9_-]/g, "");
  const ids = {
    summary: `${base}-summary`,
    decision: (d: ReviewDecision) => `${base}-decision-${d}`,
    decisionError: `${base}-decision-error`,
    kind: (k: EvidenceKind) => `${base}-evidence-${k}`,
    kindsHint: `${base}-evidence-hint`,
    kindsError: `${base}-evidence-error`,
    conditional: `${base}-evidence-conditional`,
    reason: `${base}-reason`,
  };
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors, isSubmitting, submitCount },
  } = useForm<ReviewDecisionFormInput, unknown, z.output<typeof reviewDecisionFormSchema>>({
    resolver: zodResolver(reviewDecisionFormSchema),
    defaultValues: { reason: "", evidenceNeeded: [] },
    shouldFocusError: false,
  });
  const decision = useWatch({ control, name: "decision" });

  const decisionError = message(errors.decision?.message);
  const kindsError = message(errors.evidenceNeeded?.message ?? errors.evidenceNeeded?.root?.message);
  const reasonError = message(errors.reason?.message);
  const formError = message(errors.root?.server?.message);
  const problems: Problem[] = [
    ...(formError ? [{ message: formError }] : []),
    ...(decisionError ? [{ message: decisionError, controlId: ids.decision(reviewDecisionValues[0]) }] : []),
    ...(kindsError ? [{ message: kindsError, controlId: ids.kind(evidenceKindValues[0]) }] : []),
    ...(reasonError ? [{ message: reasonError, controlId: ids.reason }] : []),
  ];
  useFocusSummary(ids.summary, submitCount, problems.length);

  async function submit(values: z.output<typeof reviewDecisionFormSchema>) {
    const result = await sendJson(`${directorUrl(director.id)}/review`, values);
    if (result.ok) {
      toastMessage.success("reviewDecided");
      router.refresh();
      onClose();
      return;
    }
    const fields = result.fields;
    if (fields.decision?.[0]) setError("decision", { type: "server", message: fields.decision[0] });
    if (fields.evidenceNeeded?.[0]) setError("evidenceNeeded", { type: "server", message: fields.evidenceNeeded[0] });
    if (fields.reason?.[0]) setError("reason", { type: "server", message: fields.reason[0] });
    // A refused move (the individual's status changed meanwhile): about the form, not a field.
    if (fields.status?.[0]) setError("root.server", { type: "server", message: fields.status[0] });
    toastMessage.error("formSubmitFailed");
  }

  const outstanding = director.status === "OutstandingIDInfo" && director.evidenceOutstanding?.length ? director.evidenceOutstanding : null;

  return (
    <form noValidate onSubmit={handleSubmit(submit)} className="flex flex-col gap-4">
      <ErrorSummary id={ids.summary} title={t("errorSummary")} problems={problems} />
      <p>
        {t("current", { status: ts(director.status) })}
        {outstanding ? (
          <>
            <br />
            {t("outstanding", { documents: outstanding.map((k) => tk(k)).join(", ") })}
          </>
        ) : null}
      </p>

      <fieldset className="flex flex-col gap-3" aria-describedby={decisionError ? ids.decisionError : undefined}>
        <legend className="mb-1 font-semibold text-ink">{t("decision")}</legend>
        {decisionError ? (
          <p id={ids.decisionError} className="text-sm font-semibold text-danger">
            <VisuallyHidden>{`${tc("errorPrefix")} `}</VisuallyHidden>
            {decisionError}
          </p>
        ) : null}
        {reviewDecisionValues.map((d) => {
          const key = DECISION_KEYS[d];
          const inputId = ids.decision(d);
          const conditional = d === "request-evidence";
          return (
            <div key={d} className="flex flex-col gap-2">
              <div className="flex gap-3">
                <input
                  id={inputId}
                  type="radio"
                  value={d}
                  className="mt-1 size-5 shrink-0 accent-navy-900"
                  aria-describedby={`${inputId}-hint`}
                  {...(conditional ? { "aria-controls": ids.conditional } : {})}
                  {...register("decision")}
                />
                <div className="flex flex-col gap-0.5">
                  <label htmlFor={inputId} className="cursor-pointer font-semibold">
                    {t(`decisions.${key}.label`)}
                  </label>
                  <p id={`${inputId}-hint`} className="text-sm text-ink-muted">
                    {t(`decisions.${key}.hint`)}
                  </p>
                </div>
              </div>
              {conditional ? (
                <div id={ids.conditional} hidden={decision !== d} className={cn("ml-2.5 border-l-4 pl-5", kindsError ? "border-danger" : "border-line")}>
                  <fieldset className="flex flex-col gap-2" aria-describedby={cn(ids.kindsHint, kindsError && ids.kindsError)}>
                    <legend className="font-semibold text-ink">{t("evidenceNeeded")}</legend>
                    <p id={ids.kindsHint} className="text-sm text-ink-muted">
                      {t("evidenceNeededHint")}
                    </p>
                    {kindsError ? (
                      <p id={ids.kindsError} className="text-sm font-semibold text-danger">
                        <VisuallyHidden>{`${tc("errorPrefix")} `}</VisuallyHidden>
                        {kindsError}
                      </p>
                    ) : null}
                    {evidenceKindValues.map((k) => (
                      <div key={k} className="flex items-center gap-3">
                        <input id={ids.kind(k)} type="checkbox" value={k} className="size-5 shrink-0 accent-navy-900" {...register("evidenceNeeded")} />
                        <label htmlFor={ids.kind(k)} className="cursor-pointer">
                          {tk(k)}
                        </label>
                      </div>
                    ))}
                  </fieldset>
                </div>
              ) : null}
            </div>
          );
        })}
      </fieldset>

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
  } = useForm<ReopenRequest>({ resolver: zodResolver(reopenRequestSchema), defaultValues: { reason: "" }, shouldFocusError: false });

  const reasonError = message(errors.reason?.message);
  const formError = message(errors.root?.server?.message);
  const problems: Problem[] = [...(formError ? [{ message: formError }] : []), ...(reasonError ? [{ message: reasonError, controlId: ids.reason }] : [])];
  useFocusSummary(ids.summary, submitCount, problems.length);

  async function submit(values: ReopenRequest) {
    const result = await sendJson(`${directorUrl(director.id)}/reopen`, values);
    if (result.ok) {
      toastMessage.success("directorReopened");
      router.refresh();
      onClose();
      return;
    }
    if (result.fields.reason?.[0]) setError("reason", { type: "server", message: result.fields.reason[0] });
    if (result.fields.status?.[0]) setError("root.server", { type: "server", message: result.fields.status[0] });
    toastMessage.error("formSubmitFailed");
  }

  return (
    <form noValidate onSubmit={handleSubmit(submit)} className="flex flex-col gap-4">
      <ErrorSummary id={ids.summary} title={tr("errorSummary")} problems={problems} />
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
