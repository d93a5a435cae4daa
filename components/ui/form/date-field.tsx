"use client";

import { Controller, type Control, type FieldPath, type FieldValues } from "react-hook-form";
import { DateInput, type DateInputProps } from "../date-input";

export type DateFieldProps<T extends FieldValues> = Omit<DateInputProps, "name" | "value" | "onChange" | "onBlur" | "ref"> & { control: Control<T, unknown, unknown>; name: FieldPath<T> };

/** A date of a react-hook-form form as day, month and year boxes (the GOV.UK date input); the value stays `YYYY-MM-DD`. */
export function DateField<T extends FieldValues>({ control, name, ...props }: DateFieldProps<T>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <DateInput {...props} name={field.name} value={typeof field.value === "string" ? field.value : ""} onChange={field.onChange} onBlur={field.onBlur} ref={field.ref} />
      )}
    />
  );
}
