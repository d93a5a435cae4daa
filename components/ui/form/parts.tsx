import type { ReactNode } from "react";
import type { OptionItem } from "@/lib/countries";

/** A `<select>`'s options: the empty choice (when labelled) and then `items`. */
export function SelectOptions({ items, empty }: { items: readonly OptionItem[]; empty?: string }) {
  return (
    <>
      {empty !== undefined ? <option value="">{empty}</option> : null}
      {items.map((item) => (
        <option key={item.value} value={item.value}>
          {item.label}
        </option>
      ))}
    </>
  );
}

/** One part of a long form: a bordered fieldset named by its legend, its fields in two columns from small screens up. */
export function FormFieldset({ legend, id, children }: { legend: string; id?: string; children: ReactNode }) {
  return (
    <fieldset id={id} className="min-w-0 rounded-lg border border-line-soft p-4 sm:p-5">
      <legend className="px-1 text-lg font-bold">{legend}</legend>
      <div className="mt-2 grid grid-cols-1 gap-4 sm:grid-cols-2">{children}</div>
    </fieldset>
  );
}
