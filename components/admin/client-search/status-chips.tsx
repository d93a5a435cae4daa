"use client";

import { useFormatter, useTranslations } from "next-intl";
import { cn } from "@/components/ui/cn";
import { useClientSearch } from "./search-context";

export interface StatusChip {
  value: string;
  label: string;
  count: number;
}

/**
 * Status tabs as toggle chips with counts: all statuses, then each status of the view (client
 * statuses, or director statuses in individual view). Counts are for the current search and filters.
 */
export function StatusChips({ stats }: { stats: StatusChip[] }) {
  const t = useTranslations("clientSearch.statusTabs");
  const format = useFormatter();
  const { state, navigate } = useClientSearch();
  const total = stats.reduce((sum, s) => sum + s.count, 0);
  const chips = [{ value: undefined, label: t("all"), count: total }, ...stats];

  return (
    <div role="group" aria-label={t(state.tableViewMode === "individual" ? "labelIndividual" : "label")}>
      <ul className="flex flex-wrap gap-2">
        {chips.map((chip) => {
          const active = state.status === chip.value;
          return (
            <li key={chip.value ?? "all"}>
              <button
                type="button"
                aria-pressed={active}
                onClick={() => navigate({ ...state, status: chip.value, pagerModel: { ...state.pagerModel, currentPage: 1 } })}
                className={cn(
                  "inline-flex min-h-10 items-center gap-2 rounded-full border-2 px-3 text-sm font-semibold",
                  active ? "border-navy-900 bg-navy-900 text-white" : "border-line bg-white text-ink hover:bg-navy-50",
                )}
              >
                {chip.label}
                <span className={cn("rounded-full px-2 py-0.5 text-xs tabular-nums", active ? "bg-white text-navy-900" : "bg-gray-100 text-ink")}>
                  {format.number(chip.count)}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
