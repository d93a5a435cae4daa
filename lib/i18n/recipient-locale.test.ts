import { recipientLocale } from "./recipient-locale";

describe("recipientLocale", () => {
  it("takes the first language held, in order", () => {
    expect(recipientLocale({ locale: "cy" }, { locale: "en-GB" })).toBe("cy");
    expect(recipientLocale({ locale: null }, { locale: "cy" })).toBe("cy");
    expect(recipientLocale(undefined, { locale: "cy" })).toBe("cy");
  });

  it("is English when nobody chose, or the value is not a language of the portal", () => {
    expect(recipientLocale({ locale: null }, { locale: null })).toBe("en-GB");
    expect(recipientLocale({ locale: "fr" })).toBe("en-GB");
    expect(recipientLocale()).toBe("en-GB");
  });
});
