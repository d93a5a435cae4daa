import { journeyChoiceTarget, requestPageViewOf } from "./request-page-view";

describe("requestPageViewOf", () => {
  it("shows the form for a known journey", () => {
    expect(requestPageViewOf({ journey: "PayByCard" })).toEqual({ view: "form", params: { journey: "PayByCard" } });
    expect(requestPageViewOf({ journey: "Existing", lwdbNumber: "LW100245" })).toEqual({ view: "form", params: { journey: "Existing", lwdbNumber: "LW100245" } });
  });

  it("asks how the company will pay when no journey is given, without an error", () => {
    expect(requestPageViewOf({})).toEqual({ view: "chooser", error: false });
  });

  it("asks again, with an error, for an empty or unknown journey", () => {
    expect(requestPageViewOf({ journey: "" })).toEqual({ view: "chooser", error: true });
    expect(requestPageViewOf({ journey: "Free" })).toEqual({ view: "chooser", error: true });
    expect(requestPageViewOf({ journey: ["payByCard", "PayByCard"] })).toEqual({ view: "chooser", error: true });
  });

  it("carries the valid optional values through the choice and drops the others", () => {
    expect(requestPageViewOf({ companyName: "Acme Ltd", lwdbNumber: "LW1" })).toEqual({ view: "chooser", error: false, companyName: "Acme Ltd", lwdbNumber: "LW1" });
    expect(requestPageViewOf({ journey: "Free", companyName: "", lwdbNumber: "x".repeat(51) })).toEqual({ view: "chooser", error: true });
  });

  it("keeps the not-found view for a known journey with an empty or overlong value", () => {
    expect(requestPageViewOf({ journey: "PayByCard", companyName: "" })).toEqual({ view: "notFound" });
    expect(requestPageViewOf({ journey: "Existing", lwdbNumber: "x".repeat(51) })).toEqual({ view: "notFound" });
  });
});

describe("journeyChoiceTarget", () => {
  it("goes to the request page with the chosen journey", () => {
    expect(journeyChoiceTarget({ journey: "PayByInvoice" })).toBe("/requests/identity-verification?journey=PayByInvoice");
    expect(journeyChoiceTarget({ journey: "Existing", companyName: "Acme & Sons Ltd", lwdbNumber: "LW100245" })).toBe(
      "/requests/identity-verification?journey=Existing&companyName=Acme+%26+Sons+Ltd&lwdbNumber=LW100245",
    );
  });

  it("gives an empty journey (the chooser's error) when nothing or no journey was chosen", () => {
    expect(journeyChoiceTarget({})).toBe("/requests/identity-verification?journey=");
    expect(journeyChoiceTarget({ journey: "https://example.com", companyName: "" })).toBe("/requests/identity-verification?journey=");
    expect(requestPageViewOf({ journey: "" })).toMatchObject({ view: "chooser", error: true });
  });
});
