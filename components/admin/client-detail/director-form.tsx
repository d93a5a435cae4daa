"use client";

import { useMemo } from "react";
import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslations } from "next-intl";
import type { OptionItem } from "@/lib/countries";
import {
  directorDetailFieldNames,
  directorFormSchema,
  type DirectorFormInput,
  type DirectorFormOutput,
} from "@/lib/schemas/director-patch";
import type { ClientDetailDirector } from "@/lib/server/clients/get-client-detail";
import { Field, SelectField, TextareaField } from "@/components/ui/field";
import { DateField } from "@/components/ui/form/date-field";
import { KitFormElement } from "@/components/ui/form/form";
import { FormActions } from "@/components/ui/form/form-actions";
import { useStaffMessage } from "@/components/ui/form/staff-messages";
import { useKitForm } from "@/components/ui/form/use-kit-form";
import { usePatchForm } from "@/components/ui/form/use-patch-form";
import { directorUrl, sendPatch } from "./api";

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
  const message = useStaffMessage();
  const defaults = useMemo(() => toFormValues(director), [director]);
  const form = useKitForm<DirectorFormInput, DirectorFormOutput>({ resolver: zodResolver(directorFormSchema), defaultValues: defaults, focus: "field" });
  const {
    register,
    control,
    reset,
    formState: { errors, isSubmitting },
  } = form;
  const submit = usePatchForm(form, {
    id: `director-${director.id}`,
    defaults,
    record: director,
    fields: directorDetailFieldNames,
    send: (operations) => sendPatch(directorUrl(director.id), operations),
    toasts: {
      saved: "directorSaved",
      savedValues: (values) => ({ name: values.name ?? director.name }),
      unchanged: "nothingToSave",
    },
    onDone,
  });

  const err = (field: DetailField) => message(errors[field]?.message);
  const text = (field: Exclude<DetailField, "formerNames">, extra: Record<string, unknown> = {}) => (
    <Field label={t(`fields.${field}`)} error={err(field)} {...extra} {...register(field)} />
  );
  /** A date as day, month and year boxes (the GOV.UK date input); the value stays `YYYY-MM-DD`. */
  const date = (field: "currentAddressStartDate" | "dateToCompaniesHouse") => (
    <DateField control={control} name={field} label={t(`fields.${field}`)} hint={t("fields.dateHint")} optional error={err(field)} />
  );

  return (
    <KitFormElement defaults={defaults} onSubmit={form.submitWith(submit)} aria-label={t("edit")} className="flex flex-col gap-4">
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
        <SelectField label={t("fields.country")} optional error={err("country")} options={{ items: countries, empty: tc("notSet") }} {...register("country")} />
        {date("currentAddressStartDate")}
      </fieldset>
      <fieldset className="grid min-w-0 grid-cols-1 gap-4 sm:grid-cols-2">
        <legend className="mb-2 font-bold">{t("sov")}</legend>
        <TextareaField label={t("fields.formerNames")} hint={t("fields.formerNamesHint")} optional rows={3} className="sm:col-span-2" error={err("formerNames")} {...register("formerNames")} />
        {text("idvNumber", { optional: true })}
        {text("companiesHouseCode", { optional: true, hint: t("fields.companiesHouseCodeHint"), maxLength: 11, autoCapitalize: "characters" })}
        {date("dateToCompaniesHouse")}
      </fieldset>
      <FormActions
        submit={t("save")}
        loading={isSubmitting}
        loadingLabel={t("saving")}
        cancel={t("cancelEdit")}
        onCancel={() => {
          reset(defaults);
          onDone();
        }}
      />
    </KitFormElement>
  );
}
