import { formatNameElements, formatOfficerName, nameCase, splitOfficerName } from "./officer-name";

describe("formatOfficerName", () => {
  it.each([
    ["WHITAKER, James Edward", "James Edward Whitaker"],
    ["O'BRIEN, Siobhan Mary", "Siobhan Mary O'Brien"],
    ["O’BRIEN, Siobhan", "Siobhan O’Brien"],
    ["SMITH-JONES, Anna-Louise", "Anna-Louise Smith-Jones"],
    ["ASHWORTH-LLOYD, Benjamin", "Benjamin Ashworth-Lloyd"],
    ["MCDONALD, Ewan", "Ewan McDonald"],
    ["MACLEOD, Fiona", "Fiona Macleod"],
    ["VAN DER BERG, Pieter", "Pieter van der Berg"],
    ["DE VILLIERS, Anna", "Anna de Villiers"],
    ["RAHMAN, MOHAMMED", "Mohammed Rahman"],
    ["  HUGHES ,  Thomas   Owen ", "Thomas Owen Hughes"],
    ["WHITAKER, Sir James", "Sir James Whitaker"],
    ["D'ARCY, Emma", "Emma D'Arcy"],
  ])("%s → %s", (register, expected) => {
    expect(formatOfficerName(register)).toBe(expected);
  });

  it("keeps forenames the register already writes in mixed case", () => {
    expect(formatOfficerName("JOHNSON, DeShawn")).toBe("DeShawn Johnson");
    expect(formatOfficerName("MCKENZIE, Mary-Kate")).toBe("Mary-Kate McKenzie");
  });

  it("reads a name without a comma as forenames then surname", () => {
    expect(splitOfficerName("JAMES WHITAKER")).toEqual({ forenames: "James", surname: "Whitaker" });
    expect(splitOfficerName("WHITAKER")).toEqual({ forenames: "", surname: "Whitaker" });
  });

  it("splits into forenames and surname", () => {
    expect(splitOfficerName("SMITH-JONES, Anna-Louise Kate")).toEqual({ forenames: "Anna-Louise Kate", surname: "Smith-Jones" });
  });
});

describe("nameCase", () => {
  it("cases a part written in one case and leaves mixed case alone", () => {
    expect(nameCase("O'BRIEN")).toBe("O'Brien");
    expect(nameCase("smith-jones")).toBe("Smith-Jones");
    expect(nameCase("McKenzie")).toBe("McKenzie");
    expect(nameCase("MC")).toBe("Mc");
  });
});

describe("formatNameElements", () => {
  it("joins forename, middle name and surname without the title", () => {
    expect(formatNameElements({ title: "Mr", forename: "James", middleName: "Edward", surname: "WHITAKER" })).toBe("James Edward Whitaker");
    expect(formatNameElements({ title: "Ms", forename: "Anna-Louise", surname: "SMITH-JONES" })).toBe("Anna-Louise Smith-Jones");
    expect(formatNameElements({ forename: "SIOBHAN", middleName: null, surname: "O'BRIEN" })).toBe("Siobhan O'Brien");
  });
});
