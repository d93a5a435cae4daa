import { CsvDecimal } from "./csv";

/**
 * How an export writes a column's values for people (docs/product.md "plain words"): amounts in
 * pounds, yes/no in words, enum values by their label. Pure: the words come from the caller.
 */
export type CellKind = "money" | "yesNo" | "label";

export interface CellWords {
  yes: string;
  no: string;
}

/** Integer pence as pounds with two decimals (`5500` → `55.00`, `-100` → `-1.00`); empty stays empty. */
export function poundsCell(pence: unknown): CsvDecimal | null | undefined {
  if (pence === null || pence === undefined) return pence;
  const n = typeof pence === "number" ? pence : Number(pence);
  if (!Number.isSafeInteger(n)) return null;
  const sign = n < 0 ? "-" : "";
  const abs = Math.abs(n);
  return new CsvDecimal(`${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`);
}

/** True / false (or PostgreSQL's `t` / `f`) as Yes / No; empty stays empty. */
export function yesNoCell(value: unknown, words: CellWords): string | null | undefined {
  if (value === null || value === undefined) return value;
  return value === true || value === "t" || value === "true" ? words.yes : words.no;
}

/** An enum value by its label; a value without one is written as it is. */
export function labelCell(value: unknown, labels: Readonly<Record<string, string>>): unknown {
  return typeof value === "string" && Object.hasOwn(labels, value) ? labels[value] : value;
}

/**
 * One formatter per column, in column order: `kinds` says how a column is written (missing: as
 * stored), `labels` gives the label map of each "label" column.
 */
export function cellFormatters<K extends string>(
  keys: readonly K[],
  kinds: Partial<Record<K, CellKind>>,
  { words, labels = {} }: { words: CellWords; labels?: Partial<Record<K, Readonly<Record<string, string>>>> },
): ((value: unknown) => unknown)[] {
  return keys.map((key) => {
    switch (kinds[key]) {
      case "money":
        return poundsCell;
      case "yesNo":
        return (value: unknown) => yesNoCell(value, words);
      case "label": {
        const map = labels[key] ?? {};
        return (value: unknown) => labelCell(value, map);
      }
      default:
        return (value: unknown) => value;
    }
  });
}
