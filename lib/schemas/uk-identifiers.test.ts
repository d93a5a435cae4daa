import { compactIdentifier, isCompanyNumber, isVatNumber } from "./uk-identifiers";

const company = (typed: string) => isCompanyNumber(compactIdentifier(typed));
const vat = (typed: string) => isVatNumber(compactIdentifier(typed));

describe("company number (Companies House)", () => {
  it.each(["01234567", "SC123456", "sc 123 456", "NI012345", "OC428817", "SO300001", "NC001234", "R0001234", " 0123 4567 "])("accepts %p", (typed) => {
    expect(company(typed)).toBe(true);
  });
  it.each(["ABC", "", "1234567", "123456789", "S1234567", "SC12345", "SC1234567", "12-345678", "AB12CD34", "SC12345A"])("refuses %p", (typed) => {
    expect(company(typed)).toBe(false);
  });
  it("keeps leading zeros, drops spaces and upper-cases", () => {
    expect(compactIdentifier(" sc 01 2345 ")).toBe("SC012345");
  });
});

describe("VAT registration number (HMRC)", () => {
  it.each(["GB123456789", "GB 123 4567 89", "gb123456789", "GB123456789012", "GBGD001", "GBHA599", "XI123456789", "XI 123 4567 89 012"])("accepts %p", (typed) => {
    expect(vat(typed)).toBe(true);
  });
  it.each(["123456789", "GB12345678", "GB1234567890", "GBGD1234", "GBXX123", "IE1234567T", "DE123456789", "not a vat number!", "GB-123-456-789", ""])("refuses %p", (typed) => {
    expect(vat(typed)).toBe(false);
  });
  it("is stored without spaces, upper case", () => {
    expect(compactIdentifier("gb 123 4567 89")).toBe("GB123456789");
  });
});
