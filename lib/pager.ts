/** The pager of a paged list (docs/domain.md "Search response"): 1-based pages and item numbers. */
export interface Pager {
  totalPages: number;
  totalCount: number;
  /** 1-based number of the first item on this page; 0 when the page has no items. */
  itemFromNo: number;
  /** 1-based number of the last item on this page; 0 when the page has no items. */
  itemToNo: number;
  /** The page asked for, even when it lies beyond the last page (its items are then empty). */
  currentPage: number;
  pageSize: number;
}

/** Pager arithmetic from the total count: no result → 0 pages; a page beyond the end → items 0–0. */
export function pagerFor(totalCount: number, currentPage: number, pageSize: number): Pager {
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
