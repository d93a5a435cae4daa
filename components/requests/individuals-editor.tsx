"use client";

import { useId } from "react";
import dynamic from "next/dynamic";
import { useFieldArray, useFormContext, useWatch } from "react-hook-form";
import { useTranslations } from "next-intl";
import { sameRegisterLink } from "@/lib/domain/register-people";
import type { Individual, OnboardingRequestInput } from "@/lib/schemas/onboarding-request";
import { Button } from "@/components/ui/button";
import { ErrorMessage } from "@/components/ui/error-message";
import { Field } from "@/components/ui/field";
import { VisuallyHidden } from "@/components/ui/visually-hidden";
import { CsvImport } from "./csv-import";
import { usePublicMessage } from "@/components/ui/form/messages";
import type { LookupPerson, LookupState } from "./use-company-lookup";

const isBlank = (row: { name?: string; email?: string } | undefined) => !row || ((row.name ?? "").trim() === "" && (row.email ?? "").trim() === "");

/** Fetches the register picker's code; the request form calls it while the register answers. */
export const preloadRegisterPicker = () => import("./register-people-picker").then((m) => m.RegisterPeoplePicker);

/**
 * The register's people load with this step, not with the page. The `loading` part is what gives
 * the picker a Suspense boundary of its own: without it (next/dynamic's default), waiting for the
 * code suspends the page's boundary, which hides the whole form for a moment and takes the focus
 * off the step heading that Continue just moved it to.
 */
const RegisterPeoplePicker = dynamic(preloadRegisterPicker, { loading: PickerLoading });

function PickerLoading() {
  const tr = useTranslations("requestForm.register");
  return (
    <p role="status" className="text-ink-muted">
      {tr("loading")}
    </p>
  );
}

/**
 * The individuals to verify: a name and an email each, at least one, exactly one for the one-off
 * solution. Rows are added by hand, in bulk from a CSV file (group managed solution), or, when the
 * company number was found at Companies House (`lookup`), by ticking the company's people on the
 * register: a ticked person's row has their name filled in and keeps their register entry, and
 * unticking removes it. Every row shows its own errors, and the list's own error (none, too many for
 * one-off) shows above it.
 */
export function IndividualsEditor({ csvTemplate, csvTemplateFileName, lookup = { kind: "idle" } }: { csvTemplate: string; csvTemplateFileName: string; lookup?: LookupState }) {
  const t = useTranslations("requestForm.individuals");
  const tr = useTranslations("requestForm.register");
  const message = usePublicMessage();
  const id = useId();
  const {
    control,
    register,
    getValues,
    formState: { errors },
  } = useFormContext<OnboardingRequestInput>();
  const { fields, append, remove, replace } = useFieldArray({ control, name: "individuals" });
  const tier = useWatch({ control, name: "productTier" });
  const oneOff = tier === "OneOff";
  const listError = errors.individuals?.root?.message ?? errors.individuals?.message;
  const rows = useWatch({ control, name: "individuals" }) ?? [];
  const people = lookup.kind === "found" ? lookup.result.people : [];

  /** A ticked person: a row with their name (blank rows give way to it). */
  function tick(person: LookupPerson) {
    const row = { name: person.displayName, email: "", register: person.register };
    const current = getValues("individuals") ?? [];
    if (current.some(isBlank)) replace([...current.filter((r) => !isBlank(r)), row]);
    else append(row, { shouldFocus: false });
  }

  /** An unticked person: their row goes (the last row gives way to a blank one). */
  function untick(person: LookupPerson) {
    const current = getValues("individuals") ?? [];
    const index = current.findIndex((r) => sameRegisterLink(r?.register, person.register));
    if (index < 0) return;
    if (current.length > 1) remove(index);
    else replace([{ name: "", email: "" }]);
  }

  function importRows(rows: Individual[]) {
    if (rows.length === 0) return;
    // Blank rows (the empty first row, typically) give way to the imported ones.
    const kept = (getValues("individuals") ?? []).filter((row) => !isBlank(row));
    replace([...kept, ...rows]);
  }

  return (
    <div className="flex flex-col gap-5">
      {lookup.kind === "found" ? (
        <RegisterPeoplePicker
          companyName={lookup.result.company.name}
          people={people}
          picked={rows.map((r) => r?.register)}
          oneOff={oneOff}
          otherRowFilled={rows.some((r) => !isBlank(r) && !people.some((p) => sameRegisterLink(r?.register, p.register)))}
          onTick={tick}
          onUntick={untick}
        />
      ) : null}
      {lookup.kind === "loading" ? (
        <p role="status" className="text-ink-muted">
          {tr("loading")}
        </p>
      ) : null}
      {lookup.kind === "unavailable" || lookup.kind === "rateLimited" ? <p className="max-w-prose">{tr("unavailable")}</p> : null}
      {listError ? (
        <ErrorMessage id={`${id}-error`} className="font-semibold text-danger" role="alert">
          {message(listError)}
        </ErrorMessage>
      ) : null}
      <ol className="flex flex-col gap-4" aria-describedby={listError ? `${id}-error` : undefined} data-testid="individuals">
        {fields.map((field, index) => {
          const rowErrors = errors.individuals?.[index];
          return (
            <li key={field.id}>
              <fieldset className="grid gap-3 rounded-md border border-line-soft p-4 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] sm:items-start">
                <legend className="px-1 font-semibold">{t("rowLegend", { number: index + 1 })}</legend>
                <Field label={t("name")} autoComplete="off" error={message(rowErrors?.name?.message)} {...register(`individuals.${index}.name`)} />
                <Field label={t("email")} type="email" inputMode="email" autoComplete="off" spellCheck={false} error={message(rowErrors?.email?.message)} {...register(`individuals.${index}.email`)} />
                {fields.length > 1 ? (
                  <Button type="button" variant="secondary" size="sm" className="sm:mt-8" onClick={() => remove(index)}>
                    {t("remove")}
                    <VisuallyHidden>{` ${t("rowLegend", { number: index + 1 })}`}</VisuallyHidden>
                  </Button>
                ) : null}
              </fieldset>
            </li>
          );
        })}
      </ol>
      {oneOff ? (
        <p className="text-sm text-ink-muted">{t("oneOffNote")}</p>
      ) : (
        <>
          <div>
            <Button type="button" variant="secondary" onClick={() => append({ name: "", email: "" }, { shouldFocus: true })}>
              {t("add")}
            </Button>
          </div>
          <CsvImport
            template={csvTemplate}
            templateFileName={csvTemplateFileName}
            existingEmails={() => (getValues("individuals") ?? []).map((row) => row?.email ?? "").filter((email) => email.trim() !== "")}
            onImport={importRows}
          />
        </>
      )}
    </div>
  );
}
