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

/**
 * Which rows of the ordered result a page statement reads. `reverse` reads them from the far end
 * (`offset` counted from the last row): a deep page in the last half of a long result then skips
 * fewer rows (docs/speed.md, the admin search).
 */
export interface PageWindow {
  reverse: boolean;
  limit: number;
  offset: number;
}

/** The window of a page: from the far end when it lies in the last half of `total` rows. */
export function pageWindow(total: number, currentPage: number, pageSize: number): PageWindow {
  const offset = (currentPage - 1) * pageSize;
  if (offset < total / 2 || offset >= total) return { reverse: false, limit: pageSize, offset };
  const limit = Math.min(pageSize, total - offset);
  return { reverse: true, limit, offset: total - offset - limit };
}
