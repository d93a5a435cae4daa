import { csvRow, CsvDecimal } from "./csv";
import { cellFormatters, labelCell, poundsCell, yesNoCell } from "./export-cells";

const words = { yes: "Yes", no: "No" };

describe("poundsCell", () => {
  it("writes pence as pounds with two decimals", () => {
    expect(poundsCell(5500)).toEqual(new CsvDecimal("55.00"));
    expect(poundsCell(1234)).toEqual(new CsvDecimal("12.34"));
    expect(poundsCell(5)).toEqual(new CsvDecimal("0.05"));
    expect(poundsCell(0)).toEqual(new CsvDecimal("0.00"));
    expect(poundsCell(-100)).toEqual(new CsvDecimal("-1.00"));
    expect(poundsCell(-5)).toEqual(new CsvDecimal("-0.05"));
    expect(poundsCell("7800")).toEqual(new CsvDecimal("78.00"));
  });

  it("leaves empty values empty and refuses what is not whole pence", () => {
    expect(poundsCell(null)).toBeNull();
    expect(poundsCell(undefined)).toBeUndefined();
    expect(poundsCell(12.5)).toBeNull();
    expect(poundsCell("abc")).toBeNull();
  });

  it("is a value in the CSV: a negative amount is not neutralised as a formula", () => {
    expect(csvRow([poundsCell(-100), "-1.00"])).toBe(`"-1.00","'-1.00"\r\n`);
  });
});

describe("yesNoCell and labelCell", () => {
  it("say yes or no in words", () => {
    expect([true, false, "t", "f", null].map((v) => yesNoCell(v, words))).toEqual(["Yes", "No", "Yes", "No", null]);
  });

  it("give an enum value its label, and leave an unknown value as it is", () => {
    const labels = { AwaitingIDInfo: "Waiting for details and identity check" };
    expect(labelCell("AwaitingIDInfo", labels)).toBe("Waiting for details and identity check");
    expect(labelCell("Other", labels)).toBe("Other");
    expect(labelCell("toString", labels)).toBe("toString");
    expect(labelCell(null, labels)).toBeNull();
  });
});

describe("cellFormatters", () => {
  it("formats each column by its kind, in column order", () => {
    const keys = ["id", "status", "paid", "unitPrice"] as const;
    const format = cellFormatters(keys, { status: "label", paid: "yesNo", unitPrice: "money" }, { words, labels: { status: { New: "Request received" } } });
    expect([7, "New", true, 5500].map((v, i) => format[i]!(v))).toEqual([7, "Request received", "Yes", new CsvDecimal("55.00")]);
  });
});
