import type { Pager } from "@/lib/pager";

/** One place in a page list: a page number, or a gap standing for two or more pages left out. */
export type PageItem = number | "gap";

function range(from: number, to: number): number[] {
  return from > to ? [] : Array.from({ length: to - from + 1 }, (_, i) => from + i);
}

/**
 * The page numbers to show for `pager`: always the first and last page, the current page with
 * `siblings` pages either side, and gaps for the rest. Long lists keep the same number of places
 * wherever the current page is (2 × siblings + 5), so the controls do not jump about; a gap never
 * stands for a single page (that page is shown instead). A page beyond the end (as the pager allows)
 * shows the list as from the last page.
 */
export function pageItems({ currentPage, totalPages }: Pick<Pager, "currentPage" | "totalPages">, siblings = 1): PageItem[] {
  const total = Math.max(0, Math.floor(totalPages));
  if (total === 0) return [];
  const slots = 2 * siblings + 5;
  if (total <= slots) return range(1, total);
  const current = Math.min(Math.max(1, Math.floor(currentPage)), total);
  // The window of pages around the current one, slid inwards at either end to keep its size; the
  // place between it and the first (or last) page is page 2 (or the one before last) or a gap.
  const start = Math.max(Math.min(current - siblings, total - 2 * siblings - 2), 3);
  const end = Math.min(Math.max(current + siblings, 2 * siblings + 3), total - 2);
  const before: PageItem = start > 3 ? "gap" : 2;
  const after: PageItem = end < total - 2 ? "gap" : total - 1;
  return [1, before, ...range(start, end), after, total];
}
