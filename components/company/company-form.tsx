"use client";

import { useMemo } from "react";
import { useTranslations } from "next-intl";
import type { OptionItem } from "@/lib/countries";
import { lazyResolver } from "@/lib/forms/lazy-resolver";
import type { CompanyFormInput, CompanyFormOutput } from "@/lib/schemas/company-patch";
import { companyPatchFieldNames, companyRequiredFields, type CompanyPatchField } from "@/lib/schemas/company-patch-fields";
import { ErrorSummary, summaryItems } from "@/components/ui/error-summary";
import { Field, SelectField } from "@/components/ui/field";
import { KitFormElement } from "@/components/ui/form/form";
import { FormActions } from "@/components/ui/form/form-actions";
import { useStaffMessage } from "@/components/ui/form/staff-messages";
import { FormFieldset } from "@/components/ui/form/parts";
import { useKitForm } from "@/components/ui/form/use-kit-form";
import { usePatchForm } from "@/components/ui/form/use-patch-form";
import { sendCompanyPatch } from "./api";
import { COMPANY_URL } from "./urls";

/** The server's schema of the form, loaded when the form is first used. */
const resolver = lazyResolver<CompanyFormInput>(() => import("@/lib/schemas/company-patch").then((m) => m.companyFormSchema));

export type CompanyFormValues = Record<CompanyPatchField, string | null> & { updatedAt: string | Date };

function toFormValues(company: CompanyFormValues): CompanyFormInput {
  return Object.fromEntries(companyPatchFieldNames.map((f) => [f, company[f] ?? ""])) as CompanyFormInput;
}

/**
 * The contact's own contact and billing details as one form: the zod schema the server also
 * applies, a JSON Patch of the changed fields on save, the spec's toasts, and the unsaved-changes
 * prompt (leaving with changes asks to save or discard).
 */
export function CompanyForm({ company, countries }: { company: CompanyFormValues; countries: OptionItem[] }) {
  const t = useTranslations("secure.company.form");
  const message = useStaffMessage();
  const defaults = useMemo(() => toFormValues(company), [company]);
  const form = useKitForm<CompanyFormInput, CompanyFormOutput>({ resolver, defaultValues: defaults, version: new Date(company.updatedAt).getTime() });
  const {
    register,
    formState: { errors, isSubmitting },
  } = form;
  const submit = usePatchForm(form, {
    id: "company",
    defaults,
    record: company,
    fields: companyPatchFieldNames,
    send: (operations) => sendCompanyPatch(COMPANY_URL, operations),
    toasts: { saved: "companySaved" },
  });

  const text = (field: CompanyPatchField, extra: Record<string, unknown> = {}) => (
    <Field label={t(`fields.${field}`)} optional={!companyRequiredFields.includes(field)} error={message(errors[field]?.message)} {...extra} {...register(field)} />
  );

  return (
    <KitFormElement scope="company" markReady defaults={defaults} aria-labelledby="company-form-title" onSubmit={form.submitWith(submit)} onFocus={resolver.preload} className="render-when-near flex flex-col gap-5">
      <div>
        <h2 id="company-form-title" className="text-xl font-bold">
          {t("title")}
        </h2>
        <p className="text-ink-muted">{t("intro")}</p>
      </div>
      <ErrorSummary id="company-error-summary" items={summaryItems(errors, { scope: "company", translate: message, order: companyPatchFieldNames })} focusKey={form.failures || undefined} />
      <FormFieldset legend={t("contact")}>
        {text("mainContactFirstName", { autoComplete: "given-name" })}
        {text("mainContactLastName", { autoComplete: "family-name" })}
        {text("mainContactTelephone", { type: "tel", autoComplete: "tel" })}
      </FormFieldset>
      <FormFieldset legend={t("billing")}>
        {text("billingEntityName", { autoComplete: "organization" })}
        {text("billingAddressLine1", { autoComplete: "address-line1" })}
        {text("billingAddressLine2", { autoComplete: "address-line2" })}
        {text("billingAddressCity", { autoComplete: "address-level2" })}
        {text("billingAddressState", { autoComplete: "address-level1" })}
        {text("billingAddressPostCode", { autoComplete: "postal-code" })}
        <SelectField
          label={t("fields.billingAddressCountry")}
          error={message(errors.billingAddressCountry?.message)}
          options={{ items: countries, empty: t("countryNone") }}
          {...register("billingAddressCountry")}
        />
      </FormFieldset>
      <FormFieldset legend={t("accounts")}>
        {text("accountPayableContactFirstName")}
        {text("accountPayableContactLastName")}
        {text("accountPayableContactEmail", { type: "email" })}
        {text("accountPayableContactTelephone", { type: "tel" })}
      </FormFieldset>
      <FormFieldset legend={t("tax")}>
        {text("vatNumber")}
        {text("purchaseOrderInfo")}
      </FormFieldset>
      <FormActions submit={t("save")} loading={isSubmitting} />
    </KitFormElement>
  );
}
