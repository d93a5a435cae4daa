import { pagerFor, pageWindow } from "@/lib/pager";

describe("pagerFor", () => {
  it("has no pages and items 0–0 for no result", () => {
    expect(pagerFor(0, 1, 25)).toEqual({ totalPages: 0, totalCount: 0, itemFromNo: 0, itemToNo: 0, currentPage: 1, pageSize: 25 });
  });

  it("numbers the items of a full page", () => {
    expect(pagerFor(100, 2, 25)).toEqual({ totalPages: 4, totalCount: 100, itemFromNo: 26, itemToNo: 50, currentPage: 2, pageSize: 25 });
  });

  it("fills the last page partly", () => {
    expect(pagerFor(51, 3, 25)).toEqual({ totalPages: 3, totalCount: 51, itemFromNo: 51, itemToNo: 51, currentPage: 3, pageSize: 25 });
    expect(pagerFor(7, 1, 25)).toMatchObject({ totalPages: 1, itemFromNo: 1, itemToNo: 7 });
  });

  it("answers a page beyond the end with its number and items 0–0", () => {
    expect(pagerFor(51, 4, 25)).toEqual({ totalPages: 3, totalCount: 51, itemFromNo: 0, itemToNo: 0, currentPage: 4, pageSize: 25 });
    expect(pagerFor(0, 9, 10)).toMatchObject({ totalPages: 0, itemFromNo: 0, itemToNo: 0, currentPage: 9 });
  });

  it("holds for every small total, page and size", () => {
    for (let total = 0; total <= 30; total++) {
      for (let size = 1; size <= 7; size++) {
        let seen = 0;
        for (let page = 1; page <= 10; page++) {
          const p = pagerFor(total, page, size);
          expect(p.totalPages).toBe(Math.ceil(total / size));
          const onPage = p.itemFromNo === 0 ? 0 : p.itemToNo - p.itemFromNo + 1;
          expect(onPage).toBeLessThanOrEqual(size);
          if (onPage > 0) expect(p.itemFromNo).toBe(seen + 1);
          seen += onPage;
        }
        expect(seen).toBe(Math.min(total, 10 * size));
      }
    }
  });
});

describe("pageWindow", () => {
  it("reads a page in the first half forwards", () => {
    expect(pageWindow(1000, 1, 25)).toEqual({ reverse: false, limit: 25, offset: 0 });
    expect(pageWindow(1000, 20, 25)).toEqual({ reverse: false, limit: 25, offset: 475 });
  });

  it("reads a page in the last half from the far end, the same rows", () => {
    // Rows 500-524 of 1000 are rows 475-499 counted from the end.
    expect(pageWindow(1000, 21, 25)).toEqual({ reverse: true, limit: 25, offset: 475 });
    expect(pageWindow(1000, 40, 25)).toEqual({ reverse: true, limit: 25, offset: 0 });
  });

  it("takes only the rows left on a partly filled last page", () => {
    // Rows 1000-1009 of 1010: the first 10 from the end.
    expect(pageWindow(1010, 41, 25)).toEqual({ reverse: true, limit: 10, offset: 0 });
  });

  it("leaves a page beyond the end forwards (it is empty either way)", () => {
    expect(pageWindow(1000, 41, 25)).toEqual({ reverse: false, limit: 25, offset: 1000 });
    expect(pageWindow(0, 1, 25)).toEqual({ reverse: false, limit: 25, offset: 0 });
  });
});
