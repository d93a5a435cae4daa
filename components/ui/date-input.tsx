"use client";

import { useState, type FocusEventHandler } from "react";
import { useTranslations } from "next-intl";
import { joinDateParts, splitDate, type DateParts } from "@/lib/dates/format-date";
import { cn } from "./cn";
import { controlClass, FieldNotes, useFieldIds, type FieldFrameProps } from "./field";

export interface DateInputProps extends FieldFrameProps {
  /** The field's name (its react-hook-form path): the day box's id comes from it inside a FieldIdScope. */
  name: string;
  /** `YYYY-MM-DD`, or "" (or a partial value from this input). */
  value: string | null | undefined;
  /** Called with `YYYY-MM-DD` as the boxes are typed in ("" when all three are blank). */
  onChange: (value: string) => void;
  onBlur?: FocusEventHandler<HTMLInputElement>;
  id?: string;
  disabled?: boolean;
  /** react-hook-form's ref, to focus the day box. */
  ref?: React.Ref<HTMLInputElement>;
}

const PARTS = ["day", "month", "year"] as const;

/**
 * The GOV.UK date input: a fieldset whose legend is the question, with Day, Month and Year boxes
 * (numeric keyboard, no picker in American order). The value stays `YYYY-MM-DD` for the schema and
 * the server; what cannot be a date comes out as such and the date check refuses it. The day box
 * carries the field's id, so an error summary's link focuses it.
 */
export function DateInput({ label, hint, error, optional, hideLabel, className, name, value, onChange, onBlur, id, disabled, ref }: DateInputProps) {
  const t = useTranslations("dateInput");
  const tc = useTranslations("common");
  const ids = useFieldIds(id, name, hint, error);
  const [parts, setParts] = useState<DateParts>(() => splitDate(value));
  // A value set from outside (a reset, a prefill) replaces what the boxes hold.
  const [seen, setSeen] = useState(value ?? "");
  if ((value ?? "") !== seen) {
    setSeen(value ?? "");
    if ((value ?? "") !== joinDateParts(parts)) setParts(splitDate(value));
  }

  function change(part: (typeof PARTS)[number], text: string) {
    const next = { ...parts, [part]: text };
    setParts(next);
    const joined = joinDateParts(next);
    setSeen(joined);
    onChange(joined);
  }

  return (
    <fieldset className={cn("flex min-w-0 flex-col gap-1", className)} aria-describedby={ids.describedBy}>
      <legend id={ids.labelId} className={cn("font-semibold text-ink", hideLabel && "sr-only")}>
        {label}
        {optional ? <span className="font-normal text-ink-muted"> {tc("optional")}</span> : null}
      </legend>
      <FieldNotes ids={ids} hint={hint} error={error} />
      <div className="flex flex-wrap gap-4">
        {PARTS.map((part) => {
          const partId = part === "day" ? ids.controlId : `${ids.controlId}-${part}`;
          return (
            <div key={part} className="flex flex-col gap-1">
              <label htmlFor={partId} className="text-sm font-medium text-ink">
                {t(part)}
              </label>
              <input
                ref={part === "day" ? ref : undefined}
                id={partId}
                name={`${name}-${part}`}
                type="text"
                inputMode="numeric"
                autoComplete="off"
                spellCheck={false}
                maxLength={part === "year" ? 4 : 2}
                disabled={disabled}
                value={parts[part]}
                onChange={(event) => change(part, event.target.value)}
                onBlur={onBlur}
                aria-invalid={error ? true : undefined}
                className={controlClass(error, cn("min-h-11", part === "year" ? "w-[5.5rem]" : "w-[3.75rem]"))}
              />
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
