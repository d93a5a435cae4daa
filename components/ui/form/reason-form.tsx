"use client";

import { useId } from "react";
import type { FieldErrors, Resolver } from "react-hook-form";
import { ErrorSummary, summaryItems } from "../error-summary";
import { TextareaField } from "../field";
import { FormActions } from "./form-actions";
import { KitFormElement } from "./form";
import { useKitForm } from "./use-kit-form";

export type Reason = { reason: string };

/** What sending the reason answered: done, or the problems (message keys) with the reason and with the whole form. */
export type ReasonAnswer = true | { reason?: string; form?: string };

export interface ReasonFormProps {
  /** The server's schema of the reason (zodResolver), or `reasonRequired`. */
  resolver: Resolver<Reason>;
  label: string;
  hint?: string;
  maxLength?: number;
  submitLabel: string;
  cancelLabel: string;
  onCancel: () => void;
  /** A destructive action (delete, remove). */
  danger?: boolean;
  /** With a title, the problems are listed in an error summary above the field, which takes the focus. */
  summaryTitle?: string;
  /** Message key to text. */
  translate: (key: string | undefined) => string | undefined;
  onSend: (reason: string) => Promise<ReasonAnswer>;
}

/**
 * A resolver that only requires `fields` (not blank), with the message key `key`: the server checks
 * the rest. For forms whose page keeps zod out of its first-load JavaScript.
 */
export function requiredOnly<T extends Record<string, string>>(fields: readonly (keyof T & string)[], key = "required"): Resolver<T> {
  return async (values) => {
    const missing = fields.filter((field) => !values[field]?.trim());
    if (!missing.length) return { values, errors: {} };
    return { values: {}, errors: Object.fromEntries(missing.map((field) => [field, { type: "required", message: key }])) as FieldErrors<T> };
  };
}

/** The resolver of a reason that is only required. */
export const reasonRequired = requiredOnly<Reason>(["reason"], "reasonRequired");

/** A dialog's form that asks the reason of an action (re-open, resolve, delete, remove) and sends it. */
export function ReasonForm({ resolver, label, hint, maxLength, submitLabel, cancelLabel, onCancel, danger, summaryTitle, translate, onSend }: ReasonFormProps) {
  const scope = useId().replace(/[^a-zA-Z0-9_-]/g, "");
  const form = useKitForm<Reason>({ resolver, defaultValues: { reason: "" }, focus: summaryTitle ? "summary" : "field" });
  const { register, formState, serverErrors } = form;

  async function submit({ reason }: Reason) {
    const answer = await onSend(reason);
    if (answer === true) return;
    serverErrors({ reason: answer.reason ? [answer.reason] : [], form: answer.form ? [answer.form] : [] }, ["reason"], ["form"]);
  }

  return (
    <KitFormElement scope={scope} onSubmit={form.submitWith(submit)} className="flex flex-col gap-4">
      {summaryTitle ? <ErrorSummary id={`${scope}-summary`} title={summaryTitle} items={summaryItems(formState.errors, { scope, translate })} focusKey={form.failures || undefined} /> : null}
      <TextareaField label={label} hint={hint} rows={3} maxLength={maxLength} error={translate(formState.errors.reason?.message)} {...register("reason")} />
      <FormActions submit={submitLabel} loading={formState.isSubmitting} danger={danger} cancel={cancelLabel} onCancel={onCancel} />
    </KitFormElement>
  );
}
