"use client";

/**
 * The shortened journey of an individual already verified here for another company (issue 20 item
 * 5): a checkbox to confirm it is them and the personal code of that verification, checked with the
 * server's own schema (lib/schemas/prior-verification.ts) and sent to
 * POST /api/director-verification/director/prior-verification. A code that is not the earlier one
 * comes back on the code field; on success the page is rendered again, Complete.
 */
import { useId } from "react";
import { useRouter } from "next/navigation";
import { useForm, type Resolver } from "react-hook-form";
import { useTranslations } from "next-intl";
import { sendJson } from "@/components/admin/client-detail/api";
import { Button } from "@/components/ui/button";
import { ErrorSummary } from "@/components/ui/error-summary";
import { Field } from "@/components/ui/field";
import { useToastMessages } from "@/components/ui/toast";
import { lazyResolver } from "@/lib/forms/lazy-resolver";
import type { PriorVerificationInput, PriorVerificationRequest } from "@/lib/schemas/prior-verification";
import { PERSONAL_CODE_EXAMPLE } from "@/lib/schemas/director-self-fields";
import { DIRECTOR_API } from "./details-form";
import { useJourneyMessage } from "./use-journey-message";

export const PRIOR_VERIFICATION_API = `${DIRECTOR_API}/prior-verification`;

/** The server's schema of the confirmation, loaded when the form is first used. */
const resolver = lazyResolver<PriorVerificationInput>(() => import("@/lib/schemas/prior-verification").then((m) => m.priorVerificationSchema));

export function PriorVerificationForm({ companyName }: { companyName: string }) {
  const t = useTranslations("directorJourney.priorVerification");
  const router = useRouter();
  const toastMessage = useToastMessages();
  const message = useJourneyMessage();
  const base = useId().replace(/[^a-zA-Z0-9_-]/g, "");
  const ids = { summary: `${base}-summary`, confirm: `${base}-confirm`, code: `${base}-code` };
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting, submitCount },
  } = useForm<PriorVerificationInput, unknown, PriorVerificationRequest>({
    resolver: resolver as Resolver<PriorVerificationInput, unknown, PriorVerificationRequest>,
    defaultValues: { confirm: false as unknown as true, companiesHouseCode: "" },
    shouldFocusError: false,
  });
  const confirmError = message(errors.confirm?.message);
  const codeError = message(errors.companiesHouseCode?.message);
  const formError = message(errors.root?.server?.message);

  async function submit(values: PriorVerificationRequest) {
    const result = await sendJson(PRIOR_VERIFICATION_API, values);
    if (result.ok) {
      toastMessage.success("priorVerificationConfirmed");
      router.refresh();
      return;
    }
    const field = result.fields.companiesHouseCode?.[0];
    if (field) setError("companiesHouseCode", { type: "server", message: field });
    else setError("root.server", { type: "server", message: result.status === 429 ? "priorTooManyAttempts" : result.status === 409 ? "priorNotOffered" : "priorFailed" });
    toastMessage.error("formSubmitFailed");
  }

  return (
    <form noValidate onSubmit={handleSubmit(submit)} onFocus={resolver.preload} className="flex flex-col gap-4" aria-labelledby="prior-verification-title">
      <ErrorSummary
        id={ids.summary}
        focusKey={submitCount}
        items={[...(formError ? [{ message: formError }] : []), ...(confirmError ? [{ message: confirmError, controlId: ids.confirm }] : []), ...(codeError ? [{ message: codeError, controlId: ids.code }] : [])]}
      />
      <div className="flex flex-col gap-1">
        {confirmError ? (
          <p id={`${ids.confirm}-error`} className="font-semibold text-danger">
            {confirmError}
          </p>
        ) : null}
        <div className="flex items-start gap-3">
          <input
            id={ids.confirm}
            type="checkbox"
            className="mt-1 size-5 shrink-0 accent-navy-900"
            aria-invalid={confirmError ? true : undefined}
            aria-describedby={confirmError ? `${ids.confirm}-error` : undefined}
            {...register("confirm")}
          />
          <label htmlFor={ids.confirm} className="cursor-pointer">
            {t("confirm", { company: companyName })}
          </label>
        </div>
      </div>
      <Field
        id={ids.code}
        label={t("codeLabel")}
        hint={t("codeHint", { example: PERSONAL_CODE_EXAMPLE })}
        error={codeError}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={40}
        className="max-w-sm"
        inputClassName="font-mono uppercase"
        {...register("companiesHouseCode")}
      />
      <div>
        <Button type="submit" loading={isSubmitting} loadingLabel={t("submitting")}>
          {t("submit")}
        </Button>
      </div>
    </form>
  );
}
