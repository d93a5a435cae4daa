import { normaliseCustomerCode, sameCompanyName } from "./normalise";

describe("matching an existing customer", () => {
  it("compares customer codes trimmed and in capitals", () => {
    expect(normaliseCustomerCode("  lw100245 ")).toBe("LW100245");
  });

  it("takes company names as the same whatever their case and spacing, and nothing more", () => {
    expect(sameCompanyName("Hartwell  holdings LTD ", "Hartwell Holdings Ltd")).toBe(true);
    expect(sameCompanyName("Hartwell Holdings Limited", "Hartwell Holdings Ltd")).toBe(false);
    expect(sameCompanyName("Hartwell Holdings", "Hartwell Holdings Ltd")).toBe(false);
  });
});
