"use client";

import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { useRouter } from "next/navigation";
import { useForm, type Resolver } from "react-hook-form";
import { useTranslations } from "next-intl";
import type { OptionItem } from "@/lib/countries";
import { lazyResolver } from "@/lib/forms/lazy-resolver";
import { diffToOperations } from "@/lib/json-patch/diff";
import type { CompanyFormInput, CompanyFormOutput } from "@/lib/schemas/company-patch";
import { companyPatchFieldNames, companyRequiredFields, type CompanyPatchField } from "@/lib/schemas/company-patch-fields";
import { useUnsavedChanges } from "@/components/admin/client-detail/unsaved-changes";
import { useFieldMessage } from "@/components/admin/client-detail/use-field-message";
import { Button } from "@/components/ui/button";
import { ErrorSummary, summaryItems } from "@/components/ui/error-summary";
import { Field, FieldIdScope, SelectField } from "@/components/ui/field";
import { useToastMessages } from "@/components/ui/toast";
import { COMPANY_URL, sendCompanyPatch } from "./api";

/** The server's schema of the form, loaded when the form is first used. */
const resolver = lazyResolver<CompanyFormInput>(() => import("@/lib/schemas/company-patch").then((m) => m.companyFormSchema));

export type CompanyFormValues = Record<CompanyPatchField, string | null> & { updatedAt: string | Date };

function toFormValues(company: CompanyFormValues): CompanyFormInput {
  return Object.fromEntries(companyPatchFieldNames.map((f) => [f, company[f] ?? ""])) as CompanyFormInput;
}

function Section({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="min-w-0 rounded-lg border border-line-soft p-4 sm:p-5">
      <legend className="px-1 text-lg font-bold">{legend}</legend>
      <div className="mt-2 grid grid-cols-1 gap-4 sm:grid-cols-2">{children}</div>
    </fieldset>
  );
}

/**
 * The contact's own contact and billing details as one form: the zod schema the server also
 * applies, a JSON Patch of the changed fields on save, the spec's toasts, and the unsaved-changes
 * prompt (leaving with changes asks to save or discard).
 */
export function CompanyForm({ company, countries }: { company: CompanyFormValues; countries: OptionItem[] }) {
  const t = useTranslations("secure.company.form");
  const router = useRouter();
  const toastMessage = useToastMessages();
  const message = useFieldMessage();
  /** Counts failed saves (in the browser or at the server): the error summary takes the focus on each. */
  const [failedSaves, setFailedSaves] = useState(0);
  const defaults = useMemo(() => toFormValues(company), [company]);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    getValues,
    formState: { errors, isDirty, isSubmitting },
  } = useForm<CompanyFormInput, unknown, CompanyFormOutput>({ resolver: resolver as Resolver<CompanyFormInput, unknown, CompanyFormOutput>, defaultValues: defaults, shouldFocusError: false });

  const version = new Date(company.updatedAt).getTime();
  const shownVersion = useRef(version);
  useEffect(() => {
    if (shownVersion.current === version) return;
    shownVersion.current = version;
    reset(defaults);
  }, [version, defaults, reset]);

  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    formRef.current?.setAttribute("data-ready", "true");
  }, []);

  const submit = useCallback(
    async (values: CompanyFormOutput): Promise<boolean> => {
      const before = Object.fromEntries(companyPatchFieldNames.map((f) => [f, company[f] ?? null]));
      const operations = diffToOperations(before, values, companyPatchFieldNames);
      if (!operations.length) {
        reset(getValues());
        return true;
      }
      const result = await sendCompanyPatch(COMPANY_URL, operations);
      if (result.ok) {
        toastMessage.success("companySaved");
        reset(getValues());
        router.refresh();
        return true;
      }
      let first = true;
      for (const [field, keys] of Object.entries(result.fields)) {
        if ((companyPatchFieldNames as readonly string[]).includes(field)) {
          setError(field as CompanyPatchField, { type: "server", message: keys[0] });
          first = false;
        }
      }
      if (!first) setFailedSaves((n) => n + 1);
      toastMessage.error("formSubmitFailed");
      return false;
    },
    [company, getValues, reset, router, setError, toastMessage],
  );

  const save = useCallback(
    () =>
      new Promise<boolean>((resolve) => {
        void handleSubmit(
          async (values) => resolve(await submit(values)),
          () => {
            setFailedSaves((n) => n + 1);
            resolve(false);
          },
        )();
      }),
    [handleSubmit, submit],
  );
  useUnsavedChanges("company", { isDirty, save, discard: () => reset(defaults) });

  const text = (field: CompanyPatchField, extra: Record<string, unknown> = {}) => (
    <Field label={t(`fields.${field}`)} optional={!companyRequiredFields.includes(field)} error={message(errors[field]?.message)} {...extra} {...register(field)} />
  );

  return (
    <FieldIdScope scope="company">
    <form ref={formRef} noValidate aria-labelledby="company-form-title" onSubmit={handleSubmit(submit, () => setFailedSaves((n) => n + 1))} onFocus={resolver.preload} className="flex flex-col gap-5">
      <div>
        <h2 id="company-form-title" className="text-xl font-bold">
          {t("title")}
        </h2>
        <p className="text-ink-muted">{t("intro")}</p>
      </div>
      <ErrorSummary id="company-error-summary" items={summaryItems(errors, { scope: "company", translate: message, order: companyPatchFieldNames })} focusKey={failedSaves || undefined} />
      <Section legend={t("contact")}>
        {text("mainContactFirstName", { autoComplete: "given-name" })}
        {text("mainContactLastName", { autoComplete: "family-name" })}
        {text("mainContactTelephone", { type: "tel", autoComplete: "tel" })}
      </Section>
      <Section legend={t("billing")}>
        {text("billingEntityName", { autoComplete: "organization" })}
        {text("billingAddressLine1", { autoComplete: "address-line1" })}
        {text("billingAddressLine2", { autoComplete: "address-line2" })}
        {text("billingAddressCity", { autoComplete: "address-level2" })}
        {text("billingAddressState", { autoComplete: "address-level1" })}
        {text("billingAddressPostCode", { autoComplete: "postal-code" })}
        <SelectField label={t("fields.billingAddressCountry")} error={message(errors.billingAddressCountry?.message)} {...register("billingAddressCountry")}>
          <option value="">{t("countryNone")}</option>
          {countries.map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
        </SelectField>
      </Section>
      <Section legend={t("accounts")}>
        {text("accountPayableContactFirstName")}
        {text("accountPayableContactLastName")}
        {text("accountPayableContactEmail", { type: "email" })}
        {text("accountPayableContactTelephone", { type: "tel" })}
      </Section>
      <Section legend={t("tax")}>
        {text("vatNumber")}
        {text("purchaseOrderInfo")}
      </Section>
      <div>
        <Button type="submit" loading={isSubmitting}>
          {t("save")}
        </Button>
      </div>
    </form>
    </FieldIdScope>
  );
}
