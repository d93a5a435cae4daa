"use client";

import { useCallback, useMemo } from "react";
import { useRouter } from "next/navigation";
import { Controller, useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslations } from "next-intl";
import type { OptionItem } from "@/lib/countries";
import { diffToOperations } from "@/lib/json-patch";
import {
  directorDetailFieldNames,
  directorFormSchema,
  type DirectorFormInput,
  type DirectorFormOutput,
} from "@/lib/schemas/director-patch";
import type { ClientDetailDirector } from "@/lib/server/clients/get-client-detail";
import { Button } from "@/components/ui/button";
import { DateInput } from "@/components/ui/date-input";
import { Field, SelectField, TextareaField } from "@/components/ui/field";
import { useToastMessages } from "@/components/ui/toast";
import { directorUrl, sendPatch } from "./api";
import { useUnsavedChanges } from "./unsaved-changes";
import { useFieldMessage } from "./use-field-message";

type DetailField = (typeof directorDetailFieldNames)[number];

function toFormValues(d: ClientDetailDirector): DirectorFormInput {
  const values: Record<string, unknown> = {};
  for (const field of directorDetailFieldNames) values[field] = d[field] ?? "";
  values.formerNames = d.formerNames.join("\n");
  return values as DirectorFormInput;
}

/**
 * Edits a director's details (not the overrides, which have their own dialogs): the same zod
 * schemas as the server; sends JSON Patch operations for the changed fields only.
 */
export function DirectorForm({ director, countries, onDone }: { director: ClientDetailDirector; countries: OptionItem[]; onDone: () => void }) {
  const t = useTranslations("clientDetail.director");
  const tc = useTranslations("clientDetail");
  const router = useRouter();
  const toastMessage = useToastMessages();
  const message = useFieldMessage();
  const defaults = useMemo(() => toFormValues(director), [director]);
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isDirty, isSubmitting },
  } = useForm<DirectorFormInput, unknown, DirectorFormOutput>({ resolver: zodResolver(directorFormSchema), defaultValues: defaults, shouldFocusError: true });

  const submit = useCallback(
    async (values: DirectorFormOutput): Promise<boolean> => {
      const before = Object.fromEntries(directorDetailFieldNames.map((f) => [f, director[f] ?? null]));
      const operations = diffToOperations(before, values, directorDetailFieldNames);
      if (!operations.length) {
        toastMessage.info("nothingToSave");
        reset(defaults);
        onDone();
        return true;
      }
      const result = await sendPatch(directorUrl(director.id), operations);
      if (result.ok) {
        toastMessage.success("directorSaved", { values: { name: values.name ?? director.name } });
        reset(undefined, { keepValues: true });
        router.refresh();
        onDone();
        return true;
      }
      let first = true;
      for (const [field, keys] of Object.entries(result.fields)) {
        if ((directorDetailFieldNames as readonly string[]).includes(field)) {
          setError(field as DetailField, { type: "server", message: keys[0] }, { shouldFocus: first });
          first = false;
        }
      }
      toastMessage.error("formSubmitFailed");
      return false;
    },
    [defaults, director, onDone, reset, router, setError, toastMessage],
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
  useUnsavedChanges(`director-${director.id}`, { isDirty, save, discard: () => reset(defaults) });

  const err = (field: DetailField) => message(errors[field]?.message);
  const text = (field: Exclude<DetailField, "formerNames">, extra: Record<string, unknown> = {}) => (
    <Field label={t(`fields.${field}`)} error={err(field)} {...extra} {...register(field)} />
  );
  /** A date as day, month and year boxes (the GOV.UK date input); the value stays `YYYY-MM-DD`. */
  const date = (field: "currentAddressStartDate" | "dateToCompaniesHouse") => (
    <Controller
      control={control}
      name={field}
      render={({ field: f }) => (
        <DateInput
          label={t(`fields.${field}`)}
          hint={t("fields.dateHint")}
          optional
          error={err(field)}
          name={f.name}
          value={typeof f.value === "string" ? f.value : ""}
          onChange={f.onChange}
          onBlur={f.onBlur}
          ref={f.ref}
        />
      )}
    />
  );

  return (
    <form noValidate onSubmit={handleSubmit(submit)} aria-label={t("edit")} className="flex flex-col gap-4">
      <fieldset className="grid min-w-0 grid-cols-1 gap-4 sm:grid-cols-2">
        <legend className="sr-only">{t("details")}</legend>
        {text("name", { className: "sm:col-span-2" })}
        {text("firstName", { optional: true })}
        {text("lastName", { optional: true })}
        {text("email", { type: "email", hint: t("fields.emailHint"), className: "sm:col-span-2" })}
      </fieldset>
      <fieldset className="grid min-w-0 grid-cols-1 gap-4 sm:grid-cols-2">
        <legend className="mb-2 font-bold">{t("address")}</legend>
        {text("addressLine1", { optional: true })}
        {text("addressLine2", { optional: true })}
        {text("addressLine3", { optional: true })}
        {text("city", { optional: true })}
        {text("state", { optional: true })}
        {text("postcode", { optional: true })}
        <SelectField label={t("fields.country")} optional error={err("country")} {...register("country")}>
          <option value="">{tc("notSet")}</option>
          {countries.map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
        </SelectField>
        {date("currentAddressStartDate")}
      </fieldset>
      <fieldset className="grid min-w-0 grid-cols-1 gap-4 sm:grid-cols-2">
        <legend className="mb-2 font-bold">{t("sov")}</legend>
        <TextareaField label={t("fields.formerNames")} hint={t("fields.formerNamesHint")} optional rows={3} className="sm:col-span-2" error={err("formerNames")} {...register("formerNames")} />
        {text("idvNumber", { optional: true })}
        {text("companiesHouseCode", { optional: true, hint: t("fields.companiesHouseCodeHint"), maxLength: 11, autoCapitalize: "characters" })}
        {date("dateToCompaniesHouse")}
      </fieldset>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" loading={isSubmitting} loadingLabel={t("saving")}>
          {t("save")}
        </Button>
        <Button
          type="button"
          variant="secondary"
          onClick={() => {
            reset(defaults);
            onDone();
          }}
        >
          {t("cancelEdit")}
        </Button>
      </div>
    </form>
  );
}
