"use client";

import { useTranslations } from "next-intl";
import { Pagination } from "@/components/ui/pagination";
import type { Pager } from "@/lib/pager";
import { PAGE_SIZE_OPTIONS } from "@/lib/schemas/client-search-params";
import { useClientSearch } from "./search-context";

/**
 * The client list's pages and page size. Both change the search in the URL (no history entry)
 * rather than link to it, like every other control of the list; a new page size starts at page 1.
 */
export function SearchPagination({ pager }: { pager: Pick<Pager, "currentPage" | "totalPages"> }) {
  const t = useTranslations("clientSearch.pagination");
  const { state, navigate } = useClientSearch();
  // The size being loaded shows at once.
  const pageSize = state.pagerModel.pageSize;
  const sizes: number[] = PAGE_SIZE_OPTIONS.includes(pageSize as never) ? [...PAGE_SIZE_OPTIONS] : [...PAGE_SIZE_OPTIONS, pageSize].sort((a, b) => a - b);

  return (
    <Pagination pager={pager} onPageChange={(page) => navigate({ ...state, pagerModel: { ...state.pagerModel, currentPage: page } })}>
      <div className="flex items-center gap-2">
        <label htmlFor="client-search-page-size" className="font-semibold">
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
    </Pagination>
  );
}
