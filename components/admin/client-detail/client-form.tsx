"use client";

import { useMemo, useRef } from "react";
import { Controller, useWatch, type UseFormRegisterReturn } from "react-hook-form";
import { useFormatter, useTranslations } from "next-intl";
import { staffMovesFrom } from "@/lib/domain/client-lifecycle";
import { productTierValues, type ClientStatus } from "@/lib/domain/values";
import type { OptionItem } from "@/lib/countries";
import { penceToPounds } from "@/lib/pricing/pricing";
import { lazyResolver } from "@/lib/forms/lazy-resolver";
import type { ClientFormInput, ClientFormOutput } from "@/lib/schemas/client-patch";
import { clientPatchFieldNames, paymentRecordFieldNames, type ClientPatchField, type PaymentRecordField } from "@/lib/schemas/client-patch-fields";
import type { ClientDetail } from "@/lib/server/clients/get-client-detail";
import { useMoney } from "@/lib/ui-helpers/use-money";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Combobox, type ComboboxOption } from "@/components/ui/combobox";
import { DescriptionList, type DescriptionItem } from "@/components/ui/description-list";
import { Field, SelectField, TextareaField } from "@/components/ui/field";
import { KitFormElement } from "@/components/ui/form/form";
import { useStaffMessage } from "@/components/ui/form/staff-messages";
import { FormFieldset } from "@/components/ui/form/parts";
import { useFocusWhen } from "@/components/ui/form/use-focus";
import { useKitForm } from "@/components/ui/form/use-kit-form";
import { usePatchForm } from "@/components/ui/form/use-patch-form";
import { clientUrl, sendPatch } from "./api";

export type ClientFormClient = ClientDetail["client"];

/* The server's own schema checks the form in the browser; it loads when the form is first focused. */
const resolver = lazyResolver<ClientFormInput, ClientFormOutput>(() => import("@/lib/schemas/client-patch").then((m) => m.clientFormSchema));

function toFormValues(client: ClientFormClient): ClientFormInput {
  const values: Record<string, unknown> = {};
  for (const field of clientPatchFieldNames) {
    const value = client[field];
    values[field] = typeof value === "boolean" ? value : (value ?? "");
  }
  values.unitPrice = penceToPounds(client.unitPrice);
  values.paymentReference = "";
  values.paymentNote = "";
  return values as ClientFormInput;
}

/** Whether the form moves a card client awaiting payment on to New: staff record the payment. */
const recordingPayment = (from: ClientStatus, to: string | undefined) => from === "PaymentPending" && to === "New";

function ReadOnly({ items }: { items: DescriptionItem[] }) {
  return <DescriptionList items={items} size="sm" className="sm:col-span-2" />;
}

function Checkbox({ label, hint, disabled, ...rest }: { label: string; hint?: string; disabled?: boolean } & UseFormRegisterReturn) {
  const hintId = hint ? `${rest.name}-hint` : undefined;
  return (
    <div className="flex items-start gap-3 sm:col-span-2">
      <input type="checkbox" id={`client-${rest.name}`} className="mt-1 size-5 shrink-0 accent-navy-900" disabled={disabled} aria-describedby={hintId} {...rest} />
      <div>
        <label htmlFor={`client-${rest.name}`} className="font-semibold">
          {label}
        </label>
        {hint ? (
          <p id={hintId} className="text-sm text-ink-muted">
            {hint}
          </p>
        ) : null}
      </div>
    </div>
  );
}

/**
 * Every editable field of a client, in sections, as one form: react-hook-form with the zod schema the
 * server also applies; on save it sends JSON Patch operations for the changed fields only. Registers
 * with the unsaved-changes prompt.
 */
