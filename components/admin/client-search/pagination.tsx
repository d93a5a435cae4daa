"use client";

import { useFormatter, useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { PAGE_SIZE_OPTIONS } from "@/lib/schemas/client-search-params";
import { useClientSearch } from "./search-context";

export interface PagerProps {
  totalPages: number;
  totalCount: number;
  currentPage: number;
  pageSize: number;
}

/** Previous / next, "Page x of y" and the page size. */
export function Pagination({ pager }: { pager: PagerProps }) {
  const t = useTranslations("clientSearch.pagination");
  const format = useFormatter();
  const { state, navigate } = useClientSearch();
  const { currentPage, totalPages } = pager;
  // The size being loaded shows at once.
  const pageSize = state.pagerModel.pageSize;
  const go = (page: number) => navigate({ ...state, pagerModel: { ...state.pagerModel, currentPage: page } });
  const sizes: number[] = PAGE_SIZE_OPTIONS.includes(pageSize as never) ? [...PAGE_SIZE_OPTIONS] : [...PAGE_SIZE_OPTIONS, pageSize].sort((a, b) => a - b);

  return (
    <nav aria-label={t("label")} className="flex flex-wrap items-center justify-between gap-4">
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="secondary" size="sm" disabled={currentPage <= 1} onClick={() => go(Math.min(currentPage - 1, Math.max(totalPages, 1)))}>
          {t("previous")}
        </Button>
        <span className="text-sm">
          {t("pageOf", { page: format.number(currentPage), pages: format.number(Math.max(totalPages, 1)) })}
        </span>
        <Button variant="secondary" size="sm" disabled={currentPage >= totalPages} onClick={() => go(currentPage + 1)}>
          {t("next")}
        </Button>
      </div>
      <div className="flex items-center gap-2">
        <label htmlFor="client-search-page-size" className="text-sm font-semibold">
          {t("pageSize")}
        </label>
        <select
          id="client-search-page-size"
          value={pageSize}
          onChange={(e) => navigate({ ...state, pagerModel: { currentPage: 1, pageSize: Number(e.target.value) } })}
          className="min-h-10 rounded-md border-2 border-line bg-white px-2 text-base"
        >
          {sizes.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </div>
    </nav>
  );
}
