/** The pager of the client search response (spec §3 "Search response"). */
export interface SearchPager {
  totalPages: number;
  totalCount: number;
  /** 1-based number of the first row on this page; 0 when the page has no rows. */
  itemFromNo: number;
  /** 1-based number of the last row on this page; 0 when the page has no rows. */
  itemToNo: number;
  /** The page asked for, even when it lies beyond the last page (its rows are then empty). */
  currentPage: number;
  pageSize: number;
}

/** Pager arithmetic from the total count: no result → 0 pages; a page beyond the end → items 0–0. */
export function searchPager(totalCount: number, currentPage: number, pageSize: number): SearchPager {
  const offset = (currentPage - 1) * pageSize;
  const onPage = Math.max(0, Math.min(pageSize, totalCount - offset));
  return {
    totalPages: Math.ceil(totalCount / pageSize),
    totalCount,
    itemFromNo: onPage > 0 ? offset + 1 : 0,
    itemToNo: onPage > 0 ? offset + onPage : 0,
    currentPage,
    pageSize,
  };
}
