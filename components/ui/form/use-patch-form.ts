"use client";

import { useRouter } from "next/navigation";
import type { FieldValues } from "react-hook-form";
import { diffToOperations, type PatchOperation } from "@/lib/json-patch/diff";
import { useToastMessages, type ToastMessageOptions } from "@/components/ui/toast";
import type { KitForm, ServerFields } from "./use-kit-form";
import { useSaveGuard } from "./use-save-guard";

/** What sending a patch answers: if refused, the server's field errors (`{ field: [key, …] }`). */
export type PatchResult = { ok: true } | { ok: false; fields: ServerFields };

export interface PatchFormOptions<TIn extends FieldValues, TOut extends FieldValues> {
  /** The form's name in the page's unsaved-changes prompt. */
  id: string;
  /** The values the form starts from: discarding the changes goes back to them. */
  defaults: TIn;
  /** The record as saved; a field it lacks counts as null. */
  record: Readonly<Record<string, unknown>>;
  /** The record's fields the form edits: the patch replaces those whose value changed. */
  fields: readonly string[];
  /** Operations the patch carries besides the changed fields. */
  moreOperations?: (values: TOut) => PatchOperation[];
  /** Fields beyond `fields` whose errors from the server the form shows. */
  moreFields?: readonly string[];
  send(operations: PatchOperation[]): Promise<PatchResult>;
  /** The toasts (keys under `toasts`): `saved`, and `unchanged` when there was nothing to save. */
  toasts: {
    saved: string;
    savedValues?: (values: TOut) => ToastMessageOptions["values"];
    unchanged?: string;
  };
  /** Called once the form is saved, or had nothing to save (e.g. to close it). */
  onDone?: () => void;
}

/**
 * Saving a form that edits a record with JSON Patch: the operations for the changed fields only,
 * the spec's toasts, the server's refusals on their fields, the page refreshed after a save, and
 * the unsaved-changes prompt (leaving with changes asks to save or discard). Answers the submit
 * handler (`form.submitWith(submit)`), which answers whether the form was saved.
 */
export function usePatchForm<TIn extends FieldValues, TOut extends FieldValues>(
  form: KitForm<TIn, TOut>,
  options: PatchFormOptions<TIn, TOut>,
) {
  const router = useRouter();
  const toastMessage = useToastMessages();
  const { id, defaults, record, fields, moreOperations, moreFields = [], send, toasts } = options;
  const { reset, getValues, clearProblem, serverErrors } = form;

  const submit = async (values: TOut): Promise<boolean> => {
    clearProblem();
    const operations = [
      ...diffToOperations(record, values, fields),
      ...(moreOperations?.(values) ?? []),
    ];
    if (!operations.length) {
      if (toasts.unchanged) toastMessage.info(toasts.unchanged);
      reset(getValues());
      options.onDone?.();
      return true;
    }
    const result = await send(operations);
    if (result.ok) {
      toastMessage.success(toasts.saved, { values: toasts.savedValues?.(values) });
      reset(getValues());
      router.refresh();
      options.onDone?.();
      return true;
    }
    serverErrors(result.fields, (field) => fields.includes(field) || moreFields.includes(field));
    toastMessage.error("formSubmitFailed");
    return false;
  };
  useSaveGuard(form, id, submit, () => reset(defaults));
  return submit;
}
