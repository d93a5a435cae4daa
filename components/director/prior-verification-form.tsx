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
import { useTranslations } from "next-intl";
import { sendJson } from "@/components/admin/client-detail/api";
import { ErrorSummary, summaryItems } from "@/components/ui/error-summary";
import { fieldId } from "@/components/ui/field";
import { KitFormElement } from "@/components/ui/form/form";
import { FormActions } from "@/components/ui/form/form-actions";
import { useJourneyMessage } from "@/components/ui/form/journey-messages";
import { useKitForm } from "@/components/ui/form/use-kit-form";
import { useToastMessages } from "@/components/ui/toast";
import { lazyResolver } from "@/lib/forms/lazy-resolver";
import type { PriorVerificationInput, PriorVerificationRequest } from "@/lib/schemas/prior-verification";
import { PERSONAL_CODE_EXAMPLE } from "@/lib/schemas/director-self-fields";
import { DIRECTOR_API } from "./details-form";
import { PersonalCodeField } from "./personal-code-form";

export const PRIOR_VERIFICATION_API = `${DIRECTOR_API}/prior-verification`;

/** The server's schema of the confirmation, loaded when the form is first used. */
const resolver = lazyResolver<PriorVerificationInput>(() => import("@/lib/schemas/prior-verification").then((m) => m.priorVerificationSchema));

export function PriorVerificationForm({ companyName }: { companyName: string }) {
  const t = useTranslations("directorJourney.priorVerification");
  const router = useRouter();
  const toastMessage = useToastMessages();
  const message = useJourneyMessage();
  const scope = useId().replace(/[^a-zA-Z0-9_-]/g, "");
  const form = useKitForm<PriorVerificationInput, PriorVerificationRequest>({ resolver, defaultValues: { confirm: false as unknown as true, companiesHouseCode: "" } });
  const {
    register,
    setError,
    formState: { errors, isSubmitting },
  } = form;
  const confirmError = message(errors.confirm?.message);
  const codeError = message(errors.companiesHouseCode?.message);
  const confirmId = fieldId(scope, "confirm");

  async function submit(values: PriorVerificationRequest) {
    const result = await sendJson(PRIOR_VERIFICATION_API, values);
    if (result.ok) {
      toastMessage.success("priorVerificationConfirmed");
      router.refresh();
      return;
    }
    if (!form.serverErrors(result.fields, ["companiesHouseCode"])) {
      setError("root.server", { type: "server", message: result.status === 429 ? "priorTooManyAttempts" : result.status === 409 ? "priorNotOffered" : "priorFailed" });
      form.fail();
    }
    toastMessage.error("formSubmitFailed");
  }

  return (
    <KitFormElement scope={scope} onSubmit={form.submitWith(submit)} onFocus={resolver.preload} className="flex flex-col gap-4" aria-labelledby="prior-verification-title">
      <ErrorSummary id={`${scope}-summary`} focusKey={form.failures || undefined} items={summaryItems(errors, { scope, translate: message, order: ["confirm", "companiesHouseCode"] })} />
      <div className="flex flex-col gap-1">
        {confirmError ? (
          <p id={`${confirmId}-error`} className="font-semibold text-danger">
            {confirmError}
          </p>
        ) : null}
        <div className="flex items-start gap-3">
          <input
            id={confirmId}
            type="checkbox"
            className="mt-1 size-5 shrink-0 accent-navy-900"
            aria-invalid={confirmError ? true : undefined}
            aria-describedby={confirmError ? `${confirmId}-error` : undefined}
            {...register("confirm")}
          />
          <label htmlFor={confirmId} className="cursor-pointer">
            {t("confirm", { company: companyName })}
          </label>
        </div>
      </div>
      <PersonalCodeField label={t("codeLabel")} hint={t("codeHint", { example: PERSONAL_CODE_EXAMPLE })} error={codeError} {...register("companiesHouseCode")} />
      <FormActions submit={t("submit")} loading={isSubmitting} loadingLabel={t("submitting")} />
    </KitFormElement>
  );
}
