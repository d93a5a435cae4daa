"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { useForm, type DefaultValues, type FieldPath, type FieldValues, type Resolver, type SubmitHandler, type UseFormReturn } from "react-hook-form";

export interface KitFormOptions<TIn extends FieldValues, TOut> {
  /** zodResolver(schema), or lazyResolver (lib/forms/lazy-resolver.ts) where the page's first-load JavaScript counts. */
  resolver: Resolver<TIn, unknown, TOut> | Resolver<TIn>;
  defaultValues: DefaultValues<TIn>;
  /**
   * Where the focus goes after a failed submit: "summary", the error summary (GOV.UK; it takes it
   * itself, keyed on `failures`), or "field", the first field in error.
   */
  focus?: "summary" | "field";
  /** The saved record's version (its `updatedAt`): when it changes, the form starts again from `defaultValues`. */
  version?: number;
}

export type ServerFields = Record<string, string[]>;

export interface KitForm<TIn extends FieldValues, TOut> extends UseFormReturn<TIn, unknown, TOut> {
  /** Counts failed submits (in the browser or at the server): the error summary's `focusKey`. */
  failures: number;
  /** Whether the last submit failed (until `clearProblem`). */
  problem: boolean;
  fail(): void;
  clearProblem(): void;
  /** The form's submit handler: `valid` with the checked values, else a failure. */
  submitWith(valid: SubmitHandler<TOut>): (event?: React.BaseSyntheticEvent) => Promise<unknown>;
  /**
   * Marks the fields the server named (`{ field: [messageKey, …] }`, its 400 answer): those of
   * `accept` in that order (a list of paths) or those it accepts (a test of the path). The first
   * takes the focus in "field" mode. `root` names server fields that are about the whole form
   * (`root.server`). Counts a failure when any was marked; answers whether any was.
   */
  serverErrors(fields: ServerFields, accept: readonly string[] | ((path: string) => boolean), root?: readonly string[]): boolean;
}

/**
 * react-hook-form as every form here uses it: the schema's resolver, messages as keys, the
 * failure count the error summary focuses on, the server's field errors on their fields, and the
 * saved record's new version taken in when the page is refreshed.
 */
export function useKitForm<TIn extends FieldValues, TOut = TIn>({ resolver, defaultValues, focus = "summary", version }: KitFormOptions<TIn, TOut>): KitForm<TIn, TOut> {
  const form = useForm<TIn, unknown, TOut>({ resolver: resolver as Resolver<TIn, unknown, TOut>, defaultValues, shouldFocusError: focus === "field" });
  const [state, setState] = useState({ failures: 0, problem: false });
  const fail = useCallback(() => setState((s) => ({ failures: s.failures + 1, problem: true })), []);
  const clearProblem = useCallback(() => setState((s) => (s.problem ? { ...s, problem: false } : s)), []);
  const { reset, setError, handleSubmit } = form;

  // New data from the server (after a save and router.refresh()): start from it.
  const shownVersion = useRef(version);
  useEffect(() => {
    if (shownVersion.current === version) return;
    shownVersion.current = version;
    reset(defaultValues);
  }, [version, defaultValues, reset]);

  const submitWith = useCallback((valid: SubmitHandler<TOut>) => handleSubmit(valid, fail), [handleSubmit, fail]);

  const serverErrors = useCallback(
    (fields: ServerFields, accept: readonly string[] | ((path: string) => boolean), root: readonly string[] = []) => {
      const paths = typeof accept === "function" ? Object.keys(fields).filter(accept) : accept;
      let marked = 0;
      for (const path of paths) {
        const key = fields[path]?.[0];
        if (!key) continue;
        setError(path as FieldPath<TIn>, { type: "server", message: key }, { shouldFocus: focus === "field" && marked === 0 });
        marked++;
      }
      const formKey = root.map((field) => fields[field]?.[0]).find(Boolean);
      if (formKey) setError("root.server", { type: "server", message: formKey });
      if (marked || formKey) fail();
      return Boolean(marked || formKey);
    },
    [setError, focus, fail],
  );

  return { ...form, ...state, fail, clearProblem, submitWith, serverErrors };
}
