import fc from "fast-check";
import { directorStatusValues } from "@/lib/domain/values";
import { directorsViewQuery, parseDirectorsView, type DirectorsView } from "./directors-view";

describe("parseDirectorsView", () => {
  it("is the default view for an empty or unreadable address", () => {
    const byDefault = { status: null, showDeleted: false, page: 1 };
    expect(parseDirectorsView({})).toEqual(byDefault);
    expect(parseDirectorsView({ individualsStatus: "Nonsense", individualsDeleted: "yes", individualsPage: "0" })).toEqual(byDefault);
    expect(parseDirectorsView({ individualsPage: "2.5" })).toEqual(byDefault);
    expect(parseDirectorsView({ individualsPage: "100001" })).toEqual(byDefault);
    // A parameter given twice is not one value.
    expect(parseDirectorsView({ individualsStatus: ["Complete", "Invited"], individualsPage: ["2", "3"] })).toEqual(byDefault);
  });

  it("reads a status, the deleted option and a page", () => {
    expect(parseDirectorsView({ individualsStatus: "UnderReview", individualsDeleted: "1", individualsPage: "4" })).toEqual({ status: "UnderReview", showDeleted: true, page: 4 });
  });
});

describe("directorsViewQuery", () => {
  it("leaves the default view out of the address", () => {
    expect(directorsViewQuery({}, { status: null, showDeleted: false, page: 1 })).toBe("");
    expect(directorsViewQuery(new URLSearchParams("individualsStatus=Complete&individualsPage=3"), { status: null, showDeleted: false, page: 1 })).toBe("");
  });

  it("keeps every other parameter, repeated ones included", () => {
    expect(directorsViewQuery({ tab: "a", tag: ["x", "y"] }, { status: "Complete", showDeleted: true, page: 2 })).toBe(
      "?tab=a&tag=x&tag=y&individualsStatus=Complete&individualsDeleted=1&individualsPage=2",
    );
  });

  it("gives back the view it was given, from either form of the parameters", () => {
    const view = fc.record<DirectorsView>({
      status: fc.option(fc.constantFrom(...directorStatusValues), { nil: null }),
      showDeleted: fc.boolean(),
      page: fc.integer({ min: 1, max: 100_000 }),
    });
    const other = fc.dictionary(fc.constantFrom("tab", "q", "individualsStatus"), fc.string({ maxLength: 5 }));
    fc.assert(
      fc.property(view, other, (v, params) => {
        for (const query of [directorsViewQuery(params, v), directorsViewQuery(new URLSearchParams(params), v)]) {
          const back = Object.fromEntries(new URLSearchParams(query));
          expect(parseDirectorsView(back)).toEqual(v);
          for (const key of ["tab", "q"]) expect(back[key]).toBe(params[key]);
        }
      }),
    );
  });
});
