"use client";

import { useEffect, useRef, useState } from "react";
import { FormProvider, useWatch, type FieldPath } from "react-hook-form";
import { useTranslations } from "next-intl";
import type { Journey } from "@/lib/domain/values";
import { LOOKUP_FILLED_FIELDS, billingFillOf, lookupFillChanges, sameRegisterLink, type LookupFill } from "@/lib/domain/register-people";
import { botCheckActions } from "@/lib/bot-check/actions";
import { useBotCheck, type BotCheckConfig } from "@/components/bot-check/use-bot-check";
import type { OptionItem } from "@/lib/countries";
import { lazyResolver } from "@/lib/forms/lazy-resolver";
import type { OnboardingRequest, OnboardingRequestInput } from "@/lib/schemas/onboarding-request";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ButtonLink } from "@/components/ui/button-link";
import { ErrorSummary, summaryItems } from "@/components/ui/error-summary";
import { Field, SelectField, TextareaField, fieldId } from "@/components/ui/field";
import { DateField } from "@/components/ui/form/date-field";
import { KitFormElement } from "@/components/ui/form/form";
import { usePublicMessage } from "@/components/ui/form/messages";
import { useFocusWhen } from "@/components/ui/form/use-focus";
import { useKitForm } from "@/components/ui/form/use-kit-form";
import { CheckAnswers, type AnswerStep } from "./check-answers";
import { CompanyNameField } from "./company-name-field";
import { prefillFromRecord } from "./existing-prefill";
import { FormSection } from "./form-section";
import { IndividualsEditor, preloadRegisterPicker } from "./individuals-editor";
import { goTo } from "./navigate";
import { PricePanel, type PagePricing } from "./price-panel";
import { SERVICE_OPTION_FIRST_ID, ServiceOption } from "./service-option";
import { useCompanyLookup, type LookupState } from "./use-company-lookup";

/** The FieldIdScope of the form's fields: `request-company-name` is the id of `company.name`. */
export const REQUEST_SCOPE = "request";

/** The steps of the form, in order: short pages, then "Check your answers" before submitting or paying. */
const STEPS = ["company", "individuals", "contacts", "billing", "check"] as const;
type Step = (typeof STEPS)[number];

/** The fields of each step (top-level paths). */
const STEP_FIELDS: Record<AnswerStep, readonly (keyof OnboardingRequestInput)[]> = {
  company: ["customerCode", "company", "productTier"],
  individuals: ["individuals", "verifyBy"],
  contacts: ["mainContactFirstName", "mainContactLastName", "mainContactEmail", "mainContactTelephone", "accountPayableContactFirstName", "accountPayableContactLastName", "accountPayableContactEmail", "accountPayableContactTelephone"],
  billing: ["billingEntityName", "billingAddressLine1", "billingAddressLine2", "billingAddressCity", "billingAddressState", "billingAddressPostCode", "billingAddressCountry", "vatExempt", "vatNumber", "purchaseOrderInfo"],
};

/** The order of the fields on screen, for the error summary (which lists one step's problems). */
const FIELD_ORDER = Object.values(STEP_FIELDS).flat();

/** The step that asks for a field path (`individuals.2.email` is on "individuals"). */
function stepOf(path: string): AnswerStep | undefined {
  const top = path.split(".")[0];
  return (Object.keys(STEP_FIELDS) as AnswerStep[]).find((candidate) => (STEP_FIELDS[candidate] as readonly string[]).includes(top!));
}

/** Where the summary's link of a path goes when it is not a field of its own. */
function controlFor(path: string): string | undefined {
  if (path === "productTier") return SERVICE_OPTION_FIRST_ID;
  if (path === "individuals") return fieldId(REQUEST_SCOPE, "individuals.0.name");
  return undefined;
}

const resolver = lazyResolver<OnboardingRequestInput>(() => import("@/lib/schemas/onboarding-request").then((m) => m.onboardingRequestSchema));

export interface RequestFormProps {
  journey: Journey;
  companyName?: string;
  /** An existing customer's code: the form is prefilled from their record and sends it as `customerCode`. */
  lwdbNumber?: string;
  countries: OptionItem[];
  pricing: PagePricing;
  captcha: BotCheckConfig;
  csvTemplate: string;
  csvTemplateFileName: string;
  /** HOLD_REQUEST_INVITATIONS: the invitations of invoice (and some existing customers') requests wait for staff. */
  holdInvitations?: boolean;
}

