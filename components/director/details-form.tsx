"use client";

/**
 * The director's details: name, former names with their dates, current address with its start
 * date, and previous addresses until 12 months are covered. The schemas and the address-history
 * rules are the server's own (lib/schemas/director-self-patch.ts, lib/domain/address-history.ts),
 * so the form refuses what the server would, before sending; it sends JSON Patch operations for the
 * changed fields only. Unsaved changes are guarded by the page's UnsavedChangesProvider.
 *
 * Every save answers: "Your details are saved" when something changed, "Nothing to save" when the
 * form holds what is already saved (then no request is sent), and "Error submitting form. Please try
 * again later." when the server could not save them (the changes stay in the form to try again).
 * Each as a toast and in a status message beside the button, which screen readers announce; answers
 * about fields go to the error summary instead.
 */
import { useCallback, useMemo, useState } from "react";
import { useRouter } from "next/navigation";
import { useFieldArray, useWatch, type FieldPath } from "react-hook-form";
import { useTranslations } from "next-intl";
import { sendPatch } from "@/components/admin/client-detail/api";
import { Button } from "@/components/ui/button";
import { ErrorSummary, summaryItems } from "@/components/ui/error-summary";
import { Field, SelectField } from "@/components/ui/field";
import { DateField } from "@/components/ui/form/date-field";
import { KitFormElement } from "@/components/ui/form/form";
import { useJourneyMessage } from "@/components/ui/form/journey-messages";
import { useSaveGuard } from "@/components/ui/form/use-save-guard";
import { useKitForm } from "@/components/ui/form/use-kit-form";
import { useToastMessages } from "@/components/ui/toast";
import type { OptionItem } from "@/lib/countries";
import { formatDate } from "@/lib/dates/format-date";
import { coverageStart, needsPreviousAddresses, type DatedAddress } from "@/lib/domain/address-history";
import { lazyResolver } from "@/lib/forms/lazy-resolver";
import { diffToOperations } from "@/lib/json-patch/diff";
import type { DetailsFormInput, DetailsFormOutput } from "@/lib/schemas/director-forms";
import { detailFields, parseIssueMessage, type DetailField } from "@/lib/schemas/director-self-fields";

export const DIRECTOR_API = "/api/director-verification/director";

/** What the last save said (toast keys under `toasts`). */
type SaveOutcome = "detailsSaved" | "nothingToSave" | "formSubmitFailed";

/** What the form reads of the director (getOwnDirector's answer). */
export interface DetailsFormDirector extends Omit<DatedAddress, "startDate" | "endDate"> {
  firstName: string | null;
  lastName: string | null;
  formerNameHistory: { name: string; from: string | null; to: string | null }[];
  currentAddressStartDate: string | null;
  previousAddresses: DatedAddress[];
}

const ADDRESS_PARTS = ["addressLine1", "addressLine2", "addressLine3", "city", "state", "postcode"] as const;

/** The record as the server's patch sees it (the `before` of the diff). */
function patchable(d: DetailsFormDirector): Record<DetailField, unknown> {
  return {
    firstName: d.firstName,
    lastName: d.lastName,
    formerNames: d.formerNameHistory,
    addressLine1: d.addressLine1,
    addressLine2: d.addressLine2,
    addressLine3: d.addressLine3,
    city: d.city,
    state: d.state,
    postcode: d.postcode,
    country: d.country,
    currentAddressStartDate: d.currentAddressStartDate,
    previousAddresses: d.previousAddresses.map((p) => ({
      addressLine1: p.addressLine1,
      addressLine2: p.addressLine2,
      addressLine3: p.addressLine3,
      city: p.city,
      state: p.state,
      postcode: p.postcode,
      country: p.country,
      startDate: p.startDate,
      endDate: p.endDate,
    })),
  };
}

const s = (v: string | null | undefined) => v ?? "";

function toFormValues(d: DetailsFormDirector): FormInput {
  return {
    firstName: s(d.firstName),
    lastName: s(d.lastName),
    formerNames: d.formerNameHistory.map((n) => ({ name: n.name, from: s(n.from), to: s(n.to) })),
    addressLine1: s(d.addressLine1),
    addressLine2: s(d.addressLine2),
    addressLine3: s(d.addressLine3),
    city: s(d.city),
    state: s(d.state),
    postcode: s(d.postcode),
    country: s(d.country),
    currentAddressStartDate: s(d.currentAddressStartDate),
    // Most recent first, as people remember them.
    previousAddresses: d.previousAddresses
      .map((p) => ({
        addressLine1: s(p.addressLine1),
        addressLine2: s(p.addressLine2),
        addressLine3: s(p.addressLine3),
        city: s(p.city),
        state: s(p.state),
        postcode: s(p.postcode),
        country: s(p.country),
        startDate: s(p.startDate),
        endDate: s(p.endDate),
      }))
      .reverse(),
  };
}

