import { countryCodes, countryOptions, isCountryCode } from "./countries";

describe("countries", () => {
  it("lists each ISO 3166-1 alpha-2 code once", () => {
    expect(countryCodes).toHaveLength(249);
    expect(new Set(countryCodes).size).toBe(249);
    expect(countryCodes.every((c) => /^[A-Z]{2}$/.test(c))).toBe(true);
  });

  it("puts the United Kingdom first, then sorts by English name", () => {
    const options = countryOptions();
    expect(options[0]).toEqual({ value: "GB", label: "United Kingdom" });
    const rest = options.slice(1).map((o) => o.label);
    expect(rest).toEqual([...rest].sort((a, b) => a.localeCompare(b, "en-GB")));
    expect(options.find((o) => o.value === "FR")?.label).toBe("France");
  });

  it("recognises codes", () => {
    expect(isCountryCode("IE")).toBe(true);
    expect(isCountryCode("UK")).toBe(false);
    expect(isCountryCode("gb")).toBe(false);
  });
});