type Status =
  | { kind: "editing" }
  | { kind: "invalid" }
  | { kind: "refused"; message: string }
  | { kind: "rateLimited"; minutes: number }
  | { kind: "alreadyStarted"; continueUrl: string }
  | { kind: "alreadyReceived"; message: string }
  | { kind: "failed" }
  | { kind: "leaving" };
type Prefill = { kind: "none" } | { kind: "loading" } | { kind: "found" } | { kind: "notFound" } | { kind: "failed" };

/** The company number's error when the register refused it: the message key the schema's server check answers with. */
const LOOKUP_ERROR_KEYS = { notFound: "companyNotOnRegister", closed: "companyClosed" } as const;
/** The billing fields' starting values a look-up may replace as if empty. */
const UNTOUCHED = { billingAddressCountry: "GB" } as const;

/**
 * The onboarding request form: company, service option, main contact, billing entity and address,
 * accounts-payable contact, VAT, purchase-order information and the individuals, with the price
 * as it is filled in. The request schema checks it here and again in
 * POST /api/requests/identity-verification; the bot check runs on submit. A refusal keeps every
 * value typed and marks the fields the server named; success goes where the server says next
 * (Stripe Checkout for card payers, else the submitted page). The same card request sent again
 * while the first waits for payment is a 409 whose link continues to that request's payment; another
 * journey's request for the same company from the same contact on the same day is a 409 saying so.
 * Each sending carries the idempotency key made when the page loaded, so a request sent twice (a
 * double click, a retry after a lost answer) is stored once and answered as the first time.
 *
 * The company number is looked up at Companies House as it is typed (and the name offers the
 * register's companies as suggestions): a company found fills in the name and, as the billing
 * entity and address, its registered office, in fields still empty or still holding the previous
 * look-up's values only; its current officers and individual PSCs are offered as tick boxes on the
 * individuals step. A number the register does not have, or a dissolved company, is an error on the
 * company number that stops the form (the server refuses it too). Without the register, everything
 * is typed by hand as before.
 */
