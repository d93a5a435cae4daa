import type { ComponentPropsWithRef, ReactNode } from "react";
import { ErrorMessage } from "./error-message";

export type ChoiceProps = Omit<ComponentPropsWithRef<"input">, "id" | "className"> & {
  id: string;
  type: "radio" | "checkbox";
  label: ReactNode;
  /** Text under the label; the input's `aria-describedby` names it (`<id>-hint`). */
  hint: ReactNode;
  /** Class of the wrapping element. */
  className?: string;
  /** Class of the label and hint's column. */
  textClassName?: string;
  labelClassName?: string;
};

/**
 * One GOV.UK-style radio or checkbox: the input, then its label with a hint under it. Spread
 * react-hook-form's `register(name)` into it, or give `name` for a plain form.
 */
export function Choice({
  id,
  label,
  hint,
  className = "flex gap-3",
  textClassName = "flex flex-col gap-1",
  labelClassName = "cursor-pointer font-semibold",
  ...input
}: ChoiceProps) {
  const hintId = `${id}-hint`;
  return (
    <div className={className}>
      <input id={id} className="mt-1 size-5 shrink-0 accent-navy-900" aria-describedby={hintId} {...input} />
      <div className={textClassName}>
        <label htmlFor={id} className={labelClassName}>
          {label}
        </label>
        <p id={hintId} className="text-sm text-ink-muted">
          {hint}
        </p>
      </div>
    </div>
  );
}

export interface ChoiceGroupProps {
  legend: ReactNode;
  legendClassName?: string;
  /** Text under the legend; the fieldset's `aria-describedby` names it by `hintId`. */
  hint?: ReactNode;
  hintId?: string;
  /** The group's error (translated), named by the fieldset's `aria-describedby` as `errorId`. */
  error?: ReactNode;
  errorId: string;
  className?: string;
  /** The choices. */
  children: ReactNode;
}

/** A group of radios or checkboxes: a fieldset whose legend asks the question, with its hint and error. */
export function ChoiceGroup({ legend, legendClassName = "mb-2 font-semibold text-ink", hint, hintId, error, errorId, className = "flex flex-col gap-3", children }: ChoiceGroupProps) {
  const describedBy = [hint ? hintId : undefined, error ? errorId : undefined].filter(Boolean).join(" ");
  return (
    <fieldset className={className} aria-describedby={describedBy || undefined}>
      <legend className={legendClassName}>{legend}</legend>
      {hint ? (
        <p id={hintId} className="text-sm text-ink-muted">
          {hint}
        </p>
      ) : null}
      {error ? <ErrorMessage id={errorId}>{error}</ErrorMessage> : null}
      {children}
    </fieldset>
  );
}