export function ClientForm({ client, assignees, countries, readOnly = false }: { client: ClientFormClient; assignees: OptionItem[]; countries: OptionItem[]; readOnly?: boolean }) {
  const t = useTranslations("clientDetail");
  const ts = useTranslations("statuses");
  const format = useFormatter();
  const money = useMoney(t("notSet"));
  const message = useStaffMessage();
  const problemRef = useRef<HTMLDivElement>(null);
  const defaults = useMemo(() => toFormValues(client), [client]);
  const form = useKitForm<ClientFormInput, ClientFormOutput>({ resolver, defaultValues: defaults, focus: "field", version: new Date(client.updatedAt).getTime() });
  const {
    register,
    control,
    reset,
    formState: { errors, isDirty, isSubmitting },
  } = form;
  useFocusWhen(problemRef, form.problem, form.failures);

  const date = (d: Date | string | null) => (d ? format.dateTime(new Date(d), { dateStyle: "medium", timeStyle: "short" }) : t("notSet"));

  const submit = usePatchForm(form, {
    id: `client-${client.id}`,
    defaults,
    record: client,
    fields: clientPatchFieldNames,
    // Moving a card client awaiting payment on to New records the payment
    // (lib/domain/client-lifecycle.ts).
    moreOperations: (values) =>
      recordingPayment(client.status, values.status)
        ? [
            { op: "add", path: "/paymentReference", value: values.paymentReference ?? "" },
            { op: "add", path: "/paymentNote", value: values.paymentNote ?? "" },
          ]
        : [],
    moreFields: paymentRecordFieldNames,
    send: (operations) => sendPatch(clientUrl(client.id), operations),
    toasts: { saved: "clientSaved" },
  });

  const err = (field: ClientPatchField | PaymentRecordField) => message(errors[field]?.message);
  const chosenStatus = useWatch({ control, name: "status" });
  const text = (field: ClientPatchField, label: string, extra: Record<string, unknown> = {}) => (
    <Field label={label} error={err(field)} {...extra} {...register(field)} />
  );
  // Staff by name with their email; "Not assigned" first; an owner who is no longer staff stays choosable.
  const owners: ComboboxOption[] = [
    { value: "", label: t("fields.ownerNone") },
    ...assignees.map((a) => ({ value: a.value, label: a.label, detail: a.label === a.value ? undefined : a.value })),
    ...(client.owner && !assignees.some((a) => a.value === client.owner) ? [{ value: client.owner, label: client.owner }] : []),
  ];
  const byCard = client.journey === "PayByCard";

  return (
    <KitFormElement markReady defaults={defaults} aria-labelledby="client-form-title" onSubmit={form.submitWith(submit)} onFocus={resolver.preload} className="render-when-near flex flex-col gap-6">
      <h2 id="client-form-title" className="text-2xl font-bold">
        {t("form.title")}
      </h2>
      {form.problem ? (
        <div ref={problemRef} tabIndex={-1} className="outline-none">
          <Alert variant="error">{t("form.fixErrors")}</Alert>
        </div>
      ) : null}

      <fieldset disabled={readOnly} className="flex min-w-0 flex-col gap-6">
        <legend className="sr-only">{t("form.title")}</legend>
        <FormFieldset id="section-company" legend={t("sections.company")}>
          {text("name", t("fields.name"), { autoComplete: "organization" })}
          {text("companyId", t("fields.companyId"), { optional: true })}
          <SelectField label={t("fields.productTier")} error={err("productTier")} {...register("productTier")}>
            {productTierValues.map((v) => (
              <option key={v} value={v}>
                {ts(`productTier.${v}`)}
              </option>
            ))}
          </SelectField>
          <ReadOnly
            items={[
              { label: t("fields.reference"), value: <span className="font-mono">{client.reference}</span> },
              { label: t("fields.journey"), value: ts(`journey.${client.journey}`) },
              { label: t("fields.customerCode"), value: client.customerCode ?? t("notSet") },
            ]}
          />
        </FormFieldset>

        <FormFieldset id="section-main-contact" legend={t("sections.mainContact")}>
          {text("mainContactFirstName", t("fields.firstName"), { optional: true })}
          {text("mainContactLastName", t("fields.lastName"), { optional: true })}
          {text("mainContactEmail", t("fields.email"), { type: "email", hint: t("fields.mainContactEmailHint"), className: "sm:col-span-2" })}
          {text("mainContactTelephone", t("fields.telephone"), { type: "tel", optional: true })}
        </FormFieldset>

        <FormFieldset id="section-accounts-payable" legend={t("sections.accountsPayable")}>
          {text("accountPayableContactFirstName", t("fields.firstName"), { optional: true })}
          {text("accountPayableContactLastName", t("fields.lastName"), { optional: true })}
          {text("accountPayableContactEmail", t("fields.email"), { type: "email", optional: true })}
          {text("accountPayableContactTelephone", t("fields.telephone"), { type: "tel", optional: true })}
        </FormFieldset>

        <FormFieldset id="section-billing" legend={t("sections.billing")}>
          {text("billingEntityName", t("fields.billingEntityName"), { optional: true, className: "sm:col-span-2" })}
          {text("billingAddressLine1", t("fields.billingAddressLine1"), { optional: true })}
          {text("billingAddressLine2", t("fields.billingAddressLine2"), { optional: true })}
          {text("billingAddressCity", t("fields.billingAddressCity"), { optional: true })}
          {text("billingAddressState", t("fields.billingAddressState"), { optional: true })}
          {text("billingAddressPostCode", t("fields.billingAddressPostCode"), { optional: true })}
          <SelectField
            label={t("fields.billingAddressCountry")}
            optional
            error={err("billingAddressCountry")}
            options={{ items: countries, empty: t("notSet") }}
            {...register("billingAddressCountry")}
          />
          {text("vatNumber", t("fields.vatNumber"), { optional: true })}
          {text("purchaseOrderInfo", t("fields.purchaseOrderInfo"), { optional: true })}
          <Checkbox label={t("fields.vatExempt")} hint={client.vatExemptionClaimed && !client.vatExempt ? t("fields.vatExemptionClaimed") : undefined} {...register("vatExempt")} />
        </FormFieldset>

        <FormFieldset id="section-pricing" legend={t("sections.pricing")}>
          {text("unitPrice", t("fields.unitPrice"), { inputMode: "decimal", hint: t("fields.unitPriceHint") })}
          <ReadOnly
            items={[
              { label: t("fields.standardUnitPrice"), value: money(client.standardUnitPrice) },
              { label: t("fields.fullPrice"), value: money(client.fullPrice) },
              { label: t("fields.standardFullPrice"), value: money(client.standardFullPrice) },
            ]}
          />
        </FormFieldset>

        <FormFieldset id="section-status-owner" legend={t("sections.statusOwner")}>
          {client.invitationsHeld ? (
            <Alert variant="info" title={t("invitationsHeld.title")}>
              {t("invitationsHeld.body")}
            </Alert>
          ) : null}
          <SelectField label={t("fields.status")} hint={t("fields.statusHint")} error={err("status")} {...register("status")}>
            {/* The current status and the moves the client's status machine gives staff; the rest follow the individuals. */}
            {[client.status, ...staffMovesFrom(client.status)].map((v) => (
              <option key={v} value={v}>
                {ts(`client.${v}`)}
              </option>
            ))}
          </SelectField>
          {recordingPayment(client.status, chosenStatus) ? (
            <>
              <Field label={t("fields.paymentReference")} hint={t("fields.paymentReferenceHint")} error={err("paymentReference")} {...register("paymentReference")} />
              <Field label={t("fields.paymentNote")} hint={t("fields.paymentNoteHint")} error={err("paymentNote")} {...register("paymentNote")} />
            </>
          ) : null}
          <Controller
            control={control}
            name="owner"
            render={({ field }) => (
              <Combobox
                label={t("fields.owner")}
                hint={t("fields.ownerHint")}
                emptyText={t("fields.ownerEmpty")}
                options={owners}
                error={err("owner")}
                name={field.name}
                value={field.value ?? ""}
                onChange={field.onChange}
                onBlur={field.onBlur}
                disabled={readOnly}
                ref={field.ref}
              />
            )}
          />
        </FormFieldset>

        <FormFieldset id="section-integrations" legend={t("sections.integrations")}>
          {text("sageId", t("fields.sageId"), { optional: true })}
          {text("sageInvoiceNumber", t("fields.sageInvoiceNumber"), { optional: true })}
          {text("kantataReference", t("fields.kantataReference"), { optional: true })}
          <Checkbox label={t("fields.inKantata")} {...register("inKantata")} />
          <Checkbox label={t("fields.paid")} hint={byCard ? t("fields.paidHintCard") : undefined} disabled={byCard} {...register("paid")} />
          <ReadOnly
            items={[
              { label: t("fields.paidAt"), value: date(client.paidAt) },
              { label: t("fields.paymentSessionId"), value: client.paymentSessionId ? <span className="font-mono break-all">{client.paymentSessionId}</span> : t("notSet") },
              { label: t("fields.reminders"), value: String(client.reminderCount) },
              { label: t("fields.lastReminderDate"), value: date(client.lastReminderDate) },
            ]}
          />
        </FormFieldset>

        <FormFieldset id="section-notes" legend={t("sections.notes")}>
          <TextareaField label={t("fields.notes")} hint={t("fields.notesHint")} optional rows={5} className="sm:col-span-2" error={err("notes")} {...register("notes")} />
        </FormFieldset>
      </fieldset>

      {readOnly ? null : (
        <div className="sticky bottom-0 z-10 -mx-4 flex flex-col gap-3 border-t border-line-soft bg-white/95 px-4 py-3 sm:mx-0 sm:flex-row sm:items-center sm:px-0">
          <Button type="submit" loading={isSubmitting} loadingLabel={t("form.saving")}>
            {t("form.save")}
          </Button>
          <Button type="button" variant="secondary" disabled={!isDirty || isSubmitting} onClick={() => reset(defaults)}>
            {t("form.discard")}
          </Button>
          <p aria-live="polite" className="text-sm font-semibold text-ink-muted">
            {isDirty ? t("form.dirty") : ""}
          </p>
        </div>
      )}
    </KitFormElement>
  );
}
