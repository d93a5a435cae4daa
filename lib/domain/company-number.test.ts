import { normaliseCompanyNumber } from "./company-number";

describe("normaliseCompanyNumber", () => {
  it.each([
    ["09417262", "09417262"],
    ["9417262", "09417262"],
    [" 0941 7262 ", "09417262"],
    ["sc611204", "SC611204"],
    ["SC 611204", "SC611204"],
    ["oc428817", "OC428817"],
    ["NI1234", "NI001234"],
    ["R0000123", "R0000123"],
  ])("%s → %s", (typed, expected) => {
    expect(normaliseCompanyNumber(typed)).toBe(expected);
  });

  it.each(["", "123456789", "SCX11204", "S1234", "AB1234567", "09417262/1", "ABCDEFGH"])("refuses %j", (typed) => {
    expect(normaliseCompanyNumber(typed)).toBeNull();
  });
});
