import { IntlMessageFormat } from "intl-messageformat";
import { resolveMessageLocale } from "./message-format-locale";
import { locales } from "./locales";

describe("resolveMessageLocale", () => {
  it.each(locales)("gives %s as intl-messageformat's own resolution does", (locale) => {
    const supported = Intl.NumberFormat.supportedLocalesOf([locale]);
    expect(supported).toEqual([locale]);
    expect(resolveMessageLocale(locale).toString()).toBe(new Intl.Locale(supported[0]!).toString());
    expect(resolveMessageLocale([locale]).toString()).toBe(locale);
  });

  it("is what intl-messageformat uses, so a message with arguments asks nothing of the number format", () => {
    const asked = jest.spyOn(Intl.NumberFormat, "supportedLocalesOf");
    try {
      const message = new IntlMessageFormat("Step {number} of {total}", "cy");
      expect(message.format({ number: 1, total: 5 })).toBe("Step 1 of 5");
      expect(message.resolvedOptions().locale).toBe("cy");
      expect(asked).not.toHaveBeenCalled();
    } finally {
      asked.mockRestore();
    }
  });
});
