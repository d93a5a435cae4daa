"use client";

import { useCallback } from "react";
import type { FieldValues } from "react-hook-form";
import { useUnsavedChanges } from "./unsaved-changes";
import type { KitForm } from "./use-kit-form";

/**
 * Registers the form with the page's unsaved-changes prompt: leaving with changes asks to save
 * (`submit`, which answers whether it saved) or to discard them (back to `defaultValues`).
 */
export function useSaveGuard<TIn extends FieldValues, TOut>(form: KitForm<TIn, TOut>, id: string, submit: (values: TOut) => Promise<boolean>, discard: () => void) {
  const { handleSubmit, fail } = form;
  const save = useCallback(
    () =>
      new Promise<boolean>((resolve) => {
        void handleSubmit(
          async (values) => resolve(await submit(values)),
          () => {
            fail();
            resolve(false);
          },
        )();
      }),
    [handleSubmit, submit, fail],
  );
  useUnsavedChanges(id, { isDirty: form.formState.isDirty, save, discard });
}
