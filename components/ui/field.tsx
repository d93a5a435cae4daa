"use client";

import { createContext, useContext, useId, useMemo, type ComponentPropsWithRef, type ReactNode } from "react";
import { useTranslations } from "next-intl";
import { cn } from "./cn";
import { ErrorMessage } from "./error-message";
import { optionsHtml, type OptionList } from "./form/options-html";

/** What every field has besides its control. */
export interface FieldFrameProps {
  /** Visible label (translated). */
  label: ReactNode;
  /** Help text under the label, linked with `aria-describedby`. */
  hint?: ReactNode;
  /** Error message (translated); sets `aria-invalid` and is linked with `aria-describedby`. */
  error?: string;
  /** Appends the translated "(optional)" marker to the label. */
  optional?: boolean;
  /** Visually hide the label (it still names the control). */
  hideLabel?: boolean;
  /** Class of the wrapping element. */
  className?: string;
}

export interface FieldIds {
  controlId: string;
  /** Id of the visible label, for controls that name a popup after it. */
  labelId: string;
  hintId?: string;
  errorId?: string;
  describedBy?: string;
}

const IdScope = createContext<string | null>(null);

/** The values a form opens with (its react-hook-form `defaultValues`): KitFormElement's `defaults`. */
const SavedValues = createContext<Readonly<Record<string, unknown>> | null>(null);

export function SavedValuesScope({ values, children }: { values: Readonly<Record<string, unknown>>; children: ReactNode }) {
  return <SavedValues.Provider value={values}>{children}</SavedValues.Provider>;
}

/** The text a field named `name` (a react-hook-form path) opens with, from the nearest SavedValuesScope. */
function useSavedText(name: string | undefined): string | undefined {
  const values = useContext(SavedValues);
  if (!values || !name) return undefined;
  // Dotted paths only (the forms' names), read here: react-hook-form's `get` would bring the
  // library into the sign-in page's first load (+15.4 kB gzip, over its budget).
  const value = name.split(".").reduce<unknown>((at, key) => (at && typeof at === "object" ? (at as Record<string, unknown>)[key] : undefined), values);
  return typeof value === "string" || typeof value === "number" ? String(value) : undefined;
}

/**
 * Inside a scope, a field's id is made from the scope and the field's name (`request-company-name`
 * for `company.name` in scope "request"), so an error summary can link to it by its path. Each form
 * with an error summary has its own scope: two forms on one page never share an id.
 */
export function FieldIdScope({ scope, children }: { scope: string; children: ReactNode }) {
  return <IdScope.Provider value={scope}>{children}</IdScope.Provider>;
}

/** The id of the control for `name` (a react-hook-form path) inside FieldIdScope `scope`. */
export function fieldId(scope: string, name: string): string {
  return `${scope}-${name.replace(/[^a-zA-Z0-9_-]/g, "-")}`;
}

/** The ids that tie a control to its label, hint and error. */
export function useFieldIds(id: string | undefined, name: string | undefined, hint: unknown, error: unknown, extra?: string): FieldIds {
  const generated = useId();
  const scope = useContext(IdScope);
  // useId output contains characters that are awkward in CSS selectors; keep ids plain.
  const suffix = generated.replace(/[^a-zA-Z0-9_-]/g, "");
  const controlId = id ?? (name ? (scope ? fieldId(scope, name) : `field-${name}-${suffix}`) : `field-${suffix}`);
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const describedBy = [extra, hintId, errorId].filter(Boolean).join(" ") || undefined;
  return { controlId, labelId: `${controlId}-label`, hintId, errorId, describedBy };
}

const CONTROL =
  "block w-full rounded-md border-2 bg-white px-3 py-2 text-base text-ink placeholder:text-gray-500 disabled:cursor-not-allowed disabled:bg-gray-100";

/** Class of a text-like control: border turns red with an error. */
export function controlClass(error: string | undefined, className?: string) {
  return cn(CONTROL, error ? "border-danger" : "border-line", className);
}

/** Label, hint and error around a control (the control is `children`). */
export function FieldFrame({
  ids,
  label,
  hint,
  error,
  optional,
  hideLabel,
  className,
  children,
}: FieldFrameProps & { ids: FieldIds; children: ReactNode }) {
  const t = useTranslations("common");
  return (
    <div className={cn("flex flex-col gap-1", className)}>
      <label id={ids.labelId} htmlFor={ids.controlId} className={cn("font-semibold text-ink", hideLabel && "sr-only")}>
        {label}
        {optional ? <span className="font-normal text-ink-muted"> {t("optional")}</span> : null}
      </label>
      <FieldNotes ids={ids} hint={hint} error={error} />
      {children}
    </div>
  );
}

