import { parseRequestPageParams, parseSubmittedPageParams } from "./request-page-params";

describe("parseRequestPageParams", () => {
  it("accepts each journey, with and without the optional values", () => {
    expect(parseRequestPageParams({ journey: "PayByCard" })).toEqual({ journey: "PayByCard" });
    expect(parseRequestPageParams({ journey: "PayByInvoice", companyName: "Acme Ltd" })).toEqual({ journey: "PayByInvoice", companyName: "Acme Ltd" });
    expect(parseRequestPageParams({ journey: "Existing", companyName: "Acme Ltd", lwdbNumber: "LW123" })).toEqual({ journey: "Existing", companyName: "Acme Ltd", lwdbNumber: "LW123" });
  });

  it("refuses a missing, empty or unknown journey", () => {
    expect(parseRequestPageParams({})).toBeNull();
    expect(parseRequestPageParams({ journey: "" })).toBeNull();
    expect(parseRequestPageParams({ journey: "payByCard" })).toBeNull();
    expect(parseRequestPageParams({ journey: "Free" })).toBeNull();
  });

  it("refuses optional values given empty or too long", () => {
    expect(parseRequestPageParams({ journey: "PayByCard", companyName: "" })).toBeNull();
    expect(parseRequestPageParams({ journey: "Existing", lwdbNumber: "" })).toBeNull();
    expect(parseRequestPageParams({ journey: "PayByCard", companyName: "x".repeat(201) })).toBeNull();
  });

  it("reads the first of repeated values", () => {
    expect(parseRequestPageParams({ journey: ["PayByInvoice", "PayByCard"] })).toEqual({ journey: "PayByInvoice" });
  });
});

describe("parseSubmittedPageParams", () => {
  it("needs a reference; the payment retry credential is optional", () => {
    expect(parseSubmittedPageParams({ reference: "AB12CD34" })).toEqual({ reference: "AB12CD34" });
    expect(parseSubmittedPageParams({ reference: "AB12CD34", payment: "s3cr3t" })).toEqual({ reference: "AB12CD34", payment: "s3cr3t" });
    expect(parseSubmittedPageParams({})).toBeNull();
    expect(parseSubmittedPageParams({ reference: "" })).toBeNull();
  });
});
