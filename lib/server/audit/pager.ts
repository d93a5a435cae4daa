/** The pager of a paged list (spec §3 "Search response"): 1-based pages and item numbers. */
export interface Pager {
  totalPages: number;
  totalCount: number;
  /** Number of the first item on this page (1-based), 0 when the page is empty. */
  itemFromNo: number;
  /** Number of the last item on this page, 0 when the page is empty. */
  itemToNo: number;
  currentPage: number;
  pageSize: number;
}

/** The pager for `count` items on page `page` of `pageSize`, holding `onPage` items. */
export function pagerOf({ totalCount, currentPage, pageSize, onPage }: { totalCount: number; currentPage: number; pageSize: number; onPage: number }): Pager {
  const offset = (currentPage - 1) * pageSize;
  return {
    totalPages: Math.ceil(totalCount / pageSize),
    totalCount,
    itemFromNo: onPage > 0 ? offset + 1 : 0,
    itemToNo: onPage > 0 ? offset + onPage : 0,
    currentPage,
    pageSize,
  };
}
