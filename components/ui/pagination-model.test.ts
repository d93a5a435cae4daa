import { pageItems, type PageItem } from "./pagination-model";

const at = (currentPage: number, totalPages: number) => pageItems({ currentPage, totalPages });

describe("pageItems", () => {
  it("lists nothing without pages and every page of a short list", () => {
    expect(at(1, 0)).toEqual([]);
    expect(at(1, 1)).toEqual([1]);
    expect(at(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it("keeps the first and last page and puts gaps around the current one", () => {
    expect(at(1, 20)).toEqual([1, 2, 3, 4, 5, "gap", 20]);
    expect(at(5, 20)).toEqual([1, "gap", 4, 5, 6, "gap", 20]);
    expect(at(10, 20)).toEqual([1, "gap", 9, 10, 11, "gap", 20]);
    expect(at(20, 20)).toEqual([1, "gap", 16, 17, 18, 19, 20]);
  });

  it("never hides a single page behind a gap", () => {
    expect(at(4, 20)).toEqual([1, 2, 3, 4, 5, "gap", 20]);
    expect(at(17, 20)).toEqual([1, "gap", 16, 17, 18, 19, 20]);
    expect(at(5, 8)).toEqual([1, "gap", 4, 5, 6, 7, 8]);
  });

  it("shows a page beyond the end as from the last page", () => {
    expect(at(50, 3)).toEqual([1, 2, 3]);
    expect(at(50, 20)).toEqual(at(20, 20));
  });

  it("holds for every total and current page up to 40", () => {
    for (let total = 1; total <= 40; total++) {
      for (let current = 1; current <= total; current++) {
        const items = at(current, total);
        const pages = items.filter((i): i is number => i !== "gap");
        expect(items.length).toBe(Math.min(total, 7));
        expect(pages[0]).toBe(1);
        expect(pages.at(-1)).toBe(total);
        expect(pages).toContain(current);
        expect(pages).toEqual([...pages].sort((a, b) => a - b));
        // Each gap stands for at least two pages; no two places side by side are both gaps.
        items.forEach((item: PageItem, i) => {
          if (item !== "gap") return;
          expect((items[i + 1] as number) - (items[i - 1] as number)).toBeGreaterThanOrEqual(3);
        });
        // Neighbours of the current page are shown.
        if (current > 1) expect(pages).toContain(current - 1);
        if (current < total) expect(pages).toContain(current + 1);
      }
    }
  });
});
