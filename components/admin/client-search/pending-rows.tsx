"use client";

import type { ReactNode } from "react";
import { useClientSearch } from "./search-context";

/**
 * The table body's rows, or skeleton rows while the results of a new search load. Rendered inside
 * `<tbody>`; the table itself carries `aria-busy` through `BusyTable`.
 */
export function PendingRows({ children, skeleton }: { children: ReactNode; skeleton: ReactNode }) {
  const { isPending } = useClientSearch();
  return isPending ? skeleton : children;
}

/** A region that says it is busy while new results load. */
export function BusyRegion({ children, className, label }: { children: ReactNode; className?: string; label: string }) {
  const { isPending } = useClientSearch();
  return (
    <section aria-label={label} aria-busy={isPending || undefined} className={className}>
      {children}
    </section>
  );
}
