import { parseId } from "./parse-id";

describe("parseId", () => {
  it("accepts positive integers that fit a database integer", () => {
    expect(parseId("1")).toBe(1);
    expect(parseId("42")).toBe(42);
    expect(parseId("2147483647")).toBe(2_147_483_647);
  });

  it.each(["", "0", "-1", "+1", "01", "1.0", "1e3", " 1", "1 ", "0x10", "abc", "2147483648", "99999999999", "１２", "%ff", "\u00ff"])(
    "refuses %j",
    (value) => {
      expect(parseId(value)).toBeNull();
    },
  );

  it("refuses a missing value", () => {
    expect(parseId(null)).toBeNull();
    expect(parseId(undefined)).toBeNull();
  });
});
