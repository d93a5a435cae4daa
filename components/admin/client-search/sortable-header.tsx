"use client";

import type { ReactNode } from "react";
import { useTranslations } from "next-intl";
import { TableHeader } from "@/components/ui/table";
import type { SortKey } from "@/lib/schemas/client-search-params";
import { useClientSearch } from "./search-context";

/**
 * A column header of the results that sorts them. The first press sorts ascending (text A–Z, oldest
 * first); pressing the sorted column reverses it. Sorting goes back to page 1.
 */
export function SortableHeader({ sortKey, children, className }: { sortKey: SortKey; children: ReactNode; className?: string }) {
  const t = useTranslations("clientSearch.table");
  const { state, navigate } = useClientSearch();
  const direction = state.sortBy === sortKey ? state.sortDirection : null;
  const next = direction === "asc" ? "desc" : "asc";
  return (
    <TableHeader
      className={className}
      sort={{
        direction,
        actionLabel: t(next === "asc" ? "sortAscending" : "sortDescending"),
        onSort: () => navigate({ ...state, sortBy: sortKey, sortDirection: next, pagerModel: { ...state.pagerModel, currentPage: 1 } }),
      }}
    >
      {children}
    </TableHeader>
  );
}
