import { formatDate, joinDateParts, splitDate } from "./format-date";

describe("formatDate", () => {
  it("writes a calendar date as day, month in words and year", () => {
    expect(formatDate("2024-03-14")).toBe("14 March 2024");
    expect(formatDate("2025-11-26")).toBe("26 November 2025");
    expect(formatDate("2024-01-01")).toBe("1 January 2024");
  });
  it("leaves what is not a real date as it is", () => {
    expect(formatDate("2024-02-30")).toBe("2024-02-30");
    expect(formatDate("soon")).toBe("soon");
    expect(formatDate(null)).toBe("");
  });
});

describe("joinDateParts and splitDate", () => {
  it("joins the three boxes as YYYY-MM-DD, padding day and month", () => {
    expect(joinDateParts({ day: "14", month: "3", year: "2024" })).toBe("2024-03-14");
    expect(joinDateParts({ day: " 1", month: "12 ", year: "2023" })).toBe("2023-12-01");
    expect(joinDateParts({ day: "", month: "", year: "" })).toBe("");
  });
  it("keeps an incomplete date incomplete, so the date check refuses it", () => {
    expect(joinDateParts({ day: "14", month: "", year: "2024" })).toBe("2024--14");
    expect(splitDate("2024--14")).toEqual({ day: "14", month: "", year: "2024" });
    expect(joinDateParts({ day: "14", month: "3", year: "" })).toBe("-03-14");
  });
  it("splits a value back into the boxes without leading zeros", () => {
    expect(splitDate("2024-03-04")).toEqual({ day: "4", month: "3", year: "2024" });
    expect(splitDate("")).toEqual({ day: "", month: "", year: "" });
    expect(splitDate(null)).toEqual({ day: "", month: "", year: "" });
  });
});
