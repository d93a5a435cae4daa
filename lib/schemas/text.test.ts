import fc from "fast-check";
import { isMultiLineText, isSingleLineText } from "./text";

describe("text rules", () => {
  it.each([
    ["Alice O'Neill", true, true],
    ["Zoë Ångström 😀", true, true],
    ["line one\r\nline two\tcolumn", false, true],
    ["a\u0000b", false, false],
    ["a\u0007b", false, false],
    ["a\u007fb", false, false],
    ["lone high \ud800 here", false, false],
    ["lone low \udc00 here", false, false],
    ["reversed pair \udc00\ud800", false, false],
    ["end \ud83d", false, false],
    ["Bob\r\nEmail address: evil@example.com", false, true],
    ["next line\u0085", false, true],
    ["separator\u2028", false, true],
  ])("%j: single-line %p, multi-line %p", (value, single, multi) => {
    expect(isSingleLineText(value)).toBe(single);
    expect(isMultiLineText(value)).toBe(multi);
  });

  it("accepts exactly the strings PostgreSQL can store as UTF-8 text, less the control characters", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 30 }), (value) => {
        const encodable = value.isWellFormed() && !value.includes("\u0000");
        if (isMultiLineText(value)) expect(encodable).toBe(true);
        if (isSingleLineText(value)) expect(isMultiLineText(value)).toBe(true);
        if (value.isWellFormed() && !/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/.test(value)) expect(isSingleLineText(value)).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });
});