export function RequestForm({ journey, companyName, lwdbNumber, countries, pricing, captcha, csvTemplate, csvTemplateFileName, holdInvitations = false }: RequestFormProps) {
  const t = useTranslations("requestForm");
  const message = usePublicMessage();
  const submitCheck = useBotCheck(captcha, botCheckActions.requestVerification);
  const lookupCheck = useBotCheck(captcha, botCheckActions.lwdbRecord);
  // The customer record is found by customer code and company name together, so both are needed.
  const existing = journey === "Existing" && companyName ? lwdbNumber : undefined;
  const [status, setStatus] = useState<Status>({ kind: "editing" });
  const [idempotencyKey] = useState(newIdempotencyKey);
  const [prefill, setPrefill] = useState<Prefill>(existing ? { kind: "loading" } : { kind: "none" });
  /** "The accounts-payable contact is the main contact": the accounts-payable fields are hidden and copied on submit. */
  const [apIsMain, setApIsMain] = useState(false);
  const [step, setStep] = useState<Step>(STEPS[0]);
  /** After a Change link, Continue goes straight back to the check page. */
  const [returnToCheck, setReturnToCheck] = useState(false);
  /** What takes the focus when the step changes: its heading, the error summary, or a field (by id). */
  const focusOnStep = useRef<"heading" | "summary" | string | null>(null);
  const stepHeadingRef = useRef<HTMLHeadingElement>(null);
  const outcomeRef = useRef<HTMLDivElement>(null);

  // The error summary takes the focus (GOV.UK), not the first field.
  const form = useKitForm<OnboardingRequestInput, OnboardingRequest>({
    resolver,
    defaultValues: {
      journey,
      customerCode: journey === "Existing" ? (lwdbNumber ?? "") : undefined,
      company: { name: companyName ?? "", companyId: "" },
      mainContactFirstName: "",
      mainContactLastName: "",
      mainContactEmail: "",
      mainContactTelephone: "",
      billingEntityName: "",
      billingAddressLine1: "",
      billingAddressLine2: "",
      billingAddressCity: "",
      billingAddressState: "",
      billingAddressPostCode: "",
      billingAddressCountry: "GB",
      accountPayableContactFirstName: "",
      accountPayableContactLastName: "",
      accountPayableContactEmail: "",
      accountPayableContactTelephone: "",
      vatNumber: "",
      vatExempt: false,
      purchaseOrderInfo: "",
      individuals: [{ name: "", email: "" }],
      verifyBy: "",
    },
  });
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    getValues,
    reset,
    trigger,
    clearErrors,
    control,
    formState: { errors, isSubmitting },
  } = form;
  const vatExempt = useWatch({ control, name: "vatExempt" }) === true;
  const lookup = useCompanyLookup(useWatch({ control, name: "company.companyId" }));
  /** What the last look-up put in the name and billing fields (a field still holding it may be replaced). */
  const lookupFilled = useRef<{ number: string; name: string; fill: Partial<LookupFill> } | null>(null);
  /** Whether the last company found filled in some billing field (the status line says so). */
  const [lookupFilledBilling, setLookupFilledBilling] = useState(false);

  // The register's answer: fill in what is still empty, or mark the company number.
  useEffect(() => {
    const lookupError = errors.company?.companyId?.type === "lookup";
    // The people's picker of the next step loads while the register answers.
    if (lookup.kind === "loading") void preloadRegisterPicker();
    if (lookup.kind === "notFound" || lookup.kind === "closed") {
      setError("company.companyId", { type: "lookup", message: LOOKUP_ERROR_KEYS[lookup.kind] });
      return;
    }
    if (lookupError) clearErrors("company.companyId");
    if (lookup.kind !== "found") return;
    const { company, people } = lookup.result;
    const previous = lookupFilled.current;
    const name = (getValues("company.name") ?? "").trim();
    if (!name || name === previous?.name) setValue("company.name", company.name, { shouldDirty: true, shouldValidate: Boolean(errors.company?.name) });
    const next = billingFillOf(company);
    const current = Object.fromEntries(LOOKUP_FILLED_FIELDS.map((field) => [field, getValues(field) as string | undefined]));
    const changes = lookupFillChanges(current, previous?.fill ?? null, next, UNTOUCHED);
    for (const [field, value] of Object.entries(changes)) setValue(field as keyof LookupFill, value, { shouldDirty: true });
    // The same answer handled again (React's development double run) keeps what the first run said.
    if (previous?.number !== lookup.number || Object.keys(changes).length) setLookupFilledBilling(Object.values(changes).some(Boolean));
    lookupFilled.current = {
      number: lookup.number,
      name: company.name,
      fill: Object.fromEntries(LOOKUP_FILLED_FIELDS.filter((field) => getValues(field) === next[field]).map((field) => [field, next[field]])),
    };
    // Individuals picked from another company's register keep their rows, not that company's entry.
    if (previous && previous.number !== lookup.number) {
      (getValues("individuals") ?? []).forEach((row, index) => {
        if (row?.register && !people.some((p) => sameRegisterLink(p.register, row.register))) setValue(`individuals.${index}.register`, undefined);
      });
    }
    // The form's values are read here, not followed: this runs once per answer of the register.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [lookup]);

  // An existing customer: fill the form from their record once, on arrival.
  useEffect(() => {
    if (!existing) return;
    let cancelled = false;
    (async () => {
      try {
        const captchaToken = await lookupCheck.token();
        const query = new URLSearchParams({ name: companyName ?? "", customerCode: existing });
        const res = await fetch(`/api/lwdb-record?${query}`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ captchaToken }) });
        if (cancelled) return;
        if (res.status === 404) return setPrefill({ kind: "notFound" });
        if (!res.ok) return setPrefill({ kind: "failed" });
        const record: unknown = await res.json();
        if (cancelled) return;
        reset(prefillFromRecord(record, getValues()), { keepDefaultValues: true });
        setPrefill({ kind: "found" });
      } catch {
        if (!cancelled) setPrefill({ kind: "failed" });
      }
    })();
    return () => {
      cancelled = true;
    };
    // Once per customer code: the record is looked up on arrival, not on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [existing]);

  useFocusWhen(outcomeRef, status.kind !== "editing" && status.kind !== "leaving" && status.kind !== "invalid", status);

  // A new step: the focus moves to its heading (or the field a Change link named); the error summary
  // takes it itself when the step was shown for its problems.
  useEffect(() => {
    const target = focusOnStep.current;
    focusOnStep.current = null;
    if (!target || target === "summary") return;
    const field = target === "heading" ? null : document.getElementById(target);
    (field ?? stepHeadingRef.current)?.focus();
  }, [step]);

  async function onSubmit(values: OnboardingRequest) {
    setStatus({ kind: "editing" });
    try {
      const captchaToken = await submitCheck.token();
      const res = await fetch("/api/requests/identity-verification", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ ...values, idempotencyKey, captchaToken }),
      });
      if (res.status === 429) {
        const seconds = Number(res.headers.get("Retry-After") ?? 60);
        setStatus({ kind: "rateLimited", minutes: Math.max(1, Math.ceil(seconds / 60)) });
        return;
      }
      if (res.status === 409) {
        const body = (await res.json().catch(() => ({}))) as { continueUrl?: unknown; message?: unknown };
        if (typeof body.continueUrl === "string") {
          setStatus({ kind: "alreadyStarted", continueUrl: body.continueUrl });
          return;
        }
        // The same company and contact today (or this form's request already sent): the server's message says which.
        setStatus({ kind: "alreadyReceived", message: typeof body.message === "string" ? body.message : t("alreadyReceived.body") });
        return;
      }
      if (res.status === 400) {
        const body = (await res.json().catch(() => ({}))) as { message?: string; fields?: Record<string, string[]> };
        const marked = form.serverErrors(body.fields ?? {}, fieldExists);
        if (marked) showStepOf(Object.keys(body.fields ?? {}).filter(fieldExists));
        // The bot check and other refusals without a field come with their own translated message.
        setStatus(marked ? { kind: "invalid" } : { kind: "refused", message: body.message ?? t("errorBody") });
        return;
      }
      if (!res.ok) throw new Error(String(res.status));
      const { next } = (await res.json()) as { reference: string; next: string };
      setStatus({ kind: "leaving" });
      goTo(next);
    } catch {
      setStatus({ kind: "failed" });
    }
  }

  /** Whether a server error path names something this form shows (else it goes to the summary). */
  function fieldExists(path: string) {
    if (path.startsWith("individuals")) return true;
    if (path === "customerCode") return journey === "Existing";
    return getValues(path as FieldPath<OnboardingRequestInput>) !== undefined && path !== "journey";
  }

  const err = (key: string | undefined) => message(key);
  // The register's refusal in full ("… has no company with the number 01234567 …"), on the field and in the summary.
  const lookupError = lookupErrorText(lookup, t);
  const translateProblem = (key: string | undefined) => (lookupError && (key === LOOKUP_ERROR_KEYS.notFound || key === LOOKUP_ERROR_KEYS.closed) ? lookupError : message(key));
  // With the toggle on, the accounts-payable fields are hidden copies: their problems are the main contact's.
  const stepErrors = (step === "check" ? {} : Object.fromEntries(Object.entries(errors).filter(([path]) => stepOf(path) === step))) as typeof errors;
  const problems = summaryItems(stepErrors, { scope: REQUEST_SCOPE, translate: translateProblem, order: FIELD_ORDER, controlFor }).filter(
    (item) => !(apIsMain && item.controlId?.startsWith(fieldId(REQUEST_SCOPE, "accountPayableContact"))),
  );

  /** With the toggle on, the main contact's details become the accounts-payable contact's, before the check. */
  function copyMainContact() {
    if (!apIsMain) return;
    const v = getValues();
    setValue("accountPayableContactFirstName", v.mainContactFirstName ?? "");
    setValue("accountPayableContactLastName", v.mainContactLastName ?? "");
    setValue("accountPayableContactEmail", v.mainContactEmail ?? "");
    setValue("accountPayableContactTelephone", v.mainContactTelephone ?? "");
  }

  /** Shows the first step with a problem among `paths`, its error summary focused. */
  function showStepOf(paths: string[]) {
    const first = STEPS.find((candidate) => paths.some((path) => stepOf(path) === candidate));
    if (!first) return;
    focusOnStep.current = "summary";
    setStep(first);
    form.fail();
  }

  /** Continue: checks this step's answers only, then the next step (or the check page after a Change). */
  async function continueStep() {
    if (step === "check") return;
    resolver.preload();
    const names = STEP_FIELDS[step].filter((name) => name !== "customerCode" || journey === "Existing") as FieldPath<OnboardingRequestInput>[];
    const valid = await trigger(names);
    // A number the register does not have, or a dissolved company, stops the form here too.
    const refused = step === "company" && (lookup.kind === "notFound" || lookup.kind === "closed");
    if (refused) setError("company.companyId", { type: "lookup", message: LOOKUP_ERROR_KEYS[lookup.kind] });
    if (!valid || refused) {
      form.fail();
      return;
    }
    const next = returnToCheck ? "check" : STEPS[STEPS.indexOf(step) + 1]!;
    if (next === "check") setReturnToCheck(false);
    focusOnStep.current = "heading";
    setStep(next);
  }

  function back() {
    focusOnStep.current = "heading";
    setReturnToCheck(false);
    setStep(STEPS[Math.max(0, STEPS.indexOf(step) - 1)]!);
  }

  /** A Change link of the check page: that step, with the answer's field focused; Continue comes back here. */
  function changeAnswer(target: AnswerStep, controlId: string) {
    focusOnStep.current = controlId;
    setReturnToCheck(true);
    setStep(target);
  }

  return (
    <FormProvider {...form}>
      <KitFormElement
        scope={REQUEST_SCOPE}
        onSubmit={(event) => {
          copyMainContact();
          if (step !== "check") {
            event.preventDefault();
            void continueStep();
            return;
          }
          return handleSubmit(onSubmit, (invalid) => {
            setStatus({ kind: "invalid" });
            showStepOf(Object.keys(invalid));
          })(event);
        }}
        onFocus={() => {
          resolver.preload();
          submitCheck.preload();
        }}
        className="flex flex-col gap-6"
        aria-describedby={status.kind !== "editing" && status.kind !== "leaving" && status.kind !== "invalid" ? "request-outcome" : undefined}
      >
        <ErrorSummary id="request-error-summary" items={problems} focusKey={form.failures || undefined} />
        {prefill.kind !== "none" ? (
          <Alert
            variant={prefill.kind === "found" ? "success" : prefill.kind === "loading" ? "info" : "warning"}
            role="status"
            title={t(`prefill.${prefill.kind}.title`)}
          >
            {t(`prefill.${prefill.kind}.body`, { code: existing ?? "" })}
          </Alert>
        ) : null}
        <div ref={outcomeRef} tabIndex={-1} id="request-outcome" className="outline-none empty:hidden">
          {status.kind === "refused" ? <Alert variant="error" title={t("errorTitle")}>{status.message}</Alert> : null}
          {status.kind === "rateLimited" ? (
            <Alert variant="warning" role="alert" title={t("rateLimitedTitle")}>
              {t("rateLimitedBody", { minutes: status.minutes })}
            </Alert>
          ) : null}
          {status.kind === "alreadyStarted" ? (
            <div className="flex flex-col items-start gap-3">
              <Alert variant="warning" role="alert" title={t("alreadyStarted.title")} className="self-stretch">
                {t("alreadyStarted.body")}
              </Alert>
              <ButtonLink href={status.continueUrl}>{t("alreadyStarted.continue")}</ButtonLink>
            </div>
          ) : null}
          {status.kind === "alreadyReceived" ? (
            <Alert variant="warning" role="alert" title={t("alreadyReceived.title")}>
              {status.message}
            </Alert>
          ) : null}
          {status.kind === "failed" ? <Alert variant="error" title={t("errorTitle")}>{t("errorBody")}</Alert> : null}
        </div>

        <div className="flex flex-col gap-1">
          <p className="text-ink-muted" data-testid="request-step-progress">
            {t("steps.progress", { number: STEPS.indexOf(step) + 1, total: STEPS.length })}
          </p>
          <h2 ref={stepHeadingRef} tabIndex={-1} className="text-2xl font-bold outline-none" data-testid="request-step-heading">
            {t(`steps.${step}`)}
          </h2>
        </div>

        {step === "company" ? (
          <>
        <FormSection title={t("company.title")}>
          <div className="grid gap-5 sm:grid-cols-2">
            {journey === "Existing" ? (
              <Field
                className="sm:col-span-2"
                label={t("company.customerCode")}
                hint={t("company.customerCodeHint")}
                autoComplete="off"
                spellCheck={false}
                error={err(errors.customerCode?.message)}
                {...register("customerCode")}
              />
            ) : null}
            <CompanyNameField
              label={t("company.name")}
              hint={t("lookup.nameHint")}
              error={err(errors.company?.name?.message)}
              registration={register("company.name")}
              onChoose={(suggestion) => {
                setValue("company.name", suggestion.name, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
                setValue("company.companyId", suggestion.number, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
              }}
            />
            <Field
              label={t("company.companyId")}
              hint={t("company.companyIdHint")}
              autoComplete="off"
              spellCheck={false}
              error={translateProblem(errors.company?.companyId?.message)}
              {...register("company.companyId")}
            />
            {/* Always there, and tall enough for its longest line, so an answer moves nothing on the page. */}
            <p role="status" className="min-h-15 text-sm sm:col-span-2" data-testid="company-lookup-status">
              <LookupStatus lookup={lookup} filledBilling={lookupFilledBilling} errorText={lookupError} />
            </p>
          </div>
        </FormSection>
        <FormSection title={t("serviceOption.title")}>
          <ServiceOption />
        </FormSection>
          </>
        ) : null}

        {step === "individuals" ? (
          <>
        <FormSection title={t("individuals.title")} description={t("individuals.description")}>
          <IndividualsEditor csvTemplate={csvTemplate} csvTemplateFileName={csvTemplateFileName} lookup={lookup} />
        </FormSection>
        <DateField control={control} name="verifyBy" label={t("individuals.verifyBy")} hint={t("individuals.verifyByHint")} optional error={err(errors.verifyBy?.message)} />
            <PricePanel pricing={pricing} />
          </>
        ) : null}

        {step === "contacts" ? (
          <>
        <FormSection title={t("mainContact.title")} description={t("mainContact.description")}>
          <div className="grid gap-5 sm:grid-cols-2">
            <Field label={t("person.firstName")} autoComplete="given-name" error={err(errors.mainContactFirstName?.message)} {...register("mainContactFirstName")} />
            <Field label={t("person.lastName")} autoComplete="family-name" error={err(errors.mainContactLastName?.message)} {...register("mainContactLastName")} />
            <Field label={t("person.email")} type="email" inputMode="email" autoComplete="email" error={err(errors.mainContactEmail?.message)} {...register("mainContactEmail")} />
            <Field label={t("person.telephone")} type="tel" autoComplete="tel" error={err(errors.mainContactTelephone?.message)} {...register("mainContactTelephone")} />
          </div>
        </FormSection>
        <FormSection title={t("accountsPayable.title")} description={t("accountsPayable.description")}>
          <label className="flex items-start gap-3">
            <input id="request-ap-same" type="checkbox" className="mt-1 size-5 shrink-0 accent-navy-900" checked={apIsMain} onChange={(event) => setApIsMain(event.target.checked)} aria-controls="request-ap-fields" />
            <span>{t("accountsPayable.sameAsMain")}</span>
          </label>
          <div id="request-ap-fields" className="grid gap-5 sm:grid-cols-2" hidden={apIsMain}>
            <Field label={t("person.firstName")} autoComplete="off" error={err(errors.accountPayableContactFirstName?.message)} {...register("accountPayableContactFirstName")} />
            <Field label={t("person.lastName")} autoComplete="off" error={err(errors.accountPayableContactLastName?.message)} {...register("accountPayableContactLastName")} />
            <Field label={t("person.email")} type="email" inputMode="email" autoComplete="off" error={err(errors.accountPayableContactEmail?.message)} {...register("accountPayableContactEmail")} />
            <Field label={t("person.telephone")} optional type="tel" autoComplete="off" error={err(errors.accountPayableContactTelephone?.message)} {...register("accountPayableContactTelephone")} />
          </div>
        </FormSection>
          </>
        ) : null}

        {step === "billing" ? (
          <>
        <FormSection title={t("billing.title")}>
          <div className="grid gap-5 sm:grid-cols-2">
            <Field className="sm:col-span-2" label={t("billing.entityName")} hint={t("billing.entityNameHint")} autoComplete="organization" error={err(errors.billingEntityName?.message)} {...register("billingEntityName")} />
            <Field className="sm:col-span-2" label={t("billing.line1")} autoComplete="billing address-line1" error={err(errors.billingAddressLine1?.message)} {...register("billingAddressLine1")} />
            <Field className="sm:col-span-2" label={t("billing.line2")} optional autoComplete="billing address-line2" error={err(errors.billingAddressLine2?.message)} {...register("billingAddressLine2")} />
            <Field label={t("billing.city")} autoComplete="billing address-level2" error={err(errors.billingAddressCity?.message)} {...register("billingAddressCity")} />
            <Field label={t("billing.state")} optional autoComplete="billing address-level1" error={err(errors.billingAddressState?.message)} {...register("billingAddressState")} />
            <Field label={t("billing.postCode")} optional autoComplete="billing postal-code" error={err(errors.billingAddressPostCode?.message)} {...register("billingAddressPostCode")} />
            <SelectField
              label={t("billing.country")}
              autoComplete="billing country"
              error={err(errors.billingAddressCountry?.message)}
              options={{ items: countries, empty: t("billing.chooseCountry") }}
              {...register("billingAddressCountry")}
            />
          </div>
        </FormSection>
        <FormSection title={t("vat.title")}>
          <label className="flex items-start gap-3">
            <input
              type="checkbox"
              className="mt-1 size-5 shrink-0 accent-navy-900"
              {...register("vatExempt", {
                onChange: (event: { target: { checked: boolean } }) => {
                  if (event.target.checked) setValue("vatNumber", "", { shouldValidate: form.formState.isSubmitted });
                },
              })}
            />
            <span>{t("vat.exempt")}</span>
          </label>
          <Field label={t("vat.number")} hint={t("vat.numberHint")} disabled={vatExempt} autoCapitalize="characters" autoComplete="off" spellCheck={false} error={err(errors.vatNumber?.message)} {...register("vatNumber")} />
        </FormSection>
        <FormSection title={t("purchaseOrder.title")}>
          <TextareaField label={t("purchaseOrder.label")} hint={t("purchaseOrder.hint")} optional rows={3} error={err(errors.purchaseOrderInfo?.message)} {...register("purchaseOrderInfo")} />
        </FormSection>
          </>
        ) : null}

        {step === "check" ? (
          <>
            <p className="max-w-prose">{t("check.intro")}</p>
            <CheckAnswers scope={REQUEST_SCOPE} journey={journey} countries={countries} apIsMain={apIsMain} onChange={changeAnswer} />
            <PricePanel pricing={pricing} />
          </>
        ) : null}

        <div className="flex flex-col gap-3">
          {step === "check" && journey === "PayByCard" ? <p className="text-ink-muted">{t("submitNote.PayByCard")}</p> : null}
          {step === "check" && journey === "PayByInvoice" ? <p className="text-ink-muted">{t(holdInvitations ? "submitNote.PayByInvoiceHeld" : "submitNote.PayByInvoice")}</p> : null}
          {step === "check" && journey === "Existing" ? <p className="text-ink-muted">{t(holdInvitations ? "submitNote.ExistingHeld" : "submitNote.Existing")}</p> : null}
          <div className="flex flex-wrap items-center gap-3">
            {step === "check" ? (
              <Button type="submit" loading={isSubmitting || status.kind === "leaving"} loadingLabel={t("submitting")}>
                {journey === "PayByCard" ? t("submitCard") : t("submit")}
              </Button>
            ) : (
              <Button type="submit">{t("steps.continue")}</Button>
            )}
            {step !== STEPS[0] ? (
              <Button type="button" variant="secondary" onClick={back}>
                {t("steps.back")}
              </Button>
            ) : null}
          </div>
        </div>
      </KitFormElement>
    </FormProvider>
  );
}

type Translate = ReturnType<typeof useTranslations<"requestForm">>;

/** The register's refusal of the company number in words, or undefined. */
function lookupErrorText(lookup: LookupState, t: Translate): string | undefined {
  if (lookup.kind === "notFound") return t("lookup.notFound", { number: lookup.number });
  if (lookup.kind === "closed") return t(lookup.status === "dissolved" ? "lookup.dissolved" : "lookup.closed", { name: lookup.name });
  return undefined;
}

/** The company look-up's status line: waiting, found, or why the details are to be typed by hand. */
function LookupStatus({ lookup, filledBilling, errorText }: { lookup: LookupState; filledBilling: boolean; errorText?: string }) {
  const t = useTranslations("requestForm.lookup");
  switch (lookup.kind) {
    case "loading":
      return <span className="text-ink-muted">{t("looking")}</span>;
    case "found":
      return <span>{t(filledBilling ? "foundFilled" : "found", { name: lookup.result.company.name })}</span>;
    case "unavailable":
      return <span>{t("unavailable")}</span>;
    case "rateLimited":
      return <span>{t("rateLimited")}</span>;
    case "notFound":
    case "closed":
      // Shown on the field itself; said here for screen readers.
      return <span className="sr-only">{errorText}</span>;
    default:
      return null;
  }
}

/** A random UUID for the form's idempotency key (crypto.randomUUID where the browser has it). */
function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
