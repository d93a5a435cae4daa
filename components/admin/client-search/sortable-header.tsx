"use client";

import type { ReactNode } from "react";
import { useTranslations } from "next-intl";
import { cn } from "@/components/ui/cn";
import type { SortKey } from "@/lib/schemas/client-search-params";
import { useClientSearch } from "./search-context";

/**
 * A column header that sorts: a button inside the `<th>`, with `aria-sort` on the header. The first
 * press sorts ascending (text A–Z, oldest first); pressing the sorted column reverses it.
 */
export function SortableHeader({ sortKey, children, className }: { sortKey: SortKey; children: ReactNode; className?: string }) {
  const t = useTranslations("clientSearch.table");
  const { state, navigate } = useClientSearch();
  const active = state.sortBy === sortKey;
  const direction = active ? state.sortDirection : undefined;
  const next = active && direction === "asc" ? "desc" : "asc";

  return (
    <th scope="col" aria-sort={direction === "asc" ? "ascending" : direction === "desc" ? "descending" : "none"} className={cn("px-3 py-2 align-bottom", className)}>
      <button
        type="button"
        onClick={() => navigate({ ...state, sortBy: sortKey, sortDirection: next, pagerModel: { ...state.pagerModel, currentPage: 1 } })}
        className="inline-flex min-h-9 items-center gap-1 rounded-sm text-left font-semibold whitespace-nowrap text-navy-900 underline-offset-2 hover:underline"
      >
        {children}
        <svg aria-hidden="true" viewBox="0 0 12 16" className={cn("size-3 shrink-0", active ? "text-navy-900" : "text-line")} fill="currentColor">
          {direction !== "desc" ? <path d="M6 1 11 7H1z" opacity={direction === "asc" ? 1 : 0.5} /> : null}
          {direction !== "asc" ? <path d="M6 15 1 9h10z" opacity={direction === "desc" ? 1 : 0.5} /> : null}
        </svg>
        <span className="sr-only">{t(next === "asc" ? "sortAscending" : "sortDescending")}</span>
      </button>
    </th>
  );
}
