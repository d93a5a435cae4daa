"use client";

/**
 * The Companies House personal code step: one field, checked with the server's own schema (11
 * letters and digits; lower case and spaces are accepted and stored upper case; the example in the
 * hint is refused with its own message). Sent as a JSON
 * Patch of `/companiesHouseCode`; the server stores it encrypted and the director becomes Complete.
 */
import { useCallback } from "react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { sendPatch } from "@/components/admin/client-detail/api";
import { Field, type FieldProps } from "@/components/ui/field";
import { KitFormElement } from "@/components/ui/form/form";
import { FormActions } from "@/components/ui/form/form-actions";
import { useJourneyMessage } from "@/components/ui/form/journey-messages";
import { useSaveGuard } from "@/components/ui/form/use-save-guard";
import { useKitForm } from "@/components/ui/form/use-kit-form";
import { useToastMessages } from "@/components/ui/toast";
import { lazyResolver } from "@/lib/forms/lazy-resolver";
import type { PersonalCodeFormInput, PersonalCodeFormOutput } from "@/lib/schemas/director-forms";
import { PERSONAL_CODE_EXAMPLE } from "@/lib/schemas/director-self-fields";
import { DIRECTOR_API } from "./details-form";

type Input = PersonalCodeFormInput;
type Output = PersonalCodeFormOutput;

const EMPTY: Input = { companiesHouseCode: "" };

/** The server's format check of the code, loaded when the form is first used. */
const resolver = lazyResolver<Input>(() => import("@/lib/schemas/director-forms").then((m) => m.personalCodeFormSchema));

/** The personal code's box: 11 letters and digits, typed as people read them (spaces and lower case accepted). */
export function PersonalCodeField(props: Omit<FieldProps, "autoComplete" | "autoCapitalize" | "spellCheck" | "maxLength" | "className" | "inputClassName">) {
  return <Field {...props} autoComplete="off" autoCapitalize="characters" spellCheck={false} maxLength={40} className="max-w-sm" inputClassName="font-mono uppercase" />;
}

export function PersonalCodeForm() {
  const t = useTranslations("directorJourney.personalCode");
  const router = useRouter();
  const toastMessage = useToastMessages();
  const message = useJourneyMessage();
  const form = useKitForm<Input, Output>({ resolver, defaultValues: EMPTY, focus: "field" });
  const {
    register,
    reset,
    serverErrors,
    formState: { errors, isSubmitting },
  } = form;

  const submit = useCallback(
    async ({ companiesHouseCode }: Output): Promise<boolean> => {
      const result = await sendPatch(DIRECTOR_API, [{ op: "replace", path: "/companiesHouseCode", value: companiesHouseCode }]);
      if (result.ok) {
        toastMessage.success("personalCodeSaved");
        reset(EMPTY);
        router.refresh();
        return true;
      }
      serverErrors(result.fields, ["companiesHouseCode"]);
      toastMessage.error("formSubmitFailed");
      return false;
    },
    [reset, router, serverErrors, toastMessage],
  );
  useSaveGuard(form, "personal-code", submit, () => reset(EMPTY));

  return (
    <KitFormElement onSubmit={form.submitWith(submit)} onFocus={resolver.preload} aria-labelledby="personal-code-title" className="flex flex-col gap-4">
      <PersonalCodeField label={t("label")} hint={t("hint", { example: PERSONAL_CODE_EXAMPLE })} error={message(errors.companiesHouseCode?.message)} {...register("companiesHouseCode")} />
      <FormActions submit={t("submit")} loading={isSubmitting} loadingLabel={t("submitting")} />
    </KitFormElement>
  );
}
