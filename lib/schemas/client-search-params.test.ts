import { activeFilterCount, requestFromSearchParams, searchHref, toSearchParams, type SearchState } from "@/lib/schemas/client-search-params";
import { clientSearchSchema, defaultClientSearch, parseSearchParams, toSearchState } from "@/lib/schemas/client-search";
import { containsPattern } from "@/lib/server/clients/search/sql-parts";

const PATH = "/administration/client-management";

describe("client search URL", () => {
  it("leaves the defaults out: the default search is the bare path", () => {
    expect(searchHref(PATH, toSearchState(defaultClientSearch))).toBe(PATH);
    expect(defaultClientSearch).toEqual({
      filters: {},
      sortBy: "createdAt",
      sortDirection: "desc",
      pagerModel: { currentPage: 1, pageSize: 25 },
      tableViewMode: "client",
      includeDeleted: false,
    });
  });

  it("writes every field as a flat parameter (filters.status as clientStatus)", () => {
    const state: SearchState = {
      globalSearch: "smith & co",
      filters: { name: "Hart", status: "InProgress", priceFrom: 5500, inKantata: false, createdAtFrom: "2024-01-01", individualStatus: "Complete" },
      status: "Verified",
      sortBy: "directorName",
      sortDirection: "asc",
      pagerModel: { currentPage: 3, pageSize: 50 },
      tableViewMode: "individual",
      includeDeleted: true,
    };
    const params = toSearchParams(state);
    expect(Object.fromEntries(params)).toEqual({
      globalSearch: "smith & co",
      tableViewMode: "individual",
      status: "Verified",
      name: "Hart",
      clientStatus: "InProgress",
      createdAtFrom: "2024-01-01",
      priceFrom: "5500",
      inKantata: "false",
      individualStatus: "Complete",
      includeDeleted: "true",
      sortBy: "directorName",
      sortDirection: "asc",
      currentPage: "3",
      pageSize: "50",
    });
    // Round trip through the URL and the schema gives the same search.
    expect(clientSearchSchema.parse(requestFromSearchParams(new URLSearchParams(params.toString())))).toEqual(state);
    expect(activeFilterCount(state)).toBe(7);
  });

  it("reads the first value of a repeated parameter and ignores unknown ones", () => {
    expect(requestFromSearchParams({ sortBy: ["name", "reference"], ref: "newsletter" })).toEqual({ filters: {}, sortBy: "name" });
  });

  it("drops invalid parameters instead of failing", () => {
    const { request, dropped } = parseSearchParams({ sortBy: "nope", currentPage: "0", inKantata: "maybe", name: "Hart" });
    expect(request).toMatchObject({ sortBy: "createdAt", pagerModel: { currentPage: 1, pageSize: 25 }, filters: { name: "Hart" } });
    expect(dropped.sort()).toEqual(["filters.inKantata", "pagerModel.currentPage", "sortBy"]);
    // A status tab of the other view is dropped too.
    const other = parseSearchParams({ status: "Complete" });
    expect(other.request).not.toHaveProperty("status");
    expect(other.dropped).toEqual(["status"]);
  });
});

describe("the verify-by filter and sort", () => {
  it("carries the days in the URL as a number, sorts by the earliest date, and refuses what is not 0 to 3650 days", () => {
    const { request, dropped } = parseSearchParams({ verifyWithinDays: "30", sortBy: "nextVerifyBy", sortDirection: "asc" });
    expect(dropped).toEqual([]);
    expect(request).toMatchObject({ filters: { verifyWithinDays: 30 }, sortBy: "nextVerifyBy", sortDirection: "asc" });
    expect(Object.fromEntries(toSearchParams(toSearchState(request)))).toEqual({ verifyWithinDays: "30", sortBy: "nextVerifyBy", sortDirection: "asc" });
    expect(activeFilterCount(toSearchState(request))).toBe(1);
    expect(clientSearchSchema.parse({ filters: { verifyWithinDays: 0 } }).filters).toEqual({ verifyWithinDays: 0 });
    for (const bad of ["-1", "3651", "1.5", "soon"]) expect(parseSearchParams({ verifyWithinDays: bad }).dropped).toEqual(["filters.verifyWithinDays"]);
    expect(clientSearchSchema.safeParse({ filters: { verifyWithinDays: 3651 } }).error?.issues[0]?.message).toBe("invalidDays");
  });
});

describe("containsPattern", () => {
  it("wraps the term in % and escapes the pattern characters", () => {
    expect(containsPattern("smith")).toBe("%smith%");
    expect(containsPattern("10%_off\\")).toBe("%10\\%\\_off\\\\%");
  });
});
