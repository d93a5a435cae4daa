import { Fragment, type ReactNode } from "react";
import { cn } from "./cn";

export interface DescriptionItem {
  /** The term (translated); also the React key unless `key` is given. */
  label: string;
  value: ReactNode;
  key?: string;
}

const COLUMNS = {
  1: "sm:grid-cols-[max-content_minmax(0,1fr)]",
  2: "sm:grid-cols-[max-content_minmax(0,1fr)_max-content_minmax(0,1fr)]",
} as const;

export interface DescriptionListProps {
  /** Term and value pairs, in order; `false`/`null` entries are skipped (for conditional rows). */
  items: readonly (DescriptionItem | false | null | undefined)[];
  /** Term–value pairs side by side from the small breakpoint: one pair a line, or two. */
  columns?: 1 | 2;
  size?: "sm" | "md";
  className?: string;
  /** Extra class of every term, e.g. `font-mono` for field names. */
  termClassName?: string;
}

/**
 * Labelled values as a `<dl>`: terms and values stack on narrow screens and line up in two columns
 * (or four) from the small breakpoint. Long values wrap instead of widening the page.
 */
export function DescriptionList({ items, columns = 1, size = "md", className, termClassName }: DescriptionListProps) {
  return (
    <dl className={cn("grid grid-cols-1 gap-x-4 gap-y-1", COLUMNS[columns], size === "sm" && "text-sm", className)}>
      {items.map((item) =>
        item ? (
          <Fragment key={item.key ?? item.label}>
            <dt className={cn("font-semibold", termClassName)}>{item.label}</dt>
            <dd className="min-w-0 break-words">{item.value}</dd>
          </Fragment>
        ) : null,
      )}
    </dl>
  );
}