/** A control's hint and error message, with the ids its `aria-describedby` names (FieldFrame, DateInput). */
export function FieldNotes({ ids, hint, error }: { ids: FieldIds; hint?: ReactNode; error?: string }) {
  return (
    <>
      {hint ? (
        <p id={ids.hintId} className="text-sm text-ink-muted">
          {hint}
        </p>
      ) : null}
      {error ? <ErrorMessage id={ids.errorId}>{error}</ErrorMessage> : null}
    </>
  );
}

export type FieldProps = FieldFrameProps &
  Omit<ComponentPropsWithRef<"input">, "className"> & {
    /** Class of the `<input>` itself. */
    inputClassName?: string;
  };

/** Input types with no text to show: their saved state is react-hook-form's to set. */
const CHOICE_TYPES = new Set(["checkbox", "radio", "file"]);

/**
 * What a framed control's props split into: the frame's (label, hint, error and the ids that tie
 * them to the control) and the control's own, with its id, `aria-invalid` and `aria-describedby`.
 */
function useFramedControl<P extends FieldFrameProps & { id?: string; name?: string; "aria-describedby"?: string; value?: unknown; defaultValue?: unknown }>(props: P, showSaved = true) {
  const { label, hint, error, optional, hideLabel, className, id, "aria-describedby": ariaDescribedBy, ...control } = props;
  const ids = useFieldIds(id, control.name, hint, error, ariaDescribedBy);
  // A registered (uncontrolled) field shows its saved value in the server's HTML, before
  // react-hook-form fills it in at hydration; a caller's own value or defaultValue comes first.
  const saved = useSavedText(showSaved && control.value === undefined && control.defaultValue === undefined ? control.name : undefined);
  return {
    frame: { ids, label, hint, error, optional, hideLabel, className },
    control: { ...control, ...(saved === undefined ? {} : { defaultValue: saved }), id: ids.controlId, "aria-invalid": error ? true : undefined, "aria-describedby": ids.describedBy },
    saved,
  };
}

/**
 * A labelled text input with hint and error. Spread react-hook-form's `register(name)` into it:
 * the `ref` is forwarded (React 19 ref-as-prop).
 */
export function Field({ inputClassName, type = "text", ...props }: FieldProps) {
  const { frame, control } = useFramedControl(props, !CHOICE_TYPES.has(type));
  return (
    <FieldFrame {...frame}>
      <input {...control} type={type} className={controlClass(props.error, cn("min-h-11", inputClassName))} />
    </FieldFrame>
  );
}

export type TextareaFieldProps = FieldFrameProps &
  Omit<ComponentPropsWithRef<"textarea">, "className"> & {
    /** Class of the `<textarea>` itself. */
    textareaClassName?: string;
  };

/** A labelled multi-line text input with hint and error; works with react-hook-form `register`. */
export function TextareaField({ textareaClassName, rows = 5, ...props }: TextareaFieldProps) {
  const { frame, control } = useFramedControl(props);
  return (
    <FieldFrame {...frame}>
      <textarea {...control} rows={rows} className={controlClass(props.error, textareaClassName)} />
    </FieldFrame>
  );
}

export type SelectFieldProps = FieldFrameProps &
  Omit<ComponentPropsWithRef<"select">, "className"> & {
    /** Class of the `<select>` itself. */
    selectClassName?: string;
    /**
     * A long list (the countries) given as data rather than `<option>` children: written into the
     * `<select>` as HTML, so React neither renders nor hydrates an element per option.
     */
    options?: OptionList;
  };

/** A labelled `<select>` (`<option>`s as children, or a long list as `options`) with hint and error; works with `register`. */
export function SelectField({ selectClassName, children, options, ...props }: SelectFieldProps) {
  const { frame, control, saved } = useFramedControl(props);
  const { items, empty } = options ?? {};
  const html = useMemo(() => (items ? optionsHtml({ items, empty }, saved) : null), [items, empty, saved]);
  return (
    <FieldFrame {...frame}>
      <select {...control} className={controlClass(props.error, cn("min-h-11", selectClassName))} {...(html === null ? { children } : { dangerouslySetInnerHTML: { __html: html } })} />
    </FieldFrame>
  );
}