type FormInput = DetailsFormInput;
type FormOutput = DetailsFormOutput;

/** The form's schema (the server's fields and rules as of `today`), loaded when the form is first used. */
const resolverFor = (today: string) => lazyResolver<FormInput>(() => import("@/lib/schemas/director-forms").then((m) => m.detailsFormSchema(today)));

/** The FieldIdScope of the form: `details-previousAddresses-0-city` is the id of that field. */
const DETAILS_SCOPE = "details";
const ADD_PREVIOUS_ID = "details-add-previous";

const emptyAddress = { addressLine1: "", addressLine2: "", addressLine3: "", city: "", state: "", postcode: "", country: "GB", startDate: "", endDate: "" };

export function DetailsForm({ director, countries, today }: { director: DetailsFormDirector; countries: OptionItem[]; today: string }) {
  const t = useTranslations("directorJourney.details");
  const router = useRouter();
  const toastMessage = useToastMessages();
  const toasts = useTranslations("toasts");
  const message = useJourneyMessage();
  const [outcome, setOutcome] = useState<SaveOutcome | null>(null);
  const resolver = useMemo(() => resolverFor(today), [today]);
  const defaults = useMemo(() => toFormValues(director), [director]);
  const form = useKitForm<FormInput, FormOutput>({ resolver, defaultValues: defaults });
  const { register, control, reset, setError, getFieldState, getValues, formState, fail } = form;
  const { isDirty, isSubmitting } = formState;
  // What the last save said holds until the form is changed again; a failure until the next save.
  const said = isDirty && outcome !== "formSubmitFailed" ? null : outcome;
  const formerNames = useFieldArray({ control, name: "formerNames" });
  const previous = useFieldArray({ control, name: "previousAddresses" });
  const currentStart = useWatch({ control, name: "currentAddressStartDate" });
  const needsPrevious = needsPreviousAddresses(currentStart, today) || previous.fields.length > 0;

  const submit = useCallback(
    async (values: FormOutput): Promise<boolean> => {
      // The server keeps previous addresses oldest first; the order does not change their meaning.
      const after = { ...values, previousAddresses: [...values.previousAddresses].sort((a, b) => a.startDate.localeCompare(b.startDate)) };
      const operations = diffToOperations(patchable(director), after, detailFields);
      setOutcome(null);
      if (!operations.length) {
        reset(values);
        toastMessage.info("nothingToSave");
        setOutcome("nothingToSave");
        return true;
      }
      const result = await sendPatch(DIRECTOR_API, operations);
      if (result.ok) {
        toastMessage.success("detailsSaved");
        setOutcome("detailsSaved");
        // What was saved is the new baseline: the form is no longer dirty (nor guarded on leaving).
        reset(getValues());
        router.refresh();
        return true;
      }
      let first = true;
      for (const [field, keys] of Object.entries(result.fields)) {
        if (!(detailFields as readonly string[]).includes(field)) continue;
        for (const raw of keys) {
          const { key, index, subfield } = parseIssueMessage(raw);
          const path = (index === undefined ? field : `${field}.${index}.${subfield}`) as FieldPath<FormInput>;
          setError(path, { type: "server", message: key });
          first = false;
        }
      }
      // Problems with fields go to the error summary; a failure of the whole save says so beside the button.
      if (!first) fail();
      else setOutcome("formSubmitFailed");
      toastMessage.error("formSubmitFailed");
      return false;
    },
    [director, getValues, reset, router, setError, fail, toastMessage],
  );
  useSaveGuard(form, "director-details", submit, () => reset(defaults));

  const err = (path: FieldPath<FormInput>) => message(getFieldState(path, formState).error?.message);
  /** A date as day, month and year boxes; the value stays `YYYY-MM-DD`. */
  const dateField = (path: FieldPath<FormInput>, label: string, { optional = false, className }: { optional?: boolean; className?: string } = {}) => (
    <DateField control={control} name={path} label={label} hint={t("dateHint")} optional={optional} className={className} error={err(path)} />
  );
  const countrySelect = (path: FieldPath<FormInput>, label: string) => (
    <SelectField label={label} error={err(path)} autoComplete="country" options={{ items: countries, empty: t("chooseCountry") }} {...register(path)} />
  );

  return (
    <KitFormElement scope={DETAILS_SCOPE} markReady defaults={defaults} onSubmit={form.submitWith(submit)} onFocus={resolver.preload} aria-labelledby="details-title" className="flex flex-col gap-6">
      <ErrorSummary
        id="details-error-summary"
        items={summaryItems(formState.errors, { scope: DETAILS_SCOPE, translate: message, order: detailFields, controlFor: (path) => (path === "previousAddresses" ? ADD_PREVIOUS_ID : undefined) })}
        focusKey={form.failures || undefined}
      />
      <fieldset className="grid min-w-0 grid-cols-1 gap-4 sm:grid-cols-2">
        <legend className="sr-only">{t("title")}</legend>
        <Field label={t("firstName")} autoComplete="given-name" error={err("firstName")} {...register("firstName")} />
        <Field label={t("lastName")} autoComplete="family-name" error={err("lastName")} {...register("lastName")} />
      </fieldset>

      <fieldset className="flex min-w-0 flex-col gap-4">
        <legend className="mb-1 text-lg font-semibold">{t("formerNamesTitle")}</legend>
        <p className="text-sm">{t("formerNamesIntro")}</p>
        {formerNames.fields.map((item, i) => (
          <fieldset key={item.id} className="grid min-w-0 grid-cols-1 gap-4 rounded-md border border-slate-300 p-4 sm:grid-cols-2">
            <legend className="px-1 font-semibold">{t("formerName", { number: i + 1 })}</legend>
            <Field label={t("formerNameName")} error={err(`formerNames.${i}.name`)} className="sm:col-span-2" {...register(`formerNames.${i}.name`)} />
            {dateField(`formerNames.${i}.from`, t("formerNameFrom"), { optional: true })}
            {dateField(`formerNames.${i}.to`, t("formerNameTo"))}
            <div className="flex items-end sm:col-span-2">
              <Button type="button" variant="secondary" onClick={() => formerNames.remove(i)}>
                {t("removeFormerName", { number: i + 1 })}
              </Button>
            </div>
          </fieldset>
        ))}
        <div>
          <Button type="button" variant="secondary" onClick={() => formerNames.append({ name: "", from: "", to: "" })}>
            {t("addFormerName")}
          </Button>
        </div>
      </fieldset>

      <fieldset className="grid min-w-0 grid-cols-1 gap-4 sm:grid-cols-2">
        <legend className="mb-1 text-lg font-semibold">{t("currentAddressTitle")}</legend>
        {ADDRESS_PARTS.map((part) => (
          <Field
            key={part}
            label={t(part)}
            optional={part === "addressLine2" || part === "addressLine3" || part === "state" || part === "postcode"}
            autoComplete={part === "addressLine1" ? "address-line1" : part === "addressLine2" ? "address-line2" : part === "addressLine3" ? "address-line3" : part === "city" ? "address-level2" : part === "state" ? "address-level1" : "postal-code"}
            error={err(part)}
            {...register(part)}
          />
        ))}
        {countrySelect("country", t("country"))}
        {dateField("currentAddressStartDate", t("currentAddressStartDate"))}
      </fieldset>

      <fieldset className="flex min-w-0 flex-col gap-4">
        <legend className="mb-1 text-lg font-semibold">{t("previousTitle")}</legend>
        <p className="text-sm" aria-live="polite">
          {needsPrevious ? t("previousIntro", { date: formatDate(coverageStart(today)) }) : t("previousNotNeeded")}
        </p>
        {err("previousAddresses") ? (
          <p className="text-sm font-semibold text-red-800" role="alert">
            {err("previousAddresses")}
          </p>
        ) : null}
        {previous.fields.map((item, i) => (
          <fieldset key={item.id} className="grid min-w-0 grid-cols-1 gap-4 rounded-md border border-slate-300 p-4 sm:grid-cols-2">
            <legend className="px-1 font-semibold">{t("previousAddress", { number: i + 1 })}</legend>
            {ADDRESS_PARTS.map((part) => (
              <Field
                key={part}
                label={t(part)}
                optional={part === "addressLine2" || part === "addressLine3" || part === "state" || part === "postcode"}
                error={err(`previousAddresses.${i}.${part}`)}
                {...register(`previousAddresses.${i}.${part}`)}
              />
            ))}
            {countrySelect(`previousAddresses.${i}.country`, t("country"))}
            <div />
            {dateField(`previousAddresses.${i}.startDate`, t("startDate"))}
            {dateField(`previousAddresses.${i}.endDate`, t("endDate"))}
            <div>
              <Button type="button" variant="secondary" onClick={() => previous.remove(i)}>
                {t("removePrevious", { number: i + 1 })}
              </Button>
            </div>
          </fieldset>
        ))}
        {needsPrevious ? (
          <div>
            <Button id={ADD_PREVIOUS_ID} type="button" variant="secondary" onClick={() => previous.append(emptyAddress)}>
              {t("addPrevious")}
            </Button>
          </div>
        ) : null}
      </fieldset>

      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:gap-4">
        <Button type="submit" loading={isSubmitting} loadingLabel={t("saving")}>
          {t("save")}
        </Button>
        <p role="status" data-testid="details-save-status" className={said === "formSubmitFailed" ? "text-sm font-semibold text-danger" : "text-sm font-semibold"}>
          {said === "detailsSaved" ? toasts("detailsSaved.title") : said ? `${toasts(`${said}.title`)}. ${toasts(`${said}.description`)}` : null}
        </p>
      </div>
    </KitFormElement>
  );
}
