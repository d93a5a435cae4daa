import type { OptionItem } from "@/lib/countries";
import { escapeHtml } from "@/lib/html/escape";

/** A `<select>`'s choices as data: the empty choice (when labelled), then `items`. */
export interface OptionList {
  items: readonly OptionItem[];
  empty?: string;
}

/**
 * The `<option>`s of a list as HTML, for a `<select>`'s `dangerouslySetInnerHTML`. Every text and
 * value is escaped. The `selected` option (the form's saved choice) is marked in the HTML, so the
 * page shows it before its script runs (react-hook-form then keeps the `<select>`'s value itself).
 */
export function optionsHtml({ items, empty }: OptionList, selected?: string | null): string {
  const option = (value: string, label: string) => `<option value="${escapeHtml(value)}"${value === selected ? " selected" : ""}>${escapeHtml(label)}</option>`;
  return (empty === undefined ? "" : option("", empty)) + items.map((item) => option(item.value, item.label)).join("");
}
