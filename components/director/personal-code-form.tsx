"use client";

/**
 * The Companies House personal code step: one field, checked with the server's own schema (11
 * letters and digits; lower case and spaces are accepted and stored upper case; the example in the
 * hint is refused with its own message). Sent as a JSON
 * Patch of `/companiesHouseCode`; the server stores it encrypted and the director becomes Complete.
 */
import { useCallback } from "react";
import { useRouter } from "next/navigation";
import { useForm, type Resolver } from "react-hook-form";
import { useTranslations } from "next-intl";
import { sendPatch } from "@/components/admin/client-detail/api";
import { useUnsavedChanges } from "@/components/admin/client-detail/unsaved-changes";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { useToastMessages } from "@/components/ui/toast";
import { lazyResolver } from "@/lib/forms/lazy-resolver";
import type { PersonalCodeFormInput, PersonalCodeFormOutput } from "@/lib/schemas/director-forms";
import { PERSONAL_CODE_EXAMPLE } from "@/lib/schemas/director-self-fields";
import { DIRECTOR_API } from "./details-form";
import { useJourneyMessage } from "./use-journey-message";

type Input = PersonalCodeFormInput;
type Output = PersonalCodeFormOutput;

/** The server's format check of the code, loaded when the form is first used. */
const resolver = lazyResolver<Input>(() => import("@/lib/schemas/director-forms").then((m) => m.personalCodeFormSchema));

export function PersonalCodeForm() {
  const t = useTranslations("directorJourney.personalCode");
  const router = useRouter();
  const toastMessage = useToastMessages();
  const message = useJourneyMessage();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isDirty, isSubmitting },
  } = useForm<Input, unknown, Output>({ resolver: resolver as Resolver<Input, unknown, Output>, defaultValues: { companiesHouseCode: "" }, shouldFocusError: true });

  const submit = useCallback(
    async ({ companiesHouseCode }: Output): Promise<boolean> => {
      const result = await sendPatch(DIRECTOR_API, [{ op: "replace", path: "/companiesHouseCode", value: companiesHouseCode }]);
      if (result.ok) {
        toastMessage.success("personalCodeSaved");
        reset({ companiesHouseCode: "" });
        router.refresh();
        return true;
      }
      const key = result.fields.companiesHouseCode?.[0];
      if (key) setError("companiesHouseCode", { type: "server", message: key }, { shouldFocus: true });
      toastMessage.error("formSubmitFailed");
      return false;
    },
    [reset, router, setError, toastMessage],
  );
  const save = useCallback(
    () =>
      new Promise<boolean>((resolve) => {
        void handleSubmit(
          async (values) => resolve(await submit(values)),
          () => resolve(false),
        )();
      }),
    [handleSubmit, submit],
  );
  useUnsavedChanges("personal-code", { isDirty, save, discard: () => reset({ companiesHouseCode: "" }) });

  return (
    <form noValidate onSubmit={handleSubmit(submit)} onFocus={resolver.preload} aria-labelledby="personal-code-title" className="flex flex-col gap-4">
      <Field
        label={t("label")}
        hint={t("hint", { example: PERSONAL_CODE_EXAMPLE })}
        error={message(errors.companiesHouseCode?.message)}
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
