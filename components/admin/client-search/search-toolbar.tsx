"use client";

import { useEffect, useRef, useState, type FormEvent } from "react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { isDirectorSortKey, SEARCH_DEFAULTS, type SearchState, type TableViewMode } from "@/lib/schemas/client-search-params";
import { PendingIndicator } from "./pending-indicator";
import { useClientSearch } from "./search-context";

const DEBOUNCE_MS = 300;
const MAX_SEARCH = 200;

/** The global search box (debounced, back to page 1) and the client / individual view switch. */
export function SearchToolbar() {
  const t = useTranslations("clientSearch");
  const { state, navigate } = useClientSearch();
  const [text, setText] = useState(state.globalSearch ?? "");
  const latest = useRef(state);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    latest.current = state;
  }, [state]);
  useEffect(() => () => clearTimeout(timer.current), []);

  function commit(value: string) {
    clearTimeout(timer.current);
    const current = latest.current;
    const globalSearch = value.trim() || undefined;
    if (globalSearch === current.globalSearch) return;
    navigate({ ...current, globalSearch, pagerModel: { ...current.pagerModel, currentPage: 1 } });
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    commit(text);
  }

  function onChange(value: string) {
    setText(value);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => commit(value), DEBOUNCE_MS);
  }

  function switchView(mode: TableViewMode) {
    if (mode === state.tableViewMode) return;
    const next: SearchState = {
      ...state,
      tableViewMode: mode,
      // Status tabs and individual columns mean something else in the other view.
      status: undefined,
      sortBy: mode === "client" && isDirectorSortKey(state.sortBy) ? SEARCH_DEFAULTS.sortBy : state.sortBy,
      pagerModel: { ...state.pagerModel, currentPage: 1 },
    };
    navigate(next);
  }

  return (
    <div className="flex flex-col gap-4 lg:flex-row lg:items-end lg:justify-between">
      <form role="search" aria-label={t("search.region")} onSubmit={onSubmit} className="flex w-full max-w-2xl flex-col gap-1">
        <label htmlFor="client-search-input" className="font-semibold">
          {t("search.label")}
        </label>
        <p id="client-search-hint" className="text-sm text-ink-muted">
          {t("search.hint")}
        </p>
        <div className="flex gap-2">
          <input
            id="client-search-input"
            type="search"
            name="globalSearch"
            value={text}
            maxLength={MAX_SEARCH}
            autoComplete="off"
            spellCheck={false}
            aria-describedby="client-search-hint"
            onChange={(e) => onChange(e.target.value)}
            className="block min-h-11 w-full min-w-0 rounded-md border-2 border-line bg-white px-3 py-2 text-base text-ink"
          />
          <Button type="submit" variant="secondary">
            {t("search.submit")}
          </Button>
          <PendingIndicator />
        </div>
      </form>
      <div role="group" aria-labelledby="client-search-view-label" className="flex flex-col gap-1">
        <span id="client-search-view-label" className="font-semibold">
          {t("view.label")}
        </span>
        <div className="inline-flex rounded-md border-2 border-navy-900 p-0.5">
          {(["client", "individual"] as const).map((mode) => {
            const active = state.tableViewMode === mode;
            return (
              <button
                key={mode}
                type="button"
                aria-pressed={active}
                onClick={() => switchView(mode)}
                className={cn(
                  "min-h-10 rounded px-4 font-semibold",
                  active ? "bg-navy-900 text-white" : "bg-white text-navy-900 hover:bg-navy-50",
                )}
              >
                {t(`view.${mode}`)}
              </button>
            );
          })}
        </div>
      </div>
    </div>
  );
}
